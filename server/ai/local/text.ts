// Small text helpers shared by the local engine. Everything here is pure and deterministic.

const KEY_CACHE = new Map<string, string>();
const NON_ALNUM = /[^\p{L}\p{N}]+/gu;

/** Matching key: case-, space- and punctuation-insensitive ("Hip-Hop", "hip hop" and "HipHop" agree). */
export function itemKey(value: string): string {
  const cached = KEY_CACHE.get(value);
  if (cached !== undefined) return cached;
  const key = value.normalize('NFKC').toLowerCase().replace(NON_ALNUM, '');
  // Candidate lists repeat the same few hundred names; the cap keeps odd inputs from growing it forever.
  if (KEY_CACHE.size < 50_000) KEY_CACHE.set(value, key);
  return key;
}

const STOPWORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out has him his how its may new now old see two who ' +
    'did get got let put say she too use that with have this will your from they know want been good much some time very ' +
    'when come here just like long make many more only over such take than them then there these thing things think ' +
    'what which while would about after again being could every other their those through under where really love loves ' +
    'loving into also always never often most someone something person people guy girl kind lot lots enjoy enjoys ' +
    'huge fan fans big bit little stuff way ways day days year years make makes made pretty quite yes yeah okay'
  ).split(' '),
);

/** A light stem so "hiking"/"hikes"/"hiker" and "games"/"gaming" meet. */
export function stem(word: string): string {
  for (const suffix of ['ing', 'ers', 'er', 'es', 's', 'ed']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}

const WORD = /[\p{L}\p{N}']+/gu;

/** Content words of a text: lower-case, no stopwords, at least 3 characters. */
export function contentWords(textValue: string): string[] {
  const out: string[] = [];
  for (const match of textValue.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/'/g, '');
    if (word.length >= 3 && !STOPWORDS.has(word)) out.push(word);
  }
  return out;
}

const STEM_CACHE = new Map<string, readonly string[]>();

/** Stemmed content words, cached because personalities and interests repeat across requests. */
export function wordStems(textValue: string): readonly string[] {
  const cached = STEM_CACHE.get(textValue);
  if (cached) return cached;
  const stems = [...new Set(contentWords(textValue).map(stem))];
  if (STEM_CACHE.size < 50_000) STEM_CACHE.set(textValue, stems);
  return stems;
}

/** FNV-1a over the text: the seed for every "varied" choice, so the same input always reads the same. */
export function hashText(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic picker: each call mixes the seed further so successive picks differ. */
export function seededPicker(seedText: string) {
  let state = hashText(seedText) || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  return {
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance(p: number): boolean {
      return next() < p;
    },
  };
}
export type Picker = ReturnType<typeof seededPicker>;

/**
 * User text placed inside a generated sentence: one line, no sentence-ending marks (so a pasted
 * "I like cats. And dogs." cannot add sentences), and clipped at a word boundary.
 */
export function inline(value: string, max = 60): string {
  const flat = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[.!?…]+(?=\s+\S)/g, ',')
    .replace(/[.!?…]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '');
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Distinct non-empty entries (by matching key), in first-seen order, display text kept. */
export function distinctItems(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const shown = inline(raw, 60);
    const key = itemKey(shown);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(shown);
  }
  return out;
}

export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** Sentences of a text, for the length rules (split after . ! ? followed by space or end). */
export function sentences(value: string): string[] {
  return value
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
