import { sql, type Kysely, type RawBuilder } from 'kysely';
import { defaultPrivacySafety, privacySafetySchema, type PrivacySafety, type PrivacySafetyUpdate } from '../../src/domain/privacySafety';
import type { Database } from '../db/schema';

// A member's 'Privacy and safety' settings (member_safety; no row means the defaults), read where
// they are enforced at the moment it matters, so every server sharing the database keeps them for
// every open socket: a friend request asks whether the recipient's setting lets the sender in, a
// read asks the reader's 'Send read receipts' (and, where it would reach the sender, the sender's 'Show
// read receipts from others'), a typing frame the typist's 'Send typing indicator'.

type Db = Kysely<Database>;

export async function readPrivacySafety(db: Db, memberId: string): Promise<PrivacySafety> {
  const row = await db
    .selectFrom('member_safety')
    .select(['friend_requests', 'send_read_receipts', 'send_typing', 'show_read_receipts'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return defaultPrivacySafety();
  return privacySafetySchema.parse({
    friendRequests: row.friend_requests,
    sendReadReceipts: row.send_read_receipts,
    sendTypingIndicator: row.send_typing,
    showReadReceipts: row.show_read_receipts,
  });
}

/** Applies any subset in one statement (two tabs changing different settings both keep theirs); answers the whole. */
export async function writePrivacySafety(db: Db, memberId: string, update: PrivacySafetyUpdate): Promise<PrivacySafety> {
  const changes = {
    ...(update.friendRequests === undefined ? {} : { friend_requests: update.friendRequests }),
    ...(update.sendReadReceipts === undefined ? {} : { send_read_receipts: update.sendReadReceipts }),
    ...(update.sendTypingIndicator === undefined ? {} : { send_typing: update.sendTypingIndicator }),
    ...(update.showReadReceipts === undefined ? {} : { show_read_receipts: update.showReadReceipts }),
  };
  await db
    .insertInto('member_safety')
    .values({ member_id: memberId, ...changes })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(changes))
    .execute();
  return readPrivacySafety(db, memberId);
}

/**
 * Rows (`other`) for each of `ids` whose 'Who can send you friend requests' refuses `sender`: 'No one',
 * or 'Friends of friends' without a friend in common. Friends and pending requests are the caller's
 * to check; this is the setting alone. One query shape for Discover's cards and for the request itself.
 */
export function refusingRequestsFrom(sender: string, ids: RawBuilder<unknown>): RawBuilder<{ other: string }> {
  return sql<{ other: string }>`
    select s.member_id as other from member_safety s
    where s.member_id = any(${ids}::uuid[])
      and (s.friend_requests = 'noOne'
        or (s.friend_requests = 'friendsOfFriends' and not exists (
          select 1
          from friendships mine
          join friendships theirs
            on (case when mine.member_a = ${sender} then mine.member_b else mine.member_a end)
             = (case when theirs.member_a = s.member_id then theirs.member_b else theirs.member_a end)
          where (mine.member_a = ${sender} or mine.member_b = ${sender})
            and (theirs.member_a = s.member_id or theirs.member_b = s.member_id))))`;
}

/** The member's 'Send typing indicator'. */
export async function sendsTyping(db: Db, memberId: string): Promise<boolean> {
  const row = await db.selectFrom('member_safety').select('send_typing').where('member_id', '=', memberId).executeTakeFirst();
  return row?.send_typing ?? true;
}

/** The member's 'Show read receipts from others': off, no read of their messages is ever told to them. */
export async function showsReadReceipts(db: Db, memberId: string): Promise<boolean> {
  const row = await db.selectFrom('member_safety').select('show_read_receipts').where('member_id', '=', memberId).executeTakeFirst();
  return row?.show_read_receipts ?? true;
}
