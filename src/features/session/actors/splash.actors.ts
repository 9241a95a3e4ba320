import { fromPromise } from 'xstate';

// The splash is the first screen: its check reads the stored profile through zod, which the first screen
// must not carry, so the service is loaded on demand.
export const splashActors = {
  checkReturning: fromPromise<boolean>(() => import('../services/returningVisitor').then(({ isReturningVisitor }) => isReturningVisitor())),
};
