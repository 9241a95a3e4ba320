import { sql, type Kysely } from 'kysely';
import type { Friend } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { keptApart } from './apart';
import { problem, type SocialProblem } from './errors';
import { isUuid, lockPair } from './locks';
import { PERSON_COLUMNS, findPerson, pairOf, toPersonSummary, type PersonRow } from './people';

// The member's friends (one friendships row per pair) and ending a friendship for both.

type Db = Kysely<Database>;

/** The member's friends by name; never anyone blocked either way or suspended. */
export async function listFriends(db: Db, me: string): Promise<Friend[]> {
  const { rows } = await sql<PersonRow & { since: Date }>`
    select ${PERSON_COLUMNS}, f.created_at as since
    from friendships f
    join members m on m.id = case when f.member_a = ${me} then f.member_b else f.member_a end
    left join profiles p on p.member_id = m.id
    where (f.member_a = ${me} or f.member_b = ${me})
      and not ${keptApart(me, sql.ref('m.id'))}
    order by lower(m.username), m.id`.execute(db);
  return rows.map((row) => ({ ...toPersonSummary(row, true), since: new Date(row.since).toISOString() }));
}

/** Deletes the pair's friendship row (the caller holds the pair's lock); whether there was one. */
export async function endFriendship(trx: Db, me: string, them: string): Promise<boolean> {
  const { member_a, member_b } = pairOf(me, them);
  const result = await trx.deleteFrom('friendships').where('member_a', '=', member_a).where('member_b', '=', member_b).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Ends the friendship with `userId` for both (nothing to do when there is none); 404 for no such
 * member. `ended` says whether there was a friendship, so live sockets are told only then.
 */
export async function removeFriend(db: Db, me: string, userId: string): Promise<SocialProblem | { ended: boolean }> {
  if (!isUuid(userId)) return problem(404, 'NOT_FOUND');
  const them = userId.toLowerCase();
  return db.transaction().execute(async (trx) => {
    if (!(await findPerson(trx, them))) return problem(404, 'NOT_FOUND');
    await lockPair(trx, me, them);
    return { ended: await endFriendship(trx, me, them) };
  });
}
