import { apportion, type MatchBreakdown, type MatchCategory, type RawContributions } from '../../../src/domain/matchBreakdown';
import type { ConnectedTaste } from '../../../src/domain/profile';
import { connectedWeights } from '../../../src/domain/tasteWeights';
import { relatedGenres } from './genres';
import { contentWords, itemKey, stem, wordStems } from './text';

// Similarity from overlap. Each item on either side earns credit for its best match on the other side
// (1 for the same item, 0.5 for a related genre); the list score is the credit over the item count of
// both sides, so identical lists give 1 and disjoint ones 0, and adding an item to both sides can
// only raise it. Words of the user's hobbies and items that start a word of the candidate's
// personality or interests add a bounded bonus (at most 20 points, never past 100). Both parts only
// grow when something is added to both sides, so the score does too.
//
// Connected data weighs matched items: a shared item earns its weight on each side instead of
// 1 (src/domain/tasteWeights.ts: hours played, listening rank) while the item counts stay the divisor,
// so a shared 130-hour game lifts a match more than a shared 2-hour one, and an unshared heavy item
// costs no more than any other; the list score stops at 1. Without connected data every weight is 1
// and the score is exactly the unweighted one.
//
// The score decomposes (an explained match): the list score's credit is booked to the category of the
// item that earned it (related genres to music) and the word bonus to hobbies, so the categories' points
// add up to the unrounded score; apportion() rounds them to whole points that add up to the score.

export interface UserTaste {
  hobbies: string;
  musicGenres: readonly string[];
  favoriteGames: readonly string[];
  favoriteShows: readonly string[];
  connectedTaste?: ConnectedTaste;
}

export interface CandidateTaste {
  username: string;
  personality: string;
  interests: readonly string[];
  /** a member candidate's connected data (sample people have none) */
  connectedTaste?: ConnectedTaste;
}

type ListCategory = Exclude<MatchCategory, 'hobbies'>;

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
  /** item key → the list it came from */
  categories: Map<string, ListCategory>;
  /** item key → weight, only for items connected data weighs above 1 */
  weights: Map<string, number>;
  /** a readable word per stem (the first word that produced it), for the hobbies part of a breakdown */
  stemWords: string[];
}

/** What one candidate's score is made of, collected only when a breakdown is asked for. */
interface Trace {
  credit: Record<ListCategory, number>;
  items: Record<MatchCategory, string[]>;
  stemIndexes: number[];
  hobbyPoints: number;
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
  const categories = new Map<string, ListCategory>();
  const words = new Set<string>(wordStems(user.hobbies));
  const lists: Array<[ListCategory, readonly string[]]> = [['music', user.musicGenres], ['games', user.favoriteGames], ['shows', user.favoriteShows]];
  for (const [category, list] of lists) {
    for (const item of list) {
      const key = itemKey(item);
      if (key === '' || items.has(key)) continue;
      items.set(key, item.trim());
      categories.set(key, category);
      for (const w of wordStems(item)) words.add(w);
    }
  }
  const weights = weightMap(user.connectedTaste, items);
  const stems = [...words];
  const stemWords = stemWordsOf(stems, [user.hobbies, ...items.values()]);
  const stemsByFirst = new Map<number, number[]>();
  stems.forEach((s, i) => {
    const first = s.charCodeAt(0);
    const bucket = stemsByFirst.get(first);
    if (bucket) bucket.push(i);
    else stemsByFirst.set(first, [i]);
  });
  return {
    items,
    stems,
    stemsByFirst,
    seen: new Uint32Array(stems.length),
    round: 0,
    interests: new Map(),
    scratch: [],
    lastShared: NO_SHARED,
    categories,
    weights,
    stemWords,
  };
}

/** Weights of the listed items only (a key the lists lack is left out); undefined keys weigh 1. */
function weightMap(taste: ConnectedTaste | undefined, listed: ReadonlyMap<string, string> | null): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [item, weight] of connectedWeights(taste)) {
    const key = itemKey(item);
    if (key === '' || (listed && !listed.has(key))) continue;
    weights.set(key, Math.max(weights.get(key) ?? 1, weight));
  }
  return weights;
}

function stemWordsOf(stems: readonly string[], texts: readonly string[]): string[] {
  const wordOf = new Map<string, string>();
  for (const textValue of texts) for (const word of contentWords(textValue)) if (!wordOf.has(stem(word))) wordOf.set(stem(word), word);
  return stems.map((s) => wordOf.get(s) ?? s);
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
 * 10,000 candidates allocates little beyond what the answer itself holds. With a trace it also books
 * each credit to its category (only when a breakdown is asked for).
 */
function scoreInto(user: PreparedUser, candidate: CandidateTaste, trace?: Trace): number {
  // Candidates carry 3-6 interests, so a reused small array beats a Set here.
  const round = (user.round = (user.round + 1) >>> 0 || 1);
  const candidateKeys = user.scratch;
  candidateKeys.length = 0;
  const theirWeights = candidate.connectedTaste ? weightMap(candidate.connectedTaste, null) : undefined;
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
    const theirs = theirWeights?.get(info.key) ?? 1;
    if (info.exact) {
      credit += theirs;
      (userExact ??= []).push(info.key);
      (shared ??= []).push(info.shown);
      if (trace) {
        const category = user.categories.get(info.key) ?? 'music';
        trace.credit[category] += theirs;
        trace.items[category].push(user.items.get(info.key) ?? info.shown);
      }
    } else if (info.nearLabel !== undefined) {
      credit += RELATED_CREDIT * theirs;
      (near ??= []).push(info.nearLabel);
      if (trace) {
        trace.credit.music += RELATED_CREDIT * theirs;
        trace.items.music.push(info.nearLabel);
      }
    }
    for (const k of info.nearKeys) if (!(userNear ??= []).includes(k)) userNear.push(k);
    for (const index of info.stemHits) {
      if (user.seen[index] !== round) {
        user.seen[index] = round;
        overlap += 1;
        trace?.stemIndexes.push(index);
      }
    }
  }
  if (userExact) {
    for (const key of userExact) {
      const mine = user.weights.get(key) ?? 1;
      credit += mine;
      if (trace) trace.credit[user.categories.get(key) ?? 'music'] += mine;
    }
  }
  if (userNear) {
    for (const key of userNear) {
      if (userExact?.includes(key)) continue;
      const part = RELATED_CREDIT * (user.weights.get(key) ?? 1);
      credit += part;
      if (trace) trace.credit.music += part;
    }
  }

  const total = user.items.size + candidateKeys.length;
  const base = total === 0 ? 0 : Math.min(1, credit / total);
  if (user.stems.length > 0 && candidate.personality !== '') {
    forEachStemAtWordStart(user, lower(candidate.personality), (index) => {
      if (user.seen[index] !== round) {
        user.seen[index] = round;
        overlap += 1;
        trace?.stemIndexes.push(index);
      }
    });
  }
  const bonus = Math.min(MAX_WORD_BONUS, overlap * WORD_BONUS);
  const score = Math.round(100 * (base + (1 - base) * bonus));
  user.lastShared = shared && near ? [...shared, ...near] : (shared ?? near ?? NO_SHARED);
  if (trace) {
    // Booked credit over the divisor is the list score; past 1 (heavy weights) every category shrinks alike.
    const scale = credit > 0 && total > 0 ? (100 * base) / credit : 0;
    for (const category of ['music', 'games', 'shows'] as const) trace.credit[category] *= scale;
    // Words of items already listed above (the "ring" of Elden Ring) are not news under hobbies.
    const listed = [...trace.items.music, ...trace.items.games, ...trace.items.shows].join(' ').toLowerCase();
    trace.items.hobbies = trace.stemIndexes.map((index) => user.stemWords[index] ?? '').filter((word) => word !== '' && !listed.includes(word));
    trace.hobbyPoints = 100 * (1 - base) * bonus;
  }
  return Math.min(100, Math.max(0, score));
}

function newTrace(): Trace {
  return { credit: { music: 0, games: 0, shows: 0 }, items: { music: [], games: [], shows: [], hobbies: [] }, stemIndexes: [], hobbyPoints: 0 };
}

/** The unrounded points of each category for one candidate; they add up to the unrounded score. */
export function contributions(user: PreparedUser, candidate: CandidateTaste): RawContributions {
  const trace = newTrace();
  scoreInto(user, candidate, trace);
  return {
    music: { points: trace.credit.music, items: trace.items.music },
    games: { points: trace.credit.games, items: trace.items.games },
    shows: { points: trace.credit.shows, items: trace.items.shows },
    hobbies: { points: trace.hobbyPoints, items: trace.items.hobbies },
  };
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
  /** username → the score split by category (present when asked for with `explain`) */
  breakdowns: Record<string, MatchBreakdown>;
}

/** Scores every candidate; a username listed twice keeps its first entry. `explain` adds the breakdowns. */
export function scoreAll(user: UserTaste, candidates: readonly CandidateTaste[], options: { explain?: boolean } = {}): SimilarityResult {
  const prepared = prepareUser(user);
  // Prototype-free records: a username such as "__proto__" stays an ordinary key, and they are the
  // quickest dictionaries for 10,000 keys. JSON.stringify writes them like any object.
  const scores = Object.create(null) as Record<string, number>;
  const shared = Object.create(null) as Record<string, string[]>;
  const breakdowns = Object.create(null) as Record<string, MatchBreakdown>;
  for (const candidate of candidates) {
    if (scores[candidate.username] !== undefined) continue;
    const score = scoreInto(prepared, candidate);
    scores[candidate.username] = score;
    shared[candidate.username] = ownShared(prepared);
    if (options.explain) {
      const breakdown = apportion(score, contributions(prepared, candidate));
      if (breakdown) breakdowns[candidate.username] = breakdown;
    }
  }
  return { scores, shared, breakdowns };
}

/**
 * Breakdowns of scores that came from elsewhere (a Gemini answer): each score split in proportion to what
 * the local engine finds in common; a score with nothing in common to split by gets none.
 */
export function explainScores(user: UserTaste, candidates: readonly CandidateTaste[], scores: Readonly<Record<string, number>>): Record<string, MatchBreakdown> {
  const prepared = prepareUser(user);
  const breakdowns = Object.create(null) as Record<string, MatchBreakdown>;
  for (const candidate of candidates) {
    const score = scores[candidate.username];
    if (score === undefined || breakdowns[candidate.username] !== undefined) continue;
    const breakdown = apportion(score, contributions(prepared, candidate));
    if (breakdown) breakdowns[candidate.username] = breakdown;
  }
  return breakdowns;
}

/** Only the shared items (used beside a Gemini score, which carries no reasons of its own). */
export function sharedItems(user: UserTaste, candidates: readonly CandidateTaste[]): Record<string, string[]> {
  return scoreAll(user, candidates).shared;
}
