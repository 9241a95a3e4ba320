import { describe, expect, it } from 'vitest';
import { splashMachine } from '../../src/machines/splash.machine';
import { runModel } from '../support/modelTest';

describe('splash machine (model-based)', () => {
  it('waits 3500 ms, then replaces history with /auth, on every path', async () => {
    const count = await runModel({
      machine: splashMachine,
      events: [{ type: 'xstate.after.splashDelay.splash.showing' }],
      provide: (env) => ({ actions: { goToAuth: () => env.record('navigate', { to: '/auth', replace: true }) } }),
      check: ({ env, snapshot }) => {
        if (snapshot.value === 'done') {
          expect(env.clock.now()).toBe(3500);
          expect(env.effects).toEqual([{ type: 'navigate', payload: { to: '/auth', replace: true } }]);
        } else {
          expect(env.effects).toEqual([]);
        }
      },
    });
    expect(count).toBeGreaterThanOrEqual(2);
  });
});
