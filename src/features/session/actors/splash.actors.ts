import { fromPromise } from 'xstate';
import { mayHoldSession } from '../../../shared/session/memberHint';
import { hasStoredProfile } from '../../../shared/storage/profilePresence';

type ReturningVisitorService = Pick<typeof import('../services/returningVisitor'), 'isReturningVisitor'>;

const loadReturningVisitor = (): Promise<ReturningVisitorService> => import('../services/returningVisitor');

// The splash is the first screen: its check reads the stored profile through zod, which the first screen
// must not carry, so the service is loaded on demand, and only when there is something to come back to
// (a member's hint cookie or a stored profile): a first visit has neither and loads none of it.
export function splashActorsWith(load: () => Promise<ReturningVisitorService> = loadReturningVisitor) {
  return {
    checkReturning: fromPromise<boolean>(() =>
      mayHoldSession() || hasStoredProfile() ? load().then(({ isReturningVisitor }) => isReturningVisitor()) : Promise.resolve(false),
    ),
  };
}

export const splashActors = splashActorsWith();
