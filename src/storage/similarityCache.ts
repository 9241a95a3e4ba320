import { z } from 'zod';
import type { Profile } from '../domain/profile';
import { defineKeyFamily, keysWithPrefix, removeRaw } from './store';

export const SIMILARITY_CACHE_PREFIX = 'similarity_cache_';
export const SIMILARITY_CACHE_TTL_MS = 3_600_000;

const entrySchema = z.object({
  timestamp: z.number(),
  scores: z.record(z.string(), z.number()),
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

export function readSimilarityCache(profile: Profile, now: number): Record<string, number> | null {
  const entry = cacheEntry(profileHash(profile)).read();
  if (!entry || now - entry.timestamp >= SIMILARITY_CACHE_TTL_MS || now < entry.timestamp) return null;
  return entry.scores;
}

export function writeSimilarityCache(profile: Profile, scores: Record<string, number>, now: number): void {
  cacheEntry(profileHash(profile)).write({ timestamp: now, scores });
}

export function clearSimilarityCache(): void {
  for (const key of keysWithPrefix(SIMILARITY_CACHE_PREFIX)) removeRaw(key);
}
