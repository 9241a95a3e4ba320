import { describe, expect, it } from 'vitest';
import { oauthCallbackMachine } from '../../src/machines/oauthCallback.machine';
import { testModel } from '../support/modelTest';

const params = { code: 'one-time-code', state: 'saved-state', error: null };
const tokens = { access_token: 'access', refresh_token: 'refresh' };

// docs/product.md §4 OAuth callback: exchange the code once; a truthy result goes to /profile, a falsy result or an
// exception to / (logged, no message shown). Both routes replace history.
describe('OAuth callback machine (model-based)', () => {
  for (const provider of ['spotify', 'trakt'] as const) {
    it(`${provider}: tokens → stored and /profile; no tokens or a failure → / only`, async () => {
      const report = await testModel({
        machine: oauthCallbackMachine,
        input: { provider, params },
        limit: 5,
        events: [
          { type: 'xstate.done.actor.exchange', output: tokens },
          { type: 'xstate.done.actor.exchange', output: null },
          { type: 'xstate.done.actor.exchange', output: { access_token: '' } },
          { type: 'xstate.error.actor.exchange', error: new Error('state does not match') },
        ],
        provide: (env) => ({
          actions: {
            finish: (_: unknown, p: { tokens: unknown }) => env.record('finish', p.tokens),
            goToSuccess: () => env.record('navigate', '/profile'),
            goToFailure: () => env.record('navigate', '/'),
            logFailure: () => env.record('log'),
          },
        }),
        states: {
          exchanging: ({ env }) => {
            expect(env.pending.get('exchange')?.map((d) => d.input)).toEqual([{ provider, params }]);
            expect(env.timeline).toEqual([]);
          },
          succeeded: ({ env, snapshot }) => {
            expect(env.pending.get('exchange')).toHaveLength(1);
            expect(env.timeline).toEqual([
              { type: 'finish', payload: tokens, at: 0 },
              { type: 'navigate', payload: '/profile', at: 0 },
            ]);
            expect(snapshot.status).toBe('done');
          },
          failed: ({ env, snapshot }) => {
            expect(env.pending.get('exchange')).toHaveLength(1);
            expect(env.timeline).toEqual([
              { type: 'log', payload: undefined, at: 0 },
              { type: 'navigate', payload: '/', at: 0 },
            ]);
            expect(snapshot.status).toBe('done');
          },
        },
      });
      expect(report).toMatchObject({ paths: 5, states: 4, transitions: 2, guards: 1 });
    });
  }
});
