import { z } from 'zod';
import { safeLine, safeMultiLine } from './safeText';

export const connectedServicesSchema = z.object({
  spotify: z.boolean().default(false),
  trakt: z.boolean().default(false),
  steam: z.boolean().default(false),
});

/**
 * What connected accounts reported, kept once the person accepted an import from them, so the
 * similarity engine can weigh the items they list: Steam games with hours played (most played first) and
 * Spotify genres in the order of the top artists they come from. Bounded: a handful of items per service.
 */
export const connectedTasteSchema = z.object({
  steamGames: z.array(z.object({ name: safeLine(200), hours: z.number().min(0).max(1_000_000) })).max(10).optional(),
  spotifyGenres: z.array(safeLine(200)).max(10).optional(),
});
export type ConnectedTaste = z.infer<typeof connectedTasteSchema>;

// Fields default so an older stored profile missing a field still loads instead of being discarded.
export const profileSchema = z.object({
  username: z.string().default(''),
  profilePicture: z.string().default(''),
  hobbies: z.string().default(''),
  musicGenres: z.array(z.string()).default([]),
  favoriteGames: z.array(z.string()).default([]),
  favoriteShows: z.array(z.string()).default([]),
  connectedServices: connectedServicesSchema.default({ spotify: false, trakt: false, steam: false }),
  // Optional: older profiles and other clients simply have none.
  connectedTaste: connectedTasteSchema.optional(),
});

export type Profile = z.infer<typeof profileSchema>;

/**
 * The most a profile holds, far beyond what a person types: every list (music genres, games, shows)
 * at most 50 items of at most 100 characters, hobbies at most 2000 characters (what the AI routes take).
 * The browser stops the editor at these; the server refuses more with 400 naming the field.
 */
export const PROFILE_LIMITS = {
  username: 64,
  hobbies: 2000,
  listItems: 50,
  itemLength: 100,
  /** A data URL of a 200 KB picture as base64, with room for its prefix. */
  pictureLength: 280_000,
} as const;

const boundedList = z.array(safeLine(PROFILE_LIMITS.itemLength)).max(PROFILE_LIMITS.listItems);

/**
 * The profile as it travels to the server: the same fields, each within PROFILE_LIMITS and free of
 * control characters (hobbies may have line breaks). Stored profiles keep the lenient profileSchema so
 * a device's older copy still loads.
 */
export const boundedProfileSchema = profileSchema.extend({
  username: safeLine(PROFILE_LIMITS.username).default(''),
  profilePicture: safeLine(PROFILE_LIMITS.pictureLength).default(''),
  hobbies: safeMultiLine(PROFILE_LIMITS.hobbies).default(''),
  musicGenres: boundedList.default([]),
  favoriteGames: boundedList.default([]),
  favoriteShows: boundedList.default([]),
});
export type ServiceName = keyof Profile['connectedServices'];

export function emptyProfile(): Profile {
  return {
    username: '',
    profilePicture: '',
    hobbies: '',
    musicGenres: [],
    favoriteGames: [],
    favoriteShows: [],
    connectedServices: { spotify: false, trakt: false, steam: false },
  };
}

/** docs/product.md: username and hobbies non-empty, and at least one interest list non-empty. */
export function isProfileComplete(profile: Profile): boolean {
  return (
    profile.username.trim() !== '' &&
    profile.hobbies.trim() !== '' &&
    (profile.musicGenres.length > 0 || profile.favoriteGames.length > 0 || profile.favoriteShows.length > 0)
  );
}

/** Where a finished log-in lands: Home for a profile that is already complete, otherwise profile building. */
export type Landing = 'home' | 'connections';
