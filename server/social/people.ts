import { sql, type Kysely } from 'kysely';
import { avatarInitials } from '../../src/domain/discover';
import type { PersonSummary } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';

// Members as lists show them, and how two members stand. A picture is part of the profile, so a
// member who is visible to friends only shows non-friends their username alone.

type Db = Kysely<Database>;

/** Columns of `members m LEFT JOIN profiles p` that make a PersonSummary. */
export const PERSON_COLUMNS = sql`m.id, m.username, coalesce(p.data->>'profilePicture', '') as picture, coalesce(p.visibility, 'public') as visibility`;

export interface PersonRow {
  id: string;
  username: string;
  picture: string;
  visibility: string;
}

export function toPersonSummary(row: PersonRow, isFriend: boolean): PersonSummary {
  const showPicture = isFriend || row.visibility !== 'private';
  return { id: row.id, username: row.username, avatar: avatarInitials(row.username), profilePicture: showPicture ? row.picture : '' };
}

export async function findPerson(db: Db, id: string): Promise<PersonRow | undefined> {
  const result = await sql<PersonRow>`select ${PERSON_COLUMNS} from members m left join profiles p on p.member_id = m.id where m.id = ${id}`.execute(db);
  return result.rows[0];
}

/** The friendship's row key: the smaller id first. */
export function pairOf(one: string, other: string): { member_a: string; member_b: string } {
  return one < other ? { member_a: one, member_b: other } : { member_a: other, member_b: one };
}

export async function friendsSince(db: Db, one: string, other: string): Promise<Date | undefined> {
  const { member_a, member_b } = pairOf(one, other);
  const row = await db.selectFrom('friendships').select('created_at').where('member_a', '=', member_a).where('member_b', '=', member_b).executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}

export async function hasBlocked(db: Db, blocker: string, blocked: string): Promise<boolean> {
  const row = await db.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', blocker).where('blocked_id', '=', blocked).executeTakeFirst();
  return row !== undefined;
}
