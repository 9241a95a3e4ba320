import { sql, type Kysely } from 'kysely';
import type { BlockedPerson } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { problem, type SocialProblem } from './errors';
import { isUuid, lockPair } from './locks';
import { endFriendship } from './friends';
import { endDebate, leaveQueue, openDebateIds, openDebatesBetween } from '../live/debateQueries';
import { PERSON_COLUMNS, findPerson, hasBlocked, toPersonSummary, type PersonRow } from './people';

// Blocking: the blocker and the blocked never see each other again in requests or friends. A block
// ends their friendship and every pending request between them, both ways, in one transaction.

type Db = Kysely<Database>;

/**
 * Someone who has blocked the member in turn shows them nothing of their profile: their picture is left
 * out as a friends-only one is, so blocking back never reveals what the blocker looks like now.
 */
function toBlocked(row: PersonRow, blockedAt: Date, blockedMe: boolean): BlockedPerson {
  const seen = blockedMe ? { ...row, visibility: 'private' } : row;
  return { ...toPersonSummary(seen, false), blockedAt: new Date(blockedAt).toISOString() };
}

/** Blocks `userId` (again: nothing changes, the first block's time stays); `endedFriendship` when they were friends. */
export async function blockMember(db: Db, me: string, userId: string, at: Date): Promise<{ block: BlockedPerson; endedFriendship: boolean } | SocialProblem> {
  if (!isUuid(userId)) return problem(404, 'NOT_FOUND');
  const them = userId.toLowerCase();
  if (them === me) return problem(400, 'CANNOT_BLOCK_SELF');
  return db.transaction().execute(async (trx) => {
    const person = await findPerson(trx, them);
    if (!person) return problem(404, 'NOT_FOUND');
    await lockPair(trx, me, them);
    await trx.insertInto('blocks').values({ blocker_id: me, blocked_id: them, created_at: at }).onConflict((oc) => oc.doNothing()).execute();
    const endedFriendship = await endFriendship(trx, me, them);
    await trx
      .deleteFrom('friend_requests')
      .where((eb) => eb.or([eb.and([eb('from_id', '=', me), eb('to_id', '=', them)]), eb.and([eb('from_id', '=', them), eb('to_id', '=', me)])]))
      .execute();
    const block = await trx.selectFrom('blocks').select('created_at').where('blocker_id', '=', me).where('blocked_id', '=', them).executeTakeFirstOrThrow();
    return { block: toBlocked(person, block.created_at, await hasBlocked(trx, them, me)), endedFriendship };
  });
}

/**
 * Ends every live debate between the blocker and the blocked, as the blocker leaving it (so the other
 * sees it end as when a partner leaves); the ids ended, for the route to publish.
 */
export async function endDebatesOnBlock(db: Db, me: string, them: string, at: Date): Promise<string[]> {
  const ended: string[] = [];
  for (const debateId of await openDebatesBetween(db, me, them)) {
    if (await endDebate(db, debateId, me, at)) ended.push(debateId);
  }
  return ended;
}

/**
 * A suspension is a block by everyone: the suspended member leaves the debate queue, and every live
 * debate they are in ends as if they left it, as a block ends one; the ids ended, for the route to publish.
 */
export async function endDebatesOnSuspension(db: Db, suspended: string, at: Date): Promise<string[]> {
  await leaveQueue(db, suspended);
  const ended: string[] = [];
  for (const debateId of await openDebateIds(db, suspended)) {
    if (await endDebate(db, debateId, suspended, at)) ended.push(debateId);
  }
  return ended;
}

/** Lifts the member's block of `userId` (none: nothing to do); 404 for no such member. */
export async function unblockMember(db: Db, me: string, userId: string): Promise<SocialProblem | undefined> {
  if (!isUuid(userId)) return problem(404, 'NOT_FOUND');
  const them = userId.toLowerCase();
  if (!(await findPerson(db, them))) return problem(404, 'NOT_FOUND');
  await db.deleteFrom('blocks').where('blocker_id', '=', me).where('blocked_id', '=', them).execute();
  return undefined;
}

/** The people the member blocked, most recent first. */
export async function listBlocked(db: Db, me: string): Promise<BlockedPerson[]> {
  const { rows } = await sql<PersonRow & { blocked_at: Date; blocked_me: boolean }>`
    select ${PERSON_COLUMNS}, b.created_at as blocked_at,
      exists (select 1 from blocks back where back.blocker_id = m.id and back.blocked_id = ${me}) as blocked_me
    from blocks b join members m on m.id = b.blocked_id left join profiles p on p.member_id = m.id
    where b.blocker_id = ${me}
    order by b.created_at desc, lower(m.username)`.execute(db);
  return rows.map((row) => toBlocked(row, row.blocked_at, row.blocked_me));
}
