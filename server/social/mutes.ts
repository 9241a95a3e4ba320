import { sql, type Kysely } from 'kysely';
import type { MuteState } from '../../src/domain/chatMute';
import type { Database } from '../db/schema';
import { MUTE_RULE, spendAction } from './actionLimits';
import { keptApart } from './apart';
import { problem, type SocialProblem } from './errors';
import { isUuid } from './locks';

// A member's muted conversations (conversation_mutes, one row per member and the other member while
// muted). Muting tells nothing to the other member. Someone who does not exist, the member themselves, or
// someone with a block either way is 404 NOT_FOUND, as every social route answers an unknown id, so a
// blocked member learns nothing from it.

type Db = Kysely<Database>;

/** The other member's id (lower case) when `me` may mute them, else the 404 every unknown id gets. */
async function mutable(db: Db, me: string, other: string): Promise<string | SocialProblem> {
  if (!isUuid(other) || other.toLowerCase() === me) return problem(404, 'NOT_FOUND');
  const them = other.toLowerCase();
  const { rows } = await sql<{ ok: boolean }>`
    select exists(select 1 from members where id = ${them})
      and not ${keptApart(me, them)} as ok`.execute(db);
  return rows[0]?.ok ? them : problem(404, 'NOT_FOUND');
}

export async function isMuted(db: Db, me: string, them: string): Promise<boolean> {
  const row = await db.selectFrom('conversation_mutes').select('other_id').where('member_id', '=', me).where('other_id', '=', them).executeTakeFirst();
  return row !== undefined;
}

/** Of these (member, other) pairs, the ones whose member keeps their chat with the other muted, as `member other` keys. */
export async function mutedPairs(db: Db, pairs: readonly (readonly [string, string])[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{ member_id: string; other_id: string }>`
    select member_id, other_id from conversation_mutes
    where (member_id, other_id) in (${sql.join(pairs.map(([member, other]) => sql`(${member}::uuid, ${other}::uuid)`))})`.execute(db);
  return new Set(rows.map((row) => `${row.member_id} ${row.other_id}`));
}

/** Whether `me` keeps their chat with `other` muted. */
export async function readMute(db: Db, me: string, other: string): Promise<MuteState | SocialProblem> {
  const them = await mutable(db, me, other);
  if (typeof them !== 'string') return them;
  return { muted: await isMuted(db, me, them) };
}

/**
 * Mutes or unmutes `me`'s chat with `other`; the other member's id (lower case) and the state. Each change,
 * also one that changes nothing, counts toward MUTE_RULE, checked in the member's lock so parallel calls
 * never pass the limit.
 */
export async function writeMute(db: Db, me: string, other: string, muted: boolean, at: Date): Promise<{ friendId: string; muted: boolean } | SocialProblem> {
  const them = await mutable(db, me, other);
  if (typeof them !== 'string') return them;
  return db.transaction().execute(async (trx) => {
    const wait = await spendAction(trx, me, MUTE_RULE, at);
    if (wait !== undefined) return problem(429, 'TOO_MANY_REQUESTS', wait);
    if (muted) {
      await trx.insertInto('conversation_mutes').values({ member_id: me, other_id: them, muted_at: at }).onConflict((oc) => oc.doNothing()).execute();
    } else {
      await trx.deleteFrom('conversation_mutes').where('member_id', '=', me).where('other_id', '=', them).execute();
    }
    return { friendId: them, muted };
  });
}
