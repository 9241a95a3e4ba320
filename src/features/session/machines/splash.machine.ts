import { fromPromise, setup } from 'xstate';

/**
 * Splash (docs/product.md section 2). A returning visitor (a member's session, or a guest whose profile is
 * complete) goes straight to /dashboard; a first visit sees the tagline, then history is replaced with /auth
 * after 3500 ms. A failed check counts as a first visit: the splash is the safe default.
 */
export const splashMachine = setup({
  types: {} as { events: { type: 'never' } },
  actors: {
    // True for a returning visitor: a member's session, or a guest whose stored profile is complete. A slot
    // like notProvided's, written out because the first screen's script budget cannot carry that helper's text.
    checkReturning: fromPromise<boolean>(() => Promise.reject(new Error('checkReturning was not provided'))),
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

/** The IO the splash needs, provided where the app is assembled (src/app/routes.tsx) or by a test. */
export type SplashActors = NonNullable<Parameters<typeof splashMachine.provide>[0]['actors']>;
