import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { DEBATE_MAX_MESSAGES, DEBATE_MAX_TEXT_CHARS, PRESENCE_STALE_MS } from '../../src/domain/liveContract';
import type { Database } from '../db/schema';
import { keptApart } from '../social/apart';
import { isUuid, lockDebate, lockDebateQueue } from '../social/locks';
import { recordHotTakesResult } from '../social/stats';
import { debateOutcome, type DebateMessageRecord, type DebateRecord } from './debateView';

// The debate tables (migration 006): the matchmaking queue, debates and their messages. Every change
// to a debate holds its advisory lock, and matchmaking holds the queue's, on every server alike.

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Most interests a prompt request carries (aiContract's list limit). */
const PROMPT_INTERESTS = 50;

/** A member counts as online while one of their sockets has a fresh row (presence's rule). */
function onlineSql(memberRef: ReturnType<typeof sql.ref>) {
  return sql<boolean>`exists (select 1 from live_connections c where c.member_id = ${memberRef}
    and c.seen_at > now() - (${PRESENCE_STALE_MS}::int * interval '1 millisecond'))`;
}

/**
 * The member `me` would be matched with now: the longest-waiting online member in the queue, first
 * one who chose the same community, then one sharing a profile community, then anyone; never a member
 * blocked either way.
 */
async function findOpponent(db: Db, me: string, community: string | null): Promise<string | undefined> {
  const { rows } = await sql<{ member_id: string }>`
    select q.member_id from debate_queue q
    left join profiles theirs on theirs.member_id = q.member_id
    where q.member_id <> ${me}
      and not ${keptApart(me, sql.ref('q.member_id'))}
      and ${onlineSql(sql.ref('q.member_id'))}
    order by
      case
        when ${community}::text is not null and q.community = ${community}::text then 0
        when coalesce(theirs.communities, '{}'::text[])
          && coalesce((select mine.communities from profiles mine where mine.member_id = ${me}), '{}'::text[]) then 1
        else 2
      end,
      q.joined_at, q.member_id
    limit 1`.execute(db);
  return rows[0]?.member_id;
}

/** Who `me` would most likely meet, looked up without the lock (to write the prompt before taking it). */
export function likelyOpponent(db: Db, me: string, community: string | null): Promise<string | undefined> {
  return findOpponent(db, me, community);
}

export type JoinOutcome = { outcome: 'matched' | 'resumed'; debateId: string } | { outcome: 'queued' };

/**
 * Puts `me` in the queue and, under the queue's lock, matches them with the best waiting member: both
 * rows leave the queue and a debate on `prompt` starts, in the one transaction. A member already in a
 * debate (a reload, a second tab, a join sent twice) is not queued: that debate carries on.
 */
export function joinQueue(db: Db, me: string, community: string | null, prompt: string): Promise<JoinOutcome> {
  return db.transaction().execute(async (trx): Promise<JoinOutcome> => {
    await lockDebateQueue(trx);
    const [current] = await openDebateIds(trx, me);
    if (current) return { outcome: 'resumed', debateId: current };
    await trx
      .insertInto('debate_queue')
      .values({ member_id: me, community })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ community }))
      .execute();
    const opponent = await findOpponent(trx, me, community);
    if (!opponent) return { outcome: 'queued' };
    await trx.deleteFrom('debate_queue').where('member_id', 'in', [me, opponent]).execute();
    const debateId = randomUUID();
    // Side a is the member who waited.
    await trx.insertInto('debates').values({ id: debateId, member_a: opponent, member_b: me, prompt }).execute();
    return { outcome: 'matched', debateId };
  });
}

export async function leaveQueue(db: Db, me: string): Promise<boolean> {
  const result = await db.deleteFrom('debate_queue').where('member_id', '=', me).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The debates `me` is still in (normally none or one). */
export async function openDebateIds(db: Db, me: string): Promise<string[]> {
  const rows = await db
    .selectFrom('debates')
    .select('id')
    .where((eb) => eb.or([eb('member_a', '=', me), eb('member_b', '=', me)]))
    .where('ended_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** The debates `one` and `other` are still in together (a block ends them). */
export async function openDebatesBetween(db: Db, one: string, other: string): Promise<string[]> {
  const rows = await db
    .selectFrom('debates')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('member_a', '=', one), eb('member_b', '=', other)]), eb.and([eb('member_a', '=', other), eb('member_b', '=', one)])]))
    .where('ended_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** Whether `me` has another socket open on any server (not `exceptConnectionId`). */
export async function hasOtherConnection(db: Db, me: string, exceptConnectionId: string): Promise<boolean> {
  const { rows } = await sql<{ online: boolean }>`
    select exists (select 1 from live_connections c where c.member_id = ${me} and c.id <> ${exceptConnectionId}
      and c.seen_at > now() - (${PRESENCE_STALE_MS}::int * interval '1 millisecond')) as online`.execute(db);
  return rows[0]?.online === true;
}

/** The interests both debaters listed (for the prompt), and the prompt `me` debated last. */
export async function promptMaterial(db: Db, me: string, opponent: string | undefined): Promise<{ interests: string[]; previous: string | undefined }> {
  const members = opponent ? [me, opponent] : [me];
  const interests = await db.selectFrom('member_interests').select('item').where('member_id', 'in', members).orderBy('item_key').limit(PROMPT_INTERESTS).execute();
  const last = await db
    .selectFrom('debates')
    .select('prompt')
    .where((eb) => eb.or([eb('member_a', '=', me), eb('member_b', '=', me)]))
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { interests: [...new Set(interests.map((row) => row.item))], previous: last?.prompt };
}

interface DebateRow {
  id: string;
  prompt: string;
  member_a: string;
  member_b: string;
  name_a: string;
  name_b: string;
  take_a: string | null;
  take_b: string | null;
  ended_at: Date | string | null;
  ended_by: string | null;
}

/** The debate with both usernames and every message, oldest first; undefined for an unknown id. */
export async function loadDebate(db: Db, debateId: string): Promise<DebateRecord | undefined> {
  if (!isUuid(debateId)) return undefined;
  const { rows } = await sql<DebateRow>`
    select d.id, d.prompt, d.member_a, d.member_b, a.username as name_a, b.username as name_b, d.take_a, d.take_b, d.ended_at, d.ended_by
    from debates d join members a on a.id = d.member_a join members b on b.id = d.member_b
    where d.id = ${debateId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const messages = await db
    .selectFrom('debate_messages')
    .select([sql<string>`id::text`.as('id'), 'client_id', 'sender_id', 'text', 'sent_at'])
    .where('debate_id', '=', debateId)
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    prompt: row.prompt,
    sides: [
      { id: row.member_a, username: row.name_a, take: row.take_a },
      { id: row.member_b, username: row.name_b, take: row.take_b },
    ],
    endedAt: row.ended_at === null ? null : new Date(row.ended_at),
    endedBy: row.ended_by,
    messages: messages.map((m) => ({ id: m.id, clientId: m.client_id, from: m.sender_id, text: m.text, sentAt: new Date(m.sent_at).toISOString() })),
  };
}

type DebateRowForUpdate = { member_a: string; member_b: string; take_a: string | null; take_b: string | null; ended_at: Date | null };

/** The open debate `me` is in, locked for this transaction; undefined when unknown, ended or someone else's. */
async function openDebateOf(trx: Trx, debateId: string, me: string): Promise<DebateRowForUpdate | undefined> {
  if (!isUuid(debateId)) return undefined;
  await lockDebate(trx, debateId);
  const row = await trx
    .selectFrom('debates')
    .select(['member_a', 'member_b', 'take_a', 'take_b', 'ended_at'])
    .where('id', '=', debateId)
    .executeTakeFirst();
  if (!row || row.ended_at !== null || (row.member_a !== me && row.member_b !== me)) return undefined;
  return row;
}

export type MoveOutcome = 'stored' | 'unchanged' | 'notFound';

/** Stores `me`'s take once; a second take is ignored. */
export function storeTake(db: Db, debateId: string, me: string, text: string): Promise<MoveOutcome> {
  return db.transaction().execute(async (trx): Promise<MoveOutcome> => {
    const debate = await openDebateOf(trx, debateId, me);
    if (!debate) return 'notFound';
    const column = debate.member_a === me ? 'take_a' : 'take_b';
    if (debate[column] !== null) return 'unchanged';
    await trx.updateTable('debates').set({ [column]: text }).where('id', '=', debateId).execute();
    return 'stored';
  });
}

export type SayOutcome = { outcome: 'stored' | 'unchanged'; messageId: string } | { outcome: 'notFound' | 'notRevealed' | 'full' };

/**
 * Stores a message once per client id, only after both takes are revealed, and only while the debate
 * holds fewer than DEBATE_MAX_MESSAGES messages of DEBATE_MAX_TEXT_CHARS characters in all, so a debate
 * cannot grow without end. A repeated client id answers with the message stored the first time.
 */
export function storeDebateMessage(db: Db, debateId: string, me: string, clientId: string, text: string, at: Date): Promise<SayOutcome> {
  return db.transaction().execute(async (trx): Promise<SayOutcome> => {
    const debate = await openDebateOf(trx, debateId, me);
    if (!debate) return { outcome: 'notFound' };
    if (debate.take_a === null || debate.take_b === null) return { outcome: 'notRevealed' };
    const storedBefore = async () =>
      trx
        .selectFrom('debate_messages')
        .select(sql<string>`id::text`.as('id'))
        .where('debate_id', '=', debateId)
        .where('sender_id', '=', me)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    const repeated = await storedBefore();
    if (repeated) return { outcome: 'unchanged', messageId: repeated.id };
    const stored = await trx
      .selectFrom('debate_messages')
      .select((eb) => [eb.fn.countAll<string>().as('count'), sql<string>`coalesce(sum(length(text)), 0)`.as('chars')])
      .where('debate_id', '=', debateId)
      .executeTakeFirstOrThrow();
    if (Number(stored.count) >= DEBATE_MAX_MESSAGES || Number(stored.chars) + text.length > DEBATE_MAX_TEXT_CHARS) return { outcome: 'full' };
    const inserted = await trx
      .insertInto('debate_messages')
      .values({ debate_id: debateId, sender_id: me, client_id: clientId, text, sent_at: at })
      .onConflict((oc) => oc.columns(['debate_id', 'sender_id', 'client_id']).doNothing())
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirst();
    if (inserted) return { outcome: 'stored', messageId: inserted.id };
    const existing = await storedBefore();
    return existing ? { outcome: 'unchanged', messageId: existing.id } : { outcome: 'notFound' };
  });
}

/** One stored message of a debate and the debate's two members (who it goes to); undefined when unknown. */
export async function loadDebateMessage(
  db: Db,
  debateId: string,
  messageId: string,
): Promise<{ members: [string, string]; message: DebateMessageRecord } | undefined> {
  if (!isUuid(debateId) || !/^\d{1,18}$/.test(messageId)) return undefined;
  const row = await db
    .selectFrom('debate_messages as m')
    .innerJoin('debates as d', 'd.id', 'm.debate_id')
    .select([sql<string>`m.id::text`.as('id'), 'm.client_id', 'm.sender_id', 'm.text', 'm.sent_at', 'd.member_a', 'd.member_b'])
    .where('m.debate_id', '=', debateId)
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    members: [row.member_a, row.member_b],
    message: { id: row.id, clientId: row.client_id, from: row.sender_id, text: row.text, sentAt: new Date(row.sent_at).toISOString() },
  };
}

/**
 * Ends the debate for both because `by` left, and records each side's result from the stored takes and
 * messages, in the same transaction: a debate ends once, so its result is recorded once.
 */
export function endDebate(db: Db, debateId: string, by: string, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx): Promise<boolean> => {
    const debate = await openDebateOf(trx, debateId, by);
    if (!debate) return false;
    await trx.updateTable('debates').set({ ended_at: at, ended_by: by }).where('id', '=', debateId).execute();
    const { count } = await trx
      .selectFrom('debate_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('debate_id', '=', debateId)
      .executeTakeFirstOrThrow();
    const takes = (debate.take_a === null ? 0 : 1) + (debate.take_b === null ? 0 : 1);
    const outcome = debateOutcome(takes, Number(count));
    if (outcome.played) {
      for (const member of [debate.member_a, debate.member_b]) await recordHotTakesResult(trx, member, outcome.messageCount, at);
    }
    return true;
  });
}
