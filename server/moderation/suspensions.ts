import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

// A suspended member is out of everyone's lists as if everyone had blocked them: Discover, search, the
// leaderboard, friends and friend requests all leave out members with a member_suspensions row. The
// row outlives its end until the member logs in again (suspensionAtLogin removes it then), so every
// list asks only whether a row exists, with no clock.

/** SQL true when the member with this id (a column or a value) is suspended. */
export function isSuspended(memberId: RawBuilder<unknown> | string): RawBuilder<boolean> {
  const id = typeof memberId === 'string' ? sql.val(memberId) : memberId;
  return sql<boolean>`exists (select 1 from member_suspensions ms where ms.member_id = ${id})`;
}

/**
 * At log-in, after the password was right: the suspension still running (until null: permanently),
 * or undefined. A suspension whose end has passed is removed here, and the member is back.
 */
export async function suspensionAtLogin(db: Kysely<Database>, memberId: string, at: Date): Promise<{ until: Date | null } | undefined> {
  const row = await db.selectFrom('member_suspensions').select('until').where('member_id', '=', memberId).executeTakeFirst();
  if (!row) return undefined;
  const until = row.until === null ? null : new Date(row.until);
  if (until !== null && until.getTime() <= at.getTime()) {
    await db.deleteFrom('member_suspensions').where('member_id', '=', memberId).where('until', '<=', at).execute();
    return undefined;
  }
  return { until };
}

/**
 * Everyone whose lists show this member now or will again: their friends and the people a request is
 * pending with either way. A suspension or its lifting tells their open screens to fetch again.
 */
export async function membersLinkedTo(db: Kysely<Database>, memberId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select member_b as id from friendships where member_a = ${memberId}
    union select member_a from friendships where member_b = ${memberId}
    union select to_id from friend_requests where from_id = ${memberId}
    union select from_id from friend_requests where to_id = ${memberId}`.execute(db);
  return rows.map((row) => row.id);
}
