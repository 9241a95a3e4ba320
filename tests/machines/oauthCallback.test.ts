import { describe, expect, it } from 'vitest';
import { oauthCallbackMachine } from '../../src/machines/oauthCallback.machine';
import { runModel } from '../support/modelTest';

const params = { code: 'one-time-code', state: 'saved-state', error: null };
const tokens = { access_token: 'access', refresh_token: 'refresh' };

describe('OAuth callback machine (model-based)', () => {
  for (const provider of ['spotify', 'trakt'] as const) {
    it(`${provider}: tokens → stored and /profile; no tokens or a failure → / only`, async () => {
      const count = await runModel({
        machine: oauthCallbackMachine,
        input: { provider, params },
        events: [
          { type: 'xstate.done.actor.exchange', output: tokens } as never,
          { type: 'xstate.done.actor.exchange', output: null } as never,
          { type: 'xstate.done.actor.exchange', output: { access_token: '' } } as never,
          { type: 'xstate.error.actor.exchange', error: new Error('state does not match') } as never,
        ],
        provide: (env) => ({
          actions: {
            finish: (_: unknown, p: { tokens: unknown }) => env.record('finish', p.tokens),
            goToSuccess: () => env.record('navigate', '/profile'),
            goToFailure: () => env.record('navigate', '/'),
            logFailure: () => env.record('log'),
          },
        }),
        check: ({ env, snapshot }) => {
          // The exchange runs once, with the provider and the redirect's parameters.
          expect(env.pending.get('exchange')).toHaveLength(1);
          expect(env.pending.get('exchange')![0]!.input).toEqual({ provider, params });
          if (snapshot.value === 'succeeded') {
            expect(env.effects).toEqual([{ type: 'finish', payload: tokens }, { type: 'navigate', payload: '/profile' }]);
          } else if (snapshot.value === 'failed') {
            expect(env.effects).toEqual([{ type: 'log' }, { type: 'navigate', payload: '/' }]);
          } else {
            expect(env.effects).toEqual([]);
          }
        },
      });
      expect(count).toBeGreaterThanOrEqual(4);
    });
  }
});
