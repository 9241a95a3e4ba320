import type { Profile } from './profile';

// The rules of Discover that hold whoever is looking: a guest's list, ranked on the device from the
// sample people, and a member's, ranked by the server from members and sample people, both follow them.

/** At most this many cards on a Discover page (docs/product.md's discover limit). */
export const DISCOVER_PAGE_SIZE = 50;

/** A similarity score, and a ranking built from scores, is reused for an hour and then asked for again. */
export const SCORE_LIFETIME_MS = 60 * 60 * 1000;

export const INTEREST_CATEGORIES = ['music', 'games', 'shows'] as const;
export type InterestCategory = (typeof INTEREST_CATEGORIES)[number];

type Lists = Pick<Profile, 'musicGenres' | 'favoriteGames' | 'favoriteShows'>;

/** Two spellings of one item ('Rock ' and 'rock') are the same item. */
export function interestKey(item: string): string {
  return item.trim().toLowerCase();
}

export function listsByCategory(lists: Lists): Record<InterestCategory, readonly string[]> {
  return { music: lists.musicGenres, games: lists.favoriteGames, shows: lists.favoriteShows };
}

/** What a search box's text looks for: trimmed and lower-cased; '' looks for nothing in particular. */
export function searchNeedle(query: string): string {
  return query.trim().toLowerCase();
}

/** A search finds a person whose username or bio (the interests line) contains it, in any case. */
export function matchesSearch(person: { username: string; bio: string }, query: string): boolean {
  const needle = searchNeedle(query);
  if (needle === '') return true;
  return person.username.toLowerCase().includes(needle) || person.bio.toLowerCase().includes(needle);
}

/**
 * The viewer's items the other person also lists, in the viewer's spelling and order, music first,
 * then games, then shows ('You both like' is said to the viewer, in their words).
 */
export function sharedWith(viewer: Lists, theirKeys: ReadonlySet<string>): { shared: string[]; sharedByCategory: Record<InterestCategory, string[]> } {
  const sharedByCategory: Record<InterestCategory, string[]> = { music: [], games: [], shows: [] };
  const seen = new Set<string>();
  const lists = listsByCategory(viewer);
  for (const category of INTEREST_CATEGORIES) {
    for (const item of lists[category]) {
      const key = interestKey(item);
      if (key === '' || seen.has(key) || !theirKeys.has(key)) continue;
      seen.add(key);
      sharedByCategory[category].push(item.trim());
    }
  }
  return { shared: INTEREST_CATEGORIES.flatMap((category) => sharedByCategory[category]), sharedByCategory };
}

export interface RankedPerson {
  id: string;
  /** a member (true) or a sample person */
  member: boolean;
  username: string;
  score: number;
}

/** Orders two names; the default is String.prototype.localeCompare's order (default locale and options). */
type NameOrder = (a: string, b: string) => number;
const localeOrder: NameOrder = (a, b) => a.localeCompare(b);

/**
 * Closest match first; at equal scores members before sample people, then by name in any case, then by id, so pages never reshuffle.
 * A caller sorting many people passes `byName` from one collator made for the sort (`new Intl.Collator().compare`): the
 * same order, about ten times faster in Chromium than localeCompare per pair, which made sorting a page a long task on
 * a phone. Made by the sort, not at import: the first collator loads the collation data (about 30 ms), which a page
 * that sorts nobody should not pay.
 */
export function compareRanked(a: RankedPerson, b: RankedPerson, byName: NameOrder = localeOrder): number {
  return (
    b.score - a.score ||
    (a.member === b.member ? 0 : a.member ? -1 : 1) ||
    byName(a.username.toLowerCase(), b.username.toLowerCase()) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
