import { setup } from 'xstate';

/** Splash: shows the tagline, then replaces history with /auth after 3500 ms (docs/product.md section 2). */
export const splashMachine = setup({
  types: {} as { events: { type: 'never' } },
  actions: {
    goToAuth: () => {
      // Provided by the screen: navigate('/auth', { replace: true }).
    },
  },
  delays: { splashDelay: 3500 },
}).createMachine({
  id: 'splash',
  initial: 'showing',
  states: {
    showing: { after: { splashDelay: 'done' } },
    done: { type: 'final', entry: 'goToAuth' },
  },
});
