import type { Persona } from '../../../domain/aiContract';
import type { Profile } from '../../../domain/profile';
import { profileHash, readSimilarityCache, writeSimilarityCache } from '../../../shared/storage/similarityCache';
import { allDefaultScores, requestSimilarity } from '../../../shared/http/ai';

export type SimilarityCandidate = Pick<Persona, 'username' | 'personality' | 'interests'>;

// Two callers asking for the same scores at once (StrictMode mounts twice) share one request.
const inFlight = new Map<string, Promise<Record<string, number>>>();

function pick(scores: Record<string, number>, candidates: readonly SimilarityCandidate[]): Record<string, number> | null {
  if (!candidates.every((c) => Object.hasOwn(scores, c.username))) return null;
  return Object.fromEntries(candidates.map((c) => [c.username, scores[c.username]!]));
}

/**
 * Similarity of the profile to every candidate (username → 0-100). A cached answer for this exact profile
 * younger than an hour is used as is; otherwise ONE request scores all candidates and the answer is cached
 * under the profile's hash (docs/product.md sections 3 and 9). A failed request gives every candidate 50 and is not
 * cached, so the next load asks again.
 */
export async function getSimilarityScores(
  profile: Profile,
  candidates: readonly SimilarityCandidate[],
  now: number,
): Promise<Record<string, number>> {
  if (candidates.length === 0) return {};
  const cached = readSimilarityCache(profile, now);
  const hit = cached && pick(cached, candidates);
  if (hit) return hit;

  const key = `${profileHash(profile)}\u0000${candidates.map((c) => c.username).join('\u0000')}`;
  let request = inFlight.get(key);
  if (!request) {
    request = fetchAndCache(profile, candidates, now).finally(() => inFlight.delete(key));
    inFlight.set(key, request);
  }
  return request;
}

async function fetchAndCache(
  profile: Profile,
  candidates: readonly SimilarityCandidate[],
  now: number,
): Promise<Record<string, number>> {
  let scores: Record<string, number>;
  let breakdowns;
  try {
    ({ scores, breakdowns } = await requestSimilarity(profile, candidates));
  } catch (error) {
    console.error('Similarity scoring failed; every candidate gets 50:', error);
    return allDefaultScores(candidates);
  }
  try {
    // The breakdowns ride with the scores they explain (readSimilarityBreakdowns reads them back).
    writeSimilarityCache(profile, scores, now, breakdowns);
  } catch (error) {
    // A full storage only costs the cache; the scores themselves are good.
    console.error('Could not cache similarity scores:', error);
  }
  return scores;
}
