import { MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS } from './catalog';
import { PROFILE_LIMITS } from './profile';

/** The profile's three chip lists. */
export type ChipListKey = 'musicGenres' | 'favoriteGames' | 'favoriteShows';

export const CHIP_LISTS: readonly { key: ChipListKey; title: string; inputLabel: string; placeholder: string; suggestions: readonly string[] }[] = [
  { key: 'musicGenres', title: 'Music Genres', inputLabel: 'Add a music genre', placeholder: 'Add a genre...', suggestions: MUSIC_GENRES },
  { key: 'favoriteGames', title: 'Favorite Games', inputLabel: 'Add a favorite game', placeholder: 'Add a game...', suggestions: POPULAR_GAMES },
  { key: 'favoriteShows', title: 'Favorite Shows & Movies', inputLabel: 'Add a favorite show or movie', placeholder: 'Add a show or movie...', suggestions: POPULAR_SHOWS },
];

function sameItem(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

/** What the editor says when a list is full, and under the box when an item is too long (the server's bounds). */
const chipLimitTexts = {
  listFull: `You can add at most ${PROFILE_LIMITS.listItems} items to a list. Remove one to add another.`,
  itemTooLong: `An item can be at most ${PROFILE_LIMITS.itemLength} characters.`,
} as const;

/** Why `raw` cannot be added within the profile's bounds (PROFILE_LIMITS), or undefined when it can. */
export function chipLimitProblem(list: readonly string[], raw: string): string | undefined {
  if (list.length >= PROFILE_LIMITS.listItems) return chipLimitTexts.listFull;
  if (raw.trim().length > PROFILE_LIMITS.itemLength) return chipLimitTexts.itemTooLong;
  return undefined;
}

/**
 * Whether `raw` would add a chip: non-empty after trimming, not already chosen in any letter case, and
 * within the profile's bounds (so an import or a suggestion never makes a profile the server refuses).
 */
export function canAddChip(list: readonly string[], raw: string): boolean {
  const item = raw.trim();
  return item !== '' && !list.some((existing) => sameItem(existing, item)) && chipLimitProblem(list, raw) === undefined;
}

/** The list with `raw` added (trimmed) at the end; the same list when it adds nothing. */
export function addChip(list: readonly string[], raw: string): readonly string[] {
  return canAddChip(list, raw) ? [...list, raw.trim()] : list;
}

export function hasChip(list: readonly string[], item: string): boolean {
  return list.includes(item);
}

/** The list without `item`; the same list when it is not there. */
export function removeChip(list: readonly string[], item: string): readonly string[] {
  return hasChip(list, item) ? list.filter((existing) => existing !== item) : list;
}
