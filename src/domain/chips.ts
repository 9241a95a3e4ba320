import { MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS } from './catalog';

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

/** Whether `raw` would add a chip: non-empty after trimming and not already chosen in any letter case. */
export function canAddChip(list: readonly string[], raw: string): boolean {
  const item = raw.trim();
  return item !== '' && !list.some((existing) => sameItem(existing, item));
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
