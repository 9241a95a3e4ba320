import { isProfileComplete, type Landing, type Profile } from '../../../domain/profile';
import { loadProfile, profileKey } from '../../../shared/storage/profile';
import { fetchMe } from './auth';

/**
 * How long a member's landing waits for the profile sync to bring the server's complete profile onto the
 * device: Home reads the device copy, and must not open on 'Complete Your Profile' for a complete profile.
 */
export const PROFILE_ARRIVAL_WAIT_MS = 3000;

function whenLocalProfile(complete: (profile: Profile) => boolean, waitMs: number): Promise<void> {
  if (complete(loadProfile())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = profileKey.subscribe(() => {
      if (complete(loadProfile())) done();
    });
  });
}

/**
 * A member's landing follows the profile the server holds (this device may hold nobody's or an older copy);
 * a guest's follows the device's. A member's Home waits (boundedly) until the device copy has arrived.
 */
export async function landingAfterLogIn(isMember: boolean): Promise<Landing> {
  if (!isMember) return isProfileComplete(loadProfile()) ? 'home' : 'connections';
  const { profile } = await fetchMe();
  if (profile === null || !isProfileComplete(profile)) return 'connections';
  await whenLocalProfile(isProfileComplete, PROFILE_ARRIVAL_WAIT_MS);
  return 'home';
}
