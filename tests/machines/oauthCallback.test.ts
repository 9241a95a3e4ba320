import { describe, expect, it } from 'vitest';
import { oauthCallbackMachine } from '../../src/features/profile/machines/oauthCallback.machine';
import { OAuthDeniedError } from '../../src/domain/oauth';
import { done, failed, isDone, testModel } from '../support/modelTest';

const codeParams = { code: 'one-time-code', state: 'saved-state', error: null };
const tokens = { access_token: 'access', refresh_token: 'refresh' };
const names = { spotify: 'Spotify', trakt: 'Trakt' } as const;

// docs/product.md OAuth callback: exchange the code once. Tokens go back to the screen the round trip
// started from (/profile unless /connections was remembered, so onboarding carries on); Deny or any failure
// returns there too, with
// '<Provider> connection cancelled.' for Deny and 'Could not connect to <Provider>. Please try again.' otherwise.
describe('OAuth callback machine (model-based)', () => {
  for (const provider of ['spotify', 'trakt'] as const) {
    it(`${provider}: tokens, Deny or a failure → back where it started, with a notice for Deny and failures`, async () => {
      const report = await testModel({
        machine: oauthCallbackMachine,
        input: { provider, params: codeParams },
        limit: 20,
        events: [
          done('recallOrigin', '/connections'),
          failed('recallOrigin', new Error('storage unavailable')),
          done('exchange', tokens),
          done('exchange', null),
          done('exchange', { access_token: '' }),
          failed('exchange', new OAuthDeniedError(provider)),
          failed('exchange', new Error(`${provider} callback state does not match the one we sent`)),
        ],
        provide: (env) => ({
          actions: {
            finish: (_: unknown, p: { tokens: unknown }) => env.record('finish', p.tokens),
            goToSuccess: (_: unknown, p: { to: string }) => env.record('navigate', p.to),
            goToFailure: (_: unknown, p: { to: string; notice: string }) => env.record('navigate', p),
            logFailure: () => env.record('log'),
          },
        }),
        states: {
          recalling: ({ env }) => {
            expect(env.pending.get('recallOrigin')?.map((d) => d.input)).toEqual([{ provider }]);
            expect(env.timeline).toEqual([]);
          },
          exchanging: ({ env }) => {
            expect(env.pending.get('exchange')?.map((d) => d.input)).toEqual([{ provider, params: codeParams }]);
            expect(env.timeline.filter((e) => e.type === 'navigate')).toEqual([]);
          },
          succeeded: ({ env, events, snapshot }) => {
            const to = events.some(isDone('recallOrigin')) ? '/connections' : '/profile';
            expect(env.timeline.filter((e) => e.type !== 'log')).toEqual([
              { type: 'finish', payload: tokens, at: 0 },
              { type: 'navigate', payload: to, at: 0 },
            ]);
            expect(snapshot.status).toBe('done');
          },
          cancelled: ({ env, events, snapshot }) => {
            const to = events.some(isDone('recallOrigin')) ? '/connections' : '/profile';
            expect(env.timeline.filter((e) => e.type === 'navigate')).toEqual([
              { type: 'navigate', payload: { to, notice: `${names[provider]} connection cancelled.` }, at: 0 },
            ]);
            expect(snapshot.status).toBe('done');
          },
          failed: ({ env, events, snapshot }) => {
            const to = events.some(isDone('recallOrigin')) ? '/connections' : '/profile';
            expect(env.timeline.filter((e) => e.type === 'navigate')).toEqual([
              { type: 'navigate', payload: { to, notice: `Could not connect to ${names[provider]}. Please try again.` }, at: 0 },
            ]);
            expect(env.timeline.filter((e) => e.type === 'log').length).toBeGreaterThan(0);
            expect(snapshot.status).toBe('done');
          },
        },
      });
      expect(report).toMatchObject({ guards: 2 });
    });
  }
});
