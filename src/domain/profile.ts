import { z } from 'zod';

export const connectedServicesSchema = z.object({
  spotify: z.boolean().default(false),
  trakt: z.boolean().default(false),
  steam: z.boolean().default(false),
});

/**
 * What connected accounts reported, kept once the person accepted an import from them (issue 15), so the
 * similarity engine can weigh the items they list: Steam games with hours played (most played first) and
 * Spotify genres in the order of the top artists they come from. Bounded: a handful of items per service.
 */
export const connectedTasteSchema = z.object({
  steamGames: z.array(z.object({ name: z.string().max(200), hours: z.number().min(0).max(1_000_000) })).max(10).optional(),
  spotifyGenres: z.array(z.string().max(200)).max(10).optional(),
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
  // Optional (added in issue 15): older profiles and other clients simply have none.
  connectedTaste: connectedTasteSchema.optional(),
});

export type Profile = z.infer<typeof profileSchema>;
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

/** docs/product.md section 5: username and hobbies non-empty, and at least one interest list non-empty. */
export function isProfileComplete(profile: Profile): boolean {
  return (
    profile.username.trim() !== '' &&
    profile.hobbies.trim() !== '' &&
    (profile.musicGenres.length > 0 || profile.favoriteGames.length > 0 || profile.favoriteShows.length > 0)
  );
}
