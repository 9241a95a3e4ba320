import { emptyProfile, profileSchema, type Profile } from '../../domain/profile';
import { defineKey } from './store';
import { PROFILE_KEY } from './profilePresence';
import { clearSimilarityCache } from './similarityCache';

export const profileKey = defineKey(PROFILE_KEY, profileSchema, emptyProfile);

export function loadProfile(): Profile {
  return profileKey.read();
}

/** Saves at once; every profile change invalidates cached similarity scores (docs/product.md). */
export function saveProfile(profile: Profile): void {
  profileKey.write(profile);
  clearSimilarityCache();
}

/** Keeps the name typed at sign-up for a guest, so onboarding starts with it; a name already chosen stays. */
export function keepSignUpUsername(username: string): void {
  const name = username.trim();
  const profile = loadProfile();
  if (name === '' || profile.username.trim() !== '') return;
  saveProfile({ ...profile, username: name });
}
