import { fromPromise, setup } from 'xstate';

/**
 * Splash (docs/product.md section 2). A returning visitor (a member's session, or a guest whose profile is
 * complete) goes straight to /dashboard; a first visit sees the tagline, then history is replaced with /auth
 * after 3500 ms. A failed check counts as a first visit: the splash is the safe default.
 */
export const splashMachine = setup({
  types: {} as { events: { type: 'never' } },
  actors: {
    // Loaded on demand: the check reads the stored profile through zod, which the first screen must not carry.
    checkReturning: fromPromise<boolean>(() =>
      import('../services/returningVisitor').then(({ isReturningVisitor }) => isReturningVisitor()),
    ),
  },
  guards: {
    isReturning: (_, params: { returning: boolean }) => params.returning,
  },
  actions: {
    goToAuth: () => {
      // Provided by the screen: navigate('/auth', { replace: true }).
    },
    goToDashboard: () => {
      // Provided by the screen: navigate('/dashboard', { replace: true }).
    },
    logFailure: (_, params: { error: unknown }) => console.error('returning-visitor check failed', params.error),
  },
  delays: { splashDelay: 3500 },
}).createMachine({
  id: 'splash',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkReturning',
        src: 'checkReturning',
        onDone: [
          { guard: { type: 'isReturning', params: ({ event }) => ({ returning: event.output }) }, target: 'returning' },
          { target: 'showing' },
        ],
        onError: { target: 'showing', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showing: { after: { splashDelay: 'done' } },
    done: { type: 'final', entry: 'goToAuth' },
    returning: { type: 'final', entry: 'goToDashboard' },
  },
});
