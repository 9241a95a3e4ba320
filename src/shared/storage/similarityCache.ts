import { z } from 'zod';
import { matchBreakdownSchema, type MatchBreakdown } from '../../domain/matchBreakdown';
import { SCORE_LIFETIME_MS } from '../../domain/discoverRules';
import type { Profile } from '../../domain/profile';
import { defineKeyFamily, keysWithPrefix, removeRaw } from './store';

export const SIMILARITY_CACHE_PREFIX = 'similarity_cache_';

const entrySchema = z.object({
  timestamp: z.number(),
  scores: z.record(z.string(), z.number()),
  // Optional: each score's split by category, kept with the scores it explains.
  breakdowns: z.record(z.string(), matchBreakdownSchema).optional(),
});
export type SimilarityCacheEntry = z.infer<typeof entrySchema>;

const cacheEntry = defineKeyFamily<SimilarityCacheEntry | null>(SIMILARITY_CACHE_PREFIX, entrySchema.nullable(), () => null);

/**
 * A 64-bit FNV-1a hash over the UTF-16 code units of the profile's canonical JSON, written as hex.
 * Code units (not UTF-8 bytes) so any string, even one with lone surrogates, hashes distinctly.
 */
export function profileHash(profile: Profile): string {
  const canonical = JSON.stringify([
    profile.username,
    profile.profilePicture,
    profile.hobbies,
    profile.musicGenres,
    profile.favoriteGames,
    profile.favoriteShows,
    profile.connectedServices.spotify,
    profile.connectedServices.trakt,
    profile.connectedServices.steam,
    // Only when present, so the hash of a profile without connected taste stays what it was.
    ...(profile.connectedTaste ? [profile.connectedTaste] : []),
  ]);
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (let i = 0; i < canonical.length; i += 1) {
    hash ^= BigInt(canonical.charCodeAt(i));
    hash = (hash * prime) & mask;
  }
  return hash.toString(16).padStart(16, '0');
}

function freshEntry(profile: Profile, now: number): SimilarityCacheEntry | null {
  const entry = cacheEntry(profileHash(profile)).read();
  if (!entry || now - entry.timestamp >= SCORE_LIFETIME_MS || now < entry.timestamp) return null;
  return entry;
}

export function readSimilarityCache(profile: Profile, now: number): Record<string, number> | null {
  return freshEntry(profile, now)?.scores ?? null;
}

/** The explained matches cached with this profile's scores; none when the cache has no fresh entry. */
export function readSimilarityBreakdowns(profile: Profile, now: number): Record<string, MatchBreakdown> {
  return freshEntry(profile, now)?.breakdowns ?? {};
}

export function writeSimilarityCache(profile: Profile, scores: Record<string, number>, now: number, breakdowns?: Record<string, MatchBreakdown>): void {
  cacheEntry(profileHash(profile)).write({ timestamp: now, scores, ...(breakdowns && Object.keys(breakdowns).length > 0 ? { breakdowns } : {}) });
}

export function clearSimilarityCache(): void {
  for (const key of keysWithPrefix(SIMILARITY_CACHE_PREFIX)) removeRaw(key);
}
