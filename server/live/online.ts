import { sql, type Kysely } from 'kysely';
import { PRESENCE_STALE_MS } from '../../src/domain/liveContract';
import type { Database } from '../db/schema';
import { blockedEitherWay, keptApart } from '../social/apart';

// Who is online, for every server alike: a member is online while they have a fresh live_connections
// row (any server refreshed it within PRESENCE_STALE_MS) and shown so only when their Online Status
// setting (profiles.show_online, on until they save otherwise) allows it.

type Db = Kysely<Database>;

function freshSince(now: number): Date {
  return new Date(now - PRESENCE_STALE_MS);
}

/**
 * The member's friends (ids) who hear of their presence, never anyone blocked either way. A suspension
 * does not leave friends out here: a suspended member's sockets closing must still reach their friends
 * as 'offline' (nothing else about them is ever announced, since they cannot connect).
 */
export async function friendIds(db: Db, memberId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select case when f.member_a = ${memberId} then f.member_b else f.member_a end as id
    from friendships f
    where (f.member_a = ${memberId} or f.member_b = ${memberId})
      and not ${blockedEitherWay(sql.ref('f.member_a'), sql.ref('f.member_b'))}`.execute(db);
  return rows.map((row) => row.id);
}

/** Whether the member has a socket open on any server, whatever their setting says. */
export async function isConnected(db: Db, memberId: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('live_connections').select('id').where('member_id', '=', memberId).where('seen_at', '>', freshSince(now)).executeTakeFirst();
  return row !== undefined;
}

/** The member's Online Status setting. */
export async function showsOnline(db: Db, memberId: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('show_online').where('member_id', '=', memberId).executeTakeFirst();
  return row?.show_online ?? true;
}

/** The member's oldest fresh socket (any server), whose opening was their coming online. */
export async function firstConnection(db: Db, memberId: string, now: number): Promise<string | undefined> {
  const oldest = await db
    .selectFrom('live_connections')
    .select('id')
    .where('member_id', '=', memberId)
    .where('seen_at', '>', freshSince(now))
    .orderBy('connected_at')
    .orderBy('id')
    .executeTakeFirst();
  return oldest?.id;
}

/** The member's friends who are online and let it show, by id; never anyone blocked either way or suspended. */
export async function onlineFriends(db: Db, memberId: string, now: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select distinct c.member_id as id
    from friendships f
    join live_connections c on c.member_id = case when f.member_a = ${memberId} then f.member_b else f.member_a end
    left join profiles p on p.member_id = c.member_id
    where (f.member_a = ${memberId} or f.member_b = ${memberId})
      and c.seen_at > ${freshSince(now)}
      and coalesce(p.show_online, true)
      and not ${keptApart(sql.ref('f.member_a'), sql.ref('f.member_b'))}
    order by id`.execute(db);
  return rows.map((row) => row.id);
}
