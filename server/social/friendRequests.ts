import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Friend, FriendRequest, FriendRequests, ListedFriendRequest, ListedFriendRequests } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { isSuspended } from '../moderation/suspensions';
import { FRIEND_REQUEST_RULE, spendAction } from './actionLimits';
import { keptApart } from './apart';
import { problem, type SocialProblem } from './errors';
import { isUuid, lockPair } from './locks';
import { refusingRequestsFrom } from './privacySafety';
import { PERSON_COLUMNS, findPerson, friendsSince, hasBlocked, pairOf, toPersonSummary, type PersonRow } from './people';

// Friend requests with consent: a request waits until the other member accepts (a friendship),
// declines or the sender cancels (both delete it). Each change holds the pair's lock, so two
// accepts, or two members asking each other at once, end in exactly one friendship.

type Db = Kysely<Database>;

interface RequestRow {
  id: string;
  from_id: string;
  to_id: string;
  created_at: Date;
}

/** A pending request with the other member of the pair. */
type ListedRow = Omit<RequestRow, 'id'> & PersonRow & { request_id: string };

function toWire(row: RequestRow, me: PersonRow, them: PersonRow, status: FriendRequest['status']): FriendRequest {
  const mine = toPersonSummary(me, true);
  const theirs = toPersonSummary(them, status === 'accepted');
  const fromMe = row.from_id === me.id;
  return { id: row.id, from: fromMe ? mine : theirs, to: fromMe ? theirs : mine, createdAt: new Date(row.created_at).toISOString(), status };
}

async function befriend(trx: Transaction<Database>, one: string, other: string, at: Date): Promise<Date> {
  await trx.insertInto('friendships').values({ ...pairOf(one, other), created_at: at }).onConflict((oc) => oc.doNothing()).execute();
  const since = await friendsSince(trx, one, other);
  if (!since) throw new Error('A friendship just written is not there.');
  return since;
}

function findRequest(db: Db, from: string, to: string) {
  return db.selectFrom('friend_requests').selectAll().where('from_id', '=', from).where('to_id', '=', to).executeTakeFirst();
}

/**
 * Whether `them`'s 'Who can send you friend requests' refuses `me`, who then hears what an unknown id
 * hears. Where the pair already stands somewhere (friends, a request either way, my block) the usual
 * answer stands instead: it tells them nothing they do not know, and their own request can still be accepted.
 */
async function settingTurnsAway(trx: Transaction<Database>, me: string, them: string): Promise<boolean> {
  const { member_a, member_b } = pairOf(me, them);
  const { rows } = await sql<{ refused: boolean }>`
    select exists (${refusingRequestsFrom(me, sql.val([them]))})
      and not exists (select 1 from friendships where member_a = ${member_a} and member_b = ${member_b})
      and not exists (select 1 from friend_requests where (from_id = ${me} and to_id = ${them}) or (from_id = ${them} and to_id = ${me}))
      and not exists (select 1 from blocks where blocker_id = ${me} and blocked_id = ${them})
      or ${isSuspended(them)} as refused`.execute(trx);
  return rows[0]?.refused === true;
}

export type CreateOutcome = { status: 201 | 200; request: FriendRequest } | SocialProblem;

/** Asks `toUserId` to be friends; when they had already asked, accepts their request instead. */
export async function createFriendRequest(db: Db, me: string, toUserId: string, at: Date): Promise<CreateOutcome> {
  if (!isUuid(toUserId)) return problem(404, 'NOT_FOUND');
  const them = toUserId.toLowerCase();
  if (them === me) return problem(400, 'CANNOT_REQUEST_SELF');
  return db.transaction().execute(async (trx): Promise<CreateOutcome> => {
    await lockPair(trx, me, them);
    const mine = await findPerson(trx, me);
    const theirs = await findPerson(trx, them);
    // Asked for an unknown id too, so a refusal by the setting takes the same path to the same answer.
    const turnedAway = await settingTurnsAway(trx, me, them);
    if (!mine || !theirs || turnedAway || (await hasBlocked(trx, them, me))) return problem(404, 'NOT_FOUND');
    if (await hasBlocked(trx, me, them)) return problem(403, 'YOU_BLOCKED');
    if (await friendsSince(trx, me, them)) return problem(409, 'ALREADY_FRIENDS');
    if (await findRequest(trx, me, them)) return problem(409, 'REQUEST_EXISTS');
    const waiting = await findRequest(trx, them, me);
    if (waiting) {
      await trx.deleteFrom('friend_requests').where('id', '=', waiting.id).execute();
      await befriend(trx, me, them, at);
      return { status: 200, request: toWire(waiting, mine, theirs, 'accepted') };
    }
    const retryAfter = await spendAction(trx, me, FRIEND_REQUEST_RULE, at);
    if (retryAfter !== undefined) return problem(429, 'TOO_MANY_REQUESTS', retryAfter);
    const row = await trx.insertInto('friend_requests').values({ id: randomUUID(), from_id: me, to_id: them, created_at: at }).returningAll().executeTakeFirstOrThrow();
    return { status: 201, request: toWire(row, mine, theirs, 'pending') };
  });
}

/** The member's pending requests both ways, newest first; none with anyone blocked either way. */
export async function listFriendRequests(db: Db, me: string): Promise<FriendRequests> {
  const mine = await findPerson(db, me);
  if (!mine) return { incoming: [], outgoing: [] };
  const { rows } = await sql<ListedRow>`
    select r.id as request_id, r.from_id, r.to_id, r.created_at, ${PERSON_COLUMNS}
    from friend_requests r
    join members m on m.id = case when r.from_id = ${me} then r.to_id else r.from_id end
    left join profiles p on p.member_id = m.id
    where (r.from_id = ${me} or r.to_id = ${me})
      and not ${keptApart(sql.ref('r.from_id'), sql.ref('r.to_id'))}
    order by r.created_at desc, r.id`.execute(db);
  const requests = rows.map((row) => toWire({ id: row.request_id, from_id: row.from_id, to_id: row.to_id, created_at: row.created_at }, mine, row, 'pending'));
  return { incoming: requests.filter((r) => r.to.id === me), outgoing: requests.filter((r) => r.from.id === me) };
}

/** The viewer's match with each of these members, as Discover finds it; a member it cannot score is missing. */
export type MatchScores = (viewerId: string, memberIds: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/**
 * The pending requests as Friends lists them: each with the viewer's match with the other member.
 * A friends-only member shows a non-friend no match, as Discover does not show them at all.
 */
export async function listFriendRequestsWithMatch(db: Db, me: string, matchScores: MatchScores): Promise<ListedFriendRequests> {
  const lists = await listFriendRequests(db, me);
  const other = (request: FriendRequest) => (request.from.id === me ? request.to.id : request.from.id);
  const everyone = [...lists.incoming, ...lists.outgoing].map(other);
  const hidden = new Set(
    everyone.length === 0
      ? []
      : (await db.selectFrom('profiles').select('member_id').where('visibility', '=', 'private').where('member_id', 'in', everyone).execute()).map((r) => r.member_id),
  );
  const scores = await matchScores(me, everyone.filter((id) => !hidden.has(id)));
  const withMatch = (request: FriendRequest): ListedFriendRequest => ({ ...request, match: scores.get(other(request)) ?? null });
  return { incoming: lists.incoming.map(withMatch), outgoing: lists.outgoing.map(withMatch) };
}

type Answer = 'accept' | 'decline' | 'cancel';

/** The request, locked for this transaction, when `me` may give this answer to it. */
async function lockedRequest(trx: Transaction<Database>, me: string, requestId: string, answer: Answer): Promise<RequestRow | SocialProblem> {
  if (!isUuid(requestId)) return problem(404, 'REQUEST_NOT_FOUND');
  const id = requestId.toLowerCase();
  const seen = await trx.selectFrom('friend_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!seen) return problem(404, 'REQUEST_NOT_FOUND');
  await lockPair(trx, seen.from_id, seen.to_id);
  // Another answer may have come first while this one waited for the lock.
  const row = await trx.selectFrom('friend_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return problem(404, 'REQUEST_NOT_FOUND');
  const answerer = answer === 'cancel' ? row.from_id : row.to_id;
  return answerer === me ? row : problem(403, 'NOT_YOUR_REQUEST');
}

/** Accepts a request sent to `me`: the pair become friends and the request is gone. */
export async function acceptFriendRequest(db: Db, me: string, requestId: string, at: Date): Promise<Friend | SocialProblem> {
  return db.transaction().execute(async (trx): Promise<Friend | SocialProblem> => {
    const row = await lockedRequest(trx, me, requestId, 'accept');
    if ('code' in row) return row;
    await trx.deleteFrom('friend_requests').where('id', '=', row.id).execute();
    const since = await befriend(trx, row.from_id, row.to_id, at);
    const sender = await findPerson(trx, row.from_id);
    if (!sender) throw new Error('The sender of a pending request is gone.');
    return { ...toPersonSummary(sender, true), since: since.toISOString() };
  });
}

/** Declines (the receiver) or cancels (the sender) a request: it is deleted. Answers who the pair were. */
export async function dropFriendRequest(
  db: Db,
  me: string,
  requestId: string,
  answer: 'decline' | 'cancel',
): Promise<SocialProblem | { from: string; to: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedRequest(trx, me, requestId, answer);
    if ('code' in row) return row;
    await trx.deleteFrom('friend_requests').where('id', '=', row.id).execute();
    return { from: row.from_id, to: row.to_id };
  });
}
