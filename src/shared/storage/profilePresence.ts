import { readRaw } from './store';

/** Where the profile is stored; the one spelling of the key for the full read (profile.ts) and the quick look below. */
export const PROFILE_KEY = 'user_profile';

/**
 * Whether anything is stored under the profile key, looked at without zod (first-screen budget): a first
 * visit has nothing there, so only a browser that has one needs the full, validating read.
 */
export function hasStoredProfile(): boolean {
  return readRaw(PROFILE_KEY) !== null;
}
