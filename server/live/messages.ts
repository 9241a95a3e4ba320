import { sql, type Kysely, type Selectable } from 'kysely';
import { CHAT_HISTORY_PAGE_SIZE, type ChatErrorCode, type ChatHistory, type Conversation, type ClientFrame, type MemberMessage } from '../../src/domain/liveContract';
import type { Database, MessagesTable } from '../db/schema';
import { isSuspended } from '../moderation/suspensions';
import { keptApart } from '../social/apart';
import { isUuid } from '../social/locks';
import { pairOf } from '../social/people';
import { showsReadReceipts } from '../social/privacySafety';
import { onlineFriends } from './online';
import { countSend, sendWait } from './sendLimit';
import { batchedInOrder } from '../lib/batchedInOrder';

// Messages between two members: stored once per (sender, client id), only between friends who have
// not blocked each other, read back a page at a time, and marked delivered and read. Every function
// answers a value or a ChatProblem; the routes and the socket turn a problem into their own reply.

type Db = Kysely<Database>;
/** What a send frame carries, as the frame schema has checked and trimmed it. */
type SentText = Omit<Extract<ClientFrame, { type: 'send' }>, 'type'>;
type MessageRow = Selectable<MessagesTable>;

export interface ChatProblem {
  status: 400 | 403 | 429;
  code: ChatErrorCode;
  /** Seconds until the member may send again (only with TOO_MANY_MESSAGES). */
  retryAfter?: number;
}

export function isChatProblem(value: unknown): value is ChatProblem {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value;
}

/** pg hands bigserial (int8) over as a string, PGlite as a number: ids are strings on the wire. */
const idText = (id: unknown) => String(id);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toMemberMessage(row: MessageRow): MemberMessage {
  return {
    id: idText(row.id),
    clientId: row.client_id,
    from: row.sender_id,
    to: row.recipient_id,
    text: row.text,
    sentAt: new Date(row.sent_at).toISOString(),
    deliveredAt: iso(row.delivered_at),
    // A read the reader kept to themselves ('Send read receipts' off) is never shown to either side.
    readAt: row.read_private ? null : iso(row.read_at),
  };
}

/**
 * The message as `viewer` may see it: a member whose 'Show read receipts from others' is off is never
 * shown that someone read a message of theirs (their own reads of others' messages stay theirs to see).
 */
export function asSeenBy(message: MemberMessage, viewer: string, showsReads: boolean): MemberMessage {
  return !showsReads && message.from === viewer && message.readAt !== null ? { ...message, readAt: null } : message;
}

/** Message ids are bigserial: digits only before they reach SQL. */
export function isMessageId(value: string): boolean {
  return /^[0-9]{1,18}$/.test(value);
}

interface PairStanding {
  iBlocked: boolean;
  friends: boolean;
  /** The other is suspended: gone as if they had blocked everyone (server/social/apart.ts). */
  suspended: boolean;
}

async function pairStanding(db: Db, me: string, other: string): Promise<PairStanding> {
  const { member_a, member_b } = pairOf(me, other);
  const { rows } = await sql<{ i_blocked: boolean; friends: boolean; suspended: boolean }>`
    select
      exists(select 1 from blocks where blocker_id = ${me} and blocked_id = ${other}) as i_blocked,
      exists(select 1 from friendships where member_a = ${member_a} and member_b = ${member_b}) as friends,
      ${isSuspended(other)} as suspended`.execute(db);
  const row = rows[0];
  return { iBlocked: row?.i_blocked === true, friends: row?.friends === true, suspended: row?.suspended === true };
}

const notFriends = (): ChatProblem => ({ status: 403, code: 'NOT_FRIENDS' });

/**
 * Whether `me` may chat with `them`: friends, and neither has blocked the other, and they are not
 * suspended. Only the blocker is told of their own block; someone blocked hears what any stranger
 * hears (NOT_FRIENDS), as on every other route, so a refusal never tells them they were blocked; so
 * does anyone writing to a suspended member.
 */
export async function chatRefusal(db: Db, me: string, them: string): Promise<ChatProblem | undefined> {
  if (!isUuid(them) || them.toLowerCase() === me) return notFriends();
  const standing = await pairStanding(db, me, them.toLowerCase());
  if (standing.iBlocked) return { status: 403, code: 'BLOCKED' };
  if (!standing.friends || standing.suspended) return notFriends();
  return undefined;
}

/**
 * Whether `me` may read the conversation with `them`: not someone they blocked, not someone suspended,
 * and either friends or people who have written to each other (a former friend's, or a blocker's,
 * history stays readable).
 */
export async function historyRefusal(db: Db, me: string, them: string): Promise<ChatProblem | undefined> {
  if (!isUuid(them) || them.toLowerCase() === me) return notFriends();
  const other = them.toLowerCase();
  const standing = await pairStanding(db, me, other);
  if (standing.iBlocked) return { status: 403, code: 'BLOCKED' };
  if (standing.suspended) return notFriends();
  if (standing.friends) return undefined;
  const { rows } = await sql<{ talked: boolean }>`
    select exists (select 1 from messages where (sender_id = ${me} and recipient_id = ${other}) or (sender_id = ${other} and recipient_id = ${me})) as talked`.execute(db);
  return rows[0]?.talked ? undefined : notFriends();
}

async function findByClientId(db: Db, sender: string, clientId: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('sender_id', '=', sender).where('client_id', '=', clientId).executeTakeFirst();
}

export interface StoredMessage {
  message: MemberMessage;
  /** false when this client id was stored before: the same message comes back, nothing new is stored. */
  created: boolean;
}

/**
 * Stores `sender`'s message to `input.to`, once per client id. The usual case is one statement: the
 * insert itself checks the pair's standing, so a send costs a single round trip; only when nothing was
 * inserted is it worked out why (a retry, or a refusal).
 */
export async function storeMessage(db: Db, sender: string, input: SentText, at: Date): Promise<StoredMessage | ChatProblem> {
  const wait = sendWait(db, sender, at.getTime());
  if (wait === undefined && isUuid(input.to) && input.to.toLowerCase() !== sender) {
    const inserted = await insertBetweenFriends(db, sender, input, at);
    if (inserted) {
      countSend(db, sender, at.getTime());
      return { message: toMemberMessage(inserted), created: true };
    }
  }
  // A retry of a stored message is answered with it, even over the limit or if the pair's standing changed since.
  const earlier = await findByClientId(db, sender, input.clientId);
  if (earlier) return { message: await seenBySender(db, toMemberMessage(earlier)), created: false };
  if (wait !== undefined) return { status: 429, code: 'TOO_MANY_MESSAGES', retryAfter: wait };
  return (await chatRefusal(db, sender, input.to)) ?? { status: 403, code: 'NOT_FRIENDS' };
}

/** A repeat's answer may carry a read: shown to its sender only as their 'Show read receipts from others' allows. */
async function seenBySender(db: Db, message: MemberMessage): Promise<MemberMessage> {
  return message.readAt === null ? message : asSeenBy(message, message.from, await showsReadReceipts(db, message.from));
}

interface PendingInsert {
  sender: string;
  input: SentText;
  at: Date;
  settle: { resolve: (row: MessageRow | undefined) => void; reject: (error: unknown) => void };
}

/**
 * Rows one insert carries at most: each takes seven bind parameters and Postgres takes 65,535 in one
 * statement, so more sends than this wait for the next insert instead of failing this one.
 */
const INSERT_BATCH_LIMIT = 1_000;

/** Each database handle's queue of sends, which go out as multi-row inserts one after the other. */
const insertQueues = new WeakMap<Db, (insert: PendingInsert) => void>();

function insertQueueOf(db: Db): (insert: PendingInsert) => void {
  let queue = insertQueues.get(db);
  if (!queue) {
    // insertBatch settles every send it takes, with its row or its own error.
    queue = batchedInOrder((batch: PendingInsert[]) => insertBatch(db, batch), () => undefined, INSERT_BATCH_LIMIT);
    insertQueues.set(db, queue);
  }
  return queue;
}

/**
 * Stores the message if the two are friends and not kept apart, else answers undefined. Sends share
 * multi-row inserts: those of one turn of the event loop (many sockets' frames), and under load all
 * those that came while the insert before was running, so a busy server makes one statement per batch
 * instead of one per message. A socket's own sends never share one, as each waits for the one before.
 */
function insertBetweenFriends(db: Db, sender: string, input: SentText, at: Date): Promise<MessageRow | undefined> {
  return new Promise((resolve, reject) => insertQueueOf(db)({ sender, input, at, settle: { resolve, reject } }));
}

async function insertBatch(db: Db, batch: readonly PendingInsert[]): Promise<void> {
  let rows: MessageRow[];
  try {
    rows = await insertRows(db, batch);
  } catch (error) {
    // One bad send must not fail the others: each is tried alone, and only its own error reaches it.
    if (batch.length === 1) return batch[0]?.settle.reject(error);
    await Promise.all(batch.map((item) => insertBatch(db, [item])));
    return;
  }
  const byKey = new Map(rows.map((row) => [`${row.sender_id} ${row.client_id}`, row]));
  for (const { sender, input, settle } of batch) {
    const key = `${sender} ${input.clientId}`;
    // Two sends of one client id in one batch: the first gets the row; the second is a repeat, as it would be a turn later.
    settle.resolve(byKey.get(key));
    byKey.delete(key);
  }
}

async function insertRows(db: Db, batch: readonly PendingInsert[]): Promise<MessageRow[]> {
  const values = batch.map(({ sender, input, at }) => {
    const to = input.to.toLowerCase();
    const { member_a, member_b } = pairOf(sender, to);
    return sql`(${sender}::uuid, ${to}::uuid, ${input.clientId}, ${input.text}, ${at}::timestamptz, ${member_a}::uuid, ${member_b}::uuid)`;
  });
  const { rows } = await sql<MessageRow>`
    insert into messages (sender_id, recipient_id, client_id, text, sent_at)
    select v.sender_id, v.recipient_id, v.client_id, v.text, v.sent_at
    from (values ${sql.join(values)}) as v(sender_id, recipient_id, client_id, text, sent_at, member_a, member_b)
    where exists (select 1 from friendships f where f.member_a = v.member_a and f.member_b = v.member_b)
      and not ${keptApart(sql.ref('v.sender_id'), sql.ref('v.recipient_id'))}
    on conflict (sender_id, client_id) do nothing
    returning *`.execute(db);
  return rows;
}

/** The stored messages among these ids (any order; unknown and malformed ids are left out). */
export async function findMessages(db: Db, ids: readonly string[]): Promise<MemberMessage[]> {
  const valid = [...new Set(ids.filter(isMessageId))];
  if (valid.length === 0) return [];
  const { rows } = await sql<MessageRow>`select * from messages where id in (${sql.join(valid.map((id) => sql`${id}::bigint`))})`.execute(db);
  return rows.map(toMemberMessage);
}

/** The newest page of the conversation before message `before` (or the newest of all), oldest first. */
export async function chatHistory(db: Db, me: string, friendId: string, before: string | undefined): Promise<ChatHistory> {
  const them = friendId.toLowerCase();
  const older = before === undefined ? sql`true` : sql`id < ${before}::bigint`;
  const take = CHAT_HISTORY_PAGE_SIZE + 1;
  // One ordered, limited scan per direction (the pair index), then the newest of both.
  const { rows } = await sql<MessageRow>`
    select * from (
      (select * from messages where sender_id = ${me} and recipient_id = ${them} and ${older} order by id desc limit ${take})
      union all
      (select * from messages where sender_id = ${them} and recipient_id = ${me} and ${older} order by id desc limit ${take})
    ) pair order by id desc limit ${take}`.execute(db);
  const page = rows.slice(0, CHAT_HISTORY_PAGE_SIZE).reverse();
  const showsReads = await showsReadReceipts(db, me);
  return { messages: page.map((row) => asSeenBy(toMemberMessage(row), me, showsReads)), hasMore: rows.length > CHAT_HISTORY_PAGE_SIZE };
}

/** Marks these messages delivered in one statement; the ids this call marked (others got there first, so one receipt goes out each). */
export async function markDelivered(db: Db, ids: readonly string[], at: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string | number }>`
    update messages set delivered_at = ${at}
    where id in (${sql.join(ids.map((id) => sql`${id}::bigint`))}) and delivered_at is null
    returning id`.execute(db);
  return new Set(rows.map((row) => idText(row.id)));
}

/** Every message waiting for `recipient` is delivered now; the ids by sender, oldest first. */
export async function markWaitingDelivered(db: Db, recipient: string, at: Date): Promise<Map<string, string[]>> {
  // Undelivered messages are unread too: the condition on read_at lets the unread index find them.
  const rows = await db
    .updateTable('messages')
    .set({ delivered_at: at })
    .where('recipient_id', '=', recipient)
    .where('read_at', 'is', null)
    .where('delivered_at', 'is', null)
    .returning(['id', 'sender_id'])
    .execute();
  const bySender = new Map<string, string[]>();
  for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
    bySender.set(row.sender_id, [...(bySender.get(row.sender_id) ?? []), idText(row.id)]);
  }
  return bySender;
}

/** What one read did: the ids newly read, oldest first, which of them the sender may be shown as read, and which only as delivered. */
export interface ReadMarks {
  read: string[];
  shownRead: string[];
  /** Read privately and delivered by this very read: the sender hears 'delivered' for these and nothing more. */
  deliveredOnly: string[];
}

/**
 * `reader` has read every message from `friendId` up to `upTo`. Their 'Send read receipts' is read in
 * the same statement, so a read is private or shown as the setting stands when it happens, on any server.
 */
export async function markRead(db: Db, reader: string, friendId: string, upTo: string, at: Date): Promise<ReadMarks> {
  const { rows } = await sql<{ id: string | number; read_private: boolean; newly_delivered: boolean }>`
    update messages
    set read_at = ${at},
      delivered_at = coalesce(delivered_at, ${at}),
      read_private = not coalesce((select s.send_read_receipts from member_safety s where s.member_id = ${reader}), true)
    where recipient_id = ${reader} and sender_id = ${friendId.toLowerCase()} and read_at is null and id <= ${upTo}::bigint
    returning id, read_private, delivered_at = ${at} as newly_delivered`.execute(db);
  const sorted = [...rows].sort((a, b) => Number(a.id) - Number(b.id));
  return {
    read: sorted.map((row) => idText(row.id)),
    shownRead: sorted.filter((row) => !row.read_private).map((row) => idText(row.id)),
    deliveredOnly: sorted.filter((row) => row.read_private && row.newly_delivered).map((row) => idText(row.id)),
  };
}

interface ConversationRow {
  friend_id: string;
  username: string;
  picture: string | null;
  sender_id: string;
  text: string;
  sent_at: Date | string;
  unread: string | number;
  muted: boolean;
}

/**
 * Everyone the member has exchanged messages with, the latest conversation first, except people the
 * member blocked: a block takes the conversation away from the blocker only (unblocking brings it
 * back), while the blocked member keeps their own record. The messages stay either way.
 */
export async function listConversations(db: Db, me: string, now: number): Promise<Conversation[]> {
  const { rows } = await sql<ConversationRow>`
    with friends as (
      select recipient_id as id from messages where sender_id = ${me}
      union
      select sender_id as id from messages where recipient_id = ${me}
    ),
    latest as (
      select fr.id as friend_id, last.id, last.sender_id, last.text, last.sent_at
      from friends fr
      cross join lateral (
        select * from (
          (select id, sender_id, text, sent_at from messages where sender_id = ${me} and recipient_id = fr.id order by id desc limit 1)
          union all
          (select id, sender_id, text, sent_at from messages where sender_id = fr.id and recipient_id = ${me} order by id desc limit 1)
        ) both_ways order by id desc limit 1
      ) last
    )
    select l.friend_id, m.username, nullif(p.data->>'profilePicture', '') as picture, l.sender_id, l.text, l.sent_at,
      (select count(*) from messages u where u.recipient_id = ${me} and u.sender_id = l.friend_id and u.read_at is null) as unread,
      exists(select 1 from conversation_mutes cm where cm.member_id = ${me} and cm.other_id = l.friend_id) as muted
    from latest l
    join members m on m.id = l.friend_id
    left join profiles p on p.member_id = m.id
    where not exists (select 1 from blocks b where b.blocker_id = ${me} and b.blocked_id = m.id)
      and not ${isSuspended(sql.ref('m.id'))}
    order by l.id desc`.execute(db);
  const online = new Set(await onlineFriends(db, me, now));
  return rows.map((row) => ({
    friendId: row.friend_id,
    username: row.username,
    picture: row.picture,
    lastMessage: { from: row.sender_id, text: row.text, sentAt: new Date(row.sent_at).toISOString() },
    unread: Number(row.unread),
    online: online.has(row.friend_id),
    muted: row.muted,
  }));
}
