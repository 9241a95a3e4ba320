import { relatedGenres } from './genres';
import { itemKey, wordStems } from './text';

// Similarity from overlap. Each item on either side earns credit for its best match on the other side
// (1 for the same item, 0.5 for a related genre); the list score is the credit over the item count of
// both sides, so identical lists give 1 and disjoint ones 0, and adding an item to both sides can
// only raise it. Words of the user's hobbies and items that start a word of the candidate's
// personality or interests add a bounded bonus (at most 20 points, never past 100). Both parts only
// grow when something is added to both sides, so the score does too.

export interface UserTaste {
  hobbies: string;
  musicGenres: readonly string[];
  favoriteGames: readonly string[];
  favoriteShows: readonly string[];
}

export interface CandidateTaste {
  username: string;
  personality: string;
  interests: readonly string[];
}

export interface PreparedUser {
  /** item key → the user's spelling */
  items: Map<string, string>;
  /** distinct lower-case word stems of the hobbies and the items */
  stems: string[];
  /** first character code → indexes into stems starting with it */
  stemsByFirst: Map<number, number[]>;
  /** per-stem marker of the last candidate that matched it (avoids a Set per candidate) */
  seen: Uint32Array;
  round: number;
  /** what one interest string means for this user, worked out once per request */
  interests: Map<string, InterestInfo>;
  scratch: string[];
  lastShared: string[];
}

interface InterestInfo {
  key: string;
  shown: string;
  exact: boolean;
  /** the user's item keys this interest is a related genre of */
  nearKeys: string[];
  /** "Rock (near Metal)" when related but not the same */
  nearLabel?: string;
  /** indexes of the user's stems that start a word of this interest */
  stemHits: number[];
}

const RELATED_CREDIT = 0.5;
const WORD_BONUS = 0.04;
const MAX_WORD_BONUS = 0.2;
/** Marker for "no reasons": never handed out, callers get a fresh empty array instead. */
const NO_SHARED: string[] = [];

/** The user side, computed once per request rather than once per candidate. */
export function prepareUser(user: UserTaste): PreparedUser {
  const items = new Map<string, string>();
  const words = new Set<string>(wordStems(user.hobbies));
  for (const list of [user.musicGenres, user.favoriteGames, user.favoriteShows]) {
    for (const item of list) {
      const key = itemKey(item);
      if (key === '' || items.has(key)) continue;
      items.set(key, item.trim());
      for (const w of wordStems(item)) words.add(w);
    }
  }
  const stems = [...words];
  const stemsByFirst = new Map<number, number[]>();
  stems.forEach((s, i) => {
    const first = s.charCodeAt(0);
    const bucket = stemsByFirst.get(first);
    if (bucket) bucket.push(i);
    else stemsByFirst.set(first, [i]);
  });
  return { items, stems, stemsByFirst, seen: new Uint32Array(stems.length), round: 0, interests: new Map(), scratch: [], lastShared: NO_SHARED };
}

function interestInfo(user: PreparedUser, interest: string): InterestInfo {
  const cached = user.interests.get(interest);
  if (cached) return cached;
  const key = itemKey(interest);
  const shown = interest.trim();
  const exact = key !== '' && user.items.has(key);
  const nearKeys: string[] = [];
  let nearLabel: string | undefined;
  for (const other of relatedGenres(key)) {
    const mine = user.items.get(other);
    if (mine === undefined) continue;
    nearKeys.push(other);
    nearLabel ??= `${shown} (near ${mine})`;
  }
  const stemHits: number[] = [];
  forEachStemAtWordStart(user, interest.toLowerCase(), (index) => {
    if (!stemHits.includes(index)) stemHits.push(index);
  });
  const info: InterestInfo = { key, shown, exact, nearKeys, nearLabel: exact ? undefined : nearLabel, stemHits };
  if (user.interests.size < 100_000) user.interests.set(interest, info);
  return info;
}

function ownShared(user: PreparedUser): string[] {
  return user.lastShared === NO_SHARED ? [] : user.lastShared;
}

/**
 * The hot loop of a batch: returns the score and leaves the reasons in user.lastShared, so scoring
 * 10,000 candidates allocates little beyond what the answer itself holds.
 */
function scoreInto(user: PreparedUser, candidate: CandidateTaste): number {
  // Candidates carry 3-6 interests, so a reused small array beats a Set here.
  const round = (user.round = (user.round + 1) >>> 0 || 1);
  const candidateKeys = user.scratch;
  candidateKeys.length = 0;
  let userExact: string[] | undefined;
  let userNear: string[] | undefined;
  let shared: string[] | undefined;
  let near: string[] | undefined;
  let credit = 0;
  let overlap = 0;

  for (const interest of candidate.interests) {
    const info = interestInfo(user, interest);
    if (info.key === '' || candidateKeys.includes(info.key)) continue;
    candidateKeys.push(info.key);
    if (info.exact) {
      credit += 1;
      (userExact ??= []).push(info.key);
      (shared ??= []).push(info.shown);
    } else if (info.nearLabel !== undefined) {
      credit += RELATED_CREDIT;
      (near ??= []).push(info.nearLabel);
    }
    for (const k of info.nearKeys) if (!(userNear ??= []).includes(k)) userNear.push(k);
    for (const index of info.stemHits) {
      if (user.seen[index] !== round) {
        user.seen[index] = round;
        overlap += 1;
      }
    }
  }
  if (userExact) credit += userExact.length;
  if (userNear) for (const key of userNear) if (!userExact?.includes(key)) credit += RELATED_CREDIT;

  const total = user.items.size + candidateKeys.length;
  const base = total === 0 ? 0 : credit / total;
  if (user.stems.length > 0 && candidate.personality !== '') {
    forEachStemAtWordStart(user, lower(candidate.personality), (index) => {
      if (user.seen[index] !== round) {
        user.seen[index] = round;
        overlap += 1;
      }
    });
  }
  const bonus = Math.min(MAX_WORD_BONUS, overlap * WORD_BONUS);
  const score = Math.round(100 * (base + (1 - base) * bonus));
  user.lastShared = shared && near ? [...shared, ...near] : (shared ?? near ?? NO_SHARED);
  return Math.min(100, Math.max(0, score));
}

const LOWER_CACHE = new Map<string, string>();
function lower(value: string): string {
  const cached = LOWER_CACHE.get(value);
  if (cached !== undefined) return cached;
  const result = value.toLowerCase();
  // Interests repeat across candidates; personalities mostly do not, so the cache stays bounded.
  if (value.length <= 80 && LOWER_CACHE.size < 20_000) LOWER_CACHE.set(value, result);
  return result;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return LETTER_OR_DIGIT.test(String.fromCharCode(code));
}

/** Calls back with each of the user's stems that begins a word of the (lower-case) text. */
function forEachStemAtWordStart(user: PreparedUser, textValue: string, hit: (index: number) => void): void {
  let previousIsWord = false;
  for (let i = 0; i < textValue.length; i++) {
    const code = textValue.charCodeAt(i);
    const isWord = isWordChar(code);
    if (isWord && !previousIsWord) {
      const bucket = user.stemsByFirst.get(code);
      if (bucket) for (const index of bucket) if (textValue.startsWith(user.stems[index] as string, i)) hit(index);
    }
    previousIsWord = isWord;
  }
}

export interface SimilarityResult {
  scores: Record<string, number>;
  shared: Record<string, string[]>;
}

/** Scores every candidate; a username listed twice keeps its first entry. */
export function scoreAll(user: UserTaste, candidates: readonly CandidateTaste[]): SimilarityResult {
  const prepared = prepareUser(user);
  // Prototype-free records: a username such as "__proto__" stays an ordinary key, and they are the
  // quickest dictionaries for 10,000 keys. JSON.stringify writes them like any object.
  const scores = Object.create(null) as Record<string, number>;
  const shared = Object.create(null) as Record<string, string[]>;
  for (const candidate of candidates) {
    if (scores[candidate.username] !== undefined) continue;
    scores[candidate.username] = scoreInto(prepared, candidate);
    shared[candidate.username] = ownShared(prepared);
  }
  return { scores, shared };
}

/** Only the shared items (used beside a Gemini score, which carries no reasons of its own). */
export function sharedItems(user: UserTaste, candidates: readonly CandidateTaste[]): Record<string, string[]> {
  return scoreAll(user, candidates).shared;
}
