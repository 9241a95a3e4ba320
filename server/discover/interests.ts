import type { Kysely, Transaction } from 'kysely';
import { INTEREST_CATEGORIES, interestKey, listsByCategory, type InterestCategory } from '../../src/domain/discoverRules';
import type { Profile } from '../../src/domain/profile';
import type { Database } from '../db/schema';

// A profile's lists as rows SQL can prune discovery by: one per distinct item per category, keyed
// trimmed and lower-cased (so 'Rock ' and 'rock' are the same item), in the member's own spelling.

type Lists = Pick<Profile, 'musicGenres' | 'favoriteGames' | 'favoriteShows'>;

export interface InterestRow {
  member_id: string;
  category: InterestCategory;
  item_key: string;
  item: string;
}

export function interestRows(memberId: string, lists: Lists): InterestRow[] {
  const rows: InterestRow[] = [];
  const byCategory = listsByCategory(lists);
  for (const category of INTEREST_CATEGORIES) {
    const seen = new Set<string>();
    for (const item of byCategory[category]) {
      const key = interestKey(item);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      rows.push({ member_id: memberId, category, item_key: key, item: item.trim() });
    }
  }
  return rows;
}

/**
 * The rows as written: each also carries how many distinct items the member lists (an item in two
 * categories counts once, as the local score counts it), so pruning can rank by both lists' lengths.
 */
export function interestRecords(memberId: string, lists: Lists): Array<InterestRow & { item_count: number }> {
  const rows = interestRows(memberId, lists);
  const itemCount = new Set(rows.map((row) => row.item_key)).size;
  return rows.map((row) => ({ ...row, item_count: itemCount }));
}

/** Replaces the member's interest rows with the lists' (inside the profile write's transaction). */
export async function replaceInterests(trx: Transaction<Database> | Kysely<Database>, memberId: string, lists: Lists): Promise<void> {
  await trx.deleteFrom('member_interests').where('member_id', '=', memberId).execute();
  const rows = interestRecords(memberId, lists);
  if (rows.length > 0) await trx.insertInto('member_interests').values(rows).execute();
}

