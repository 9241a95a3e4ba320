import type { Profile } from '../../src/domain/profile';

// docs/product.md §3's profile as it is stored and sent: every field spelled out, nothing filled in and no
// service connected unless a test says otherwise. Written here once so a test names only what it is about.

/** A whole profile: the given fields over an empty one. */
export function profileWith(fields: Partial<Profile> = {}): Profile {
  return {
    username: '',
    profilePicture: '',
    hobbies: '',
    musicGenres: [],
    favoriteGames: [],
    favoriteShows: [],
    connectedServices: { spotify: false, trakt: false, steam: false },
    ...fields,
  };
}

/** The same profile as the device keeps it under localStorage 'user_profile'. */
export function storedProfileJson(fields: Partial<Profile> = {}): string {
  return JSON.stringify(profileWith(fields));
}
