import { describe, expect, it } from 'vitest';
import { splashMachine } from '../../src/machines/splash.machine';
import { testModel } from '../support/modelTest';

// docs/product.md §2 Splash: after 3500 ms it replaces history with /auth.
describe('splash machine (model-based)', () => {
  it('waits 3500 ms, then replaces history with /auth', async () => {
    const report = await testModel({
      machine: splashMachine,
      limit: 5,
      events: [{ type: 'xstate.after.splashDelay.splash.showing' }],
      delays: { splashDelay: 3500 },
      provide: (env) => ({ actions: { goToAuth: () => env.record('navigate', { to: '/auth', replace: true }) } }),
      states: {
        showing: ({ env }) => expect(env.timeline).toEqual([]),
        done: ({ env }) => expect(env.timeline).toEqual([{ type: 'navigate', payload: { to: '/auth', replace: true }, at: 3500 }]),
      },
    });
    expect(report).toMatchObject({ paths: 2, states: 3, transitions: 1 });
  });
});
