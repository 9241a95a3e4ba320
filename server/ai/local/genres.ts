import { itemKey } from './text';

// Which music genres sit near each other, for partial similarity credit. Undirected: each pair is
// listed once and mirrored below. Keys go through itemKey, so "Hip Hop" and "hip-hop" agree.
const NEAR: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Metal', ['Rock', 'Punk', 'Hardcore', 'Grunge']],
  ['Rock', ['Alternative', 'Indie', 'Punk', 'Blues', 'Grunge']],
  ['Punk', ['Alternative', 'Hardcore', 'Emo', 'Ska']],
  ['Hip Hop', ['R&B', 'Rap', 'Trap', 'Funk']],
  ['Rap', ['Trap', 'Drill', 'R&B']],
  ['R&B', ['Soul', 'Funk', 'Pop']],
  ['Soul', ['Funk', 'Jazz', 'Gospel', 'Blues']],
  ['Funk', ['Disco', 'Jazz']],
  ['Electronic', ['Dance', 'House', 'Techno', 'EDM', 'Synthwave', 'Lo-fi']],
  ['Dance', ['House', 'EDM', 'Pop', 'Disco']],
  ['Indie', ['Alternative', 'Folk', 'Shoegaze']],
  ['Alternative', ['Grunge', 'Emo', 'Shoegaze']],
  ['Folk', ['Country', 'Blues', 'Bluegrass']],
  ['Country', ['Blues', 'Bluegrass']],
  ['Jazz', ['Blues', 'Classical', 'Lo-fi']],
  ['Classical', ['Soundtrack', 'Orchestral', 'Opera']],
  ['Pop', ['K-Pop', 'J-Pop', 'Latin']],
  ['K-Pop', ['J-Pop']],
  ['Reggae', ['Ska', 'Dancehall', 'Dub']],
  ['Latin', ['Reggaeton', 'Dancehall']],
  ['Reggaeton', ['Dancehall']],
];

const related = new Map<string, Set<string>>();
function link(a: string, b: string) {
  const ka = itemKey(a);
  const kb = itemKey(b);
  if (!related.has(ka)) related.set(ka, new Set());
  if (!related.has(kb)) related.set(kb, new Set());
  related.get(ka)?.add(kb);
  related.get(kb)?.add(ka);
}
for (const [genre, near] of NEAR) for (const other of near) link(genre, other);

const EMPTY: ReadonlySet<string> = new Set();

/** Genre keys near the given item key (empty when the item is not a known genre). */
export function relatedGenres(key: string): ReadonlySet<string> {
  return related.get(key) ?? EMPTY;
}
