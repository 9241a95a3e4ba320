import { z } from 'zod';

export const connectedServicesSchema = z.object({
  spotify: z.boolean().default(false),
  trakt: z.boolean().default(false),
  steam: z.boolean().default(false),
});

// Fields default so an older stored profile missing a field still loads instead of being discarded.
export const profileSchema = z.object({
  username: z.string().default(''),
  profilePicture: z.string().default(''),
  hobbies: z.string().default(''),
  musicGenres: z.array(z.string()).default([]),
  favoriteGames: z.array(z.string()).default([]),
  favoriteShows: z.array(z.string()).default([]),
  connectedServices: connectedServicesSchema.default({ spotify: false, trakt: false, steam: false }),
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
