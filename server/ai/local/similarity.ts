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
}

export interface ScoredCandidate {
  score: number;
  shared: string[];
}

const RELATED_CREDIT = 0.5;
const WORD_BONUS = 0.04;
const MAX_WORD_BONUS = 0.2;

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
  return { items, stems, stemsByFirst, seen: new Uint32Array(stems.length), round: 0 };
}

export function scoreCandidate(user: PreparedUser, candidate: CandidateTaste): ScoredCandidate {
  // Candidates carry 3-6 interests, so small arrays beat Sets here (this runs 10,000 times a batch).
  const candidateKeys: string[] = [];
  const userExact: string[] = [];
  const userNear: string[] = [];
  const shared: string[] = [];
  let near: string[] | undefined;
  let credit = 0;

  for (const interest of candidate.interests) {
    const key = itemKey(interest);
    if (key === '' || candidateKeys.includes(key)) continue;
    candidateKeys.push(key);
    let best = 0;
    if (user.items.has(key)) {
      best = 1;
      userExact.push(key);
      shared.push(interest.trim());
    }
    for (const other of relatedGenres(key)) {
      const mine = user.items.get(other);
      if (mine === undefined) continue;
      if (!userNear.includes(other)) userNear.push(other);
      if (best === 0) {
        best = RELATED_CREDIT;
        (near ??= []).push(`${interest.trim()} (near ${mine})`);
      }
    }
    credit += best;
  }
  credit += userExact.length;
  for (const key of userNear) if (!userExact.includes(key)) credit += RELATED_CREDIT;

  const total = user.items.size + candidateKeys.length;
  const base = total === 0 ? 0 : credit / total;

  let overlap = 0;
  if (user.stems.length > 0) {
    user.round = (user.round + 1) >>> 0 || 1;
    overlap += countStems(user, lower(candidate.personality));
    for (const interest of candidate.interests) overlap += countStems(user, lower(interest));
  }
  const bonus = Math.min(MAX_WORD_BONUS, overlap * WORD_BONUS);
  const score = Math.round(100 * (base + (1 - base) * bonus));
  return { score: Math.min(100, Math.max(0, score)), shared: near ? [...shared, ...near] : shared };
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

/**
 * Counts the user's stems that begin a word of the (lower-case) text and were not counted yet for
 * this candidate. One pass over the text, checking only the stems that share a word's first letter.
 */
function countStems(user: PreparedUser, textValue: string): number {
  let count = 0;
  let previousIsWord = false;
  for (let i = 0; i < textValue.length; i++) {
    const code = textValue.charCodeAt(i);
    const isWord = isWordChar(code);
    if (isWord && !previousIsWord) {
      const bucket = user.stemsByFirst.get(code);
      if (bucket) {
        for (const index of bucket) {
          if (user.seen[index] !== user.round && textValue.startsWith(user.stems[index] as string, i)) {
            user.seen[index] = user.round;
            count += 1;
          }
        }
      }
    }
    previousIsWord = isWord;
  }
  return count;
}

export interface SimilarityResult {
  scores: Record<string, number>;
  shared: Record<string, string[]>;
}

/** Scores every candidate; a username listed twice keeps its first entry. */
export function scoreAll(user: UserTaste, candidates: readonly CandidateTaste[]): SimilarityResult {
  const prepared = prepareUser(user);
  const scores = new Map<string, number>();
  const shared = new Map<string, string[]>();
  for (const candidate of candidates) {
    if (scores.has(candidate.username)) continue;
    const result = scoreCandidate(prepared, candidate);
    scores.set(candidate.username, result.score);
    shared.set(candidate.username, result.shared);
  }
  // fromEntries defines own properties, so a username like "__proto__" stays an ordinary key.
  return { scores: Object.fromEntries(scores), shared: Object.fromEntries(shared) };
}

/** Only the shared items (used beside a Gemini score, which carries no reasons of its own). */
export function sharedItems(user: UserTaste, candidates: readonly CandidateTaste[]): Record<string, string[]> {
  return scoreAll(user, candidates).shared;
}
