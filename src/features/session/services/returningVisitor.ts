import { isProfileComplete } from '../../../domain/profile';
import { loadProfile } from '../../../shared/storage/profile';
import { mayHoldSession } from '../../../shared/session/memberHint';

/**
 * Whether this browser has been here before with something to come back to: a member's session (its
 * readable hint cookie) or a guest profile complete enough for Discover. Such a visitor skips the splash.
 */
export function isReturningVisitor(): boolean {
  return mayHoldSession() || isProfileComplete(loadProfile());
}
