import { describe, expect, it, vi } from 'vitest';
import { connectServicesMachine } from '../../src/features/profile/machines/connectServices.machine';
import { done, failed, isDone, isFailed, testModel, type ReplayEnv } from '../support/modelTest';

const DEMO = { spotify: true, trakt: false, steam: true };
const NO_DEMO = { spotify: false, trakt: false, steam: false };

const events = [
  done('config', DEMO),
  failed('config', new Error('config unavailable')),
  failed('spotify', new Error('spotify card broke')),
  failed('trakt', new Error('trakt card broke')),
  failed('steam', new Error('steam card broke')),
];

// The three cards run side by side from the start, whatever the config says: one provider-auth instance
// each for Spotify and Trakt, and the Steam connection.
function expectCards(env: ReplayEnv) {
  expect(env.pending.get('spotify')?.map((d) => d.input)).toEqual([{ provider: 'spotify' }]);
  expect(env.pending.get('trakt')?.map((d) => d.input)).toEqual([{ provider: 'trakt' }]);
  expect(env.pending.get('steam')).toHaveLength(1);
  expect(env.pending.get('config')).toHaveLength(1);
}

// A failing card or config is logged with what failed, and nothing else happens.
const WHAT: Record<string, string> = {
  spotify: 'Spotify connection failed',
  trakt: 'Trakt connection failed',
  steam: 'Steam connection failed',
  config: 'config unavailable',
};
function expectLogs(env: ReplayEnv, events: string[]) {
  const logged = events.flatMap((e) => Object.entries(WHAT).flatMap(([invoke, text]) => (isFailed(invoke)(e) ? [text] : [])));
  expect(env.timeline.filter((e) => e.type === 'log').map((e) => e.payload)).toEqual(logged);
}

describe('connect services machine (model-based)', () => {
  it('starts the three cards at once and learns which services are demos from the config', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = await testModel({
      machine: connectServicesMachine,
      limit: 10,
      events,
      provide: (env) => ({
        actions: { logFailure: (_: unknown, params: { what: string }) => env.record('log', params.what) },
      }),
      states: {
        loadingConfig: ({ env, context, events }) => {
          expectCards(env);
          expectLogs(env, events);
          expect(context.demo).toEqual(NO_DEMO);
        },
        // Without the config the cards still work; they just say no service is a demo.
        ready: ({ env, context, events }) => {
          expectCards(env);
          expectLogs(env, events);
          expect(context.demo).toEqual(events.some(isDone('config')) ? DEMO : NO_DEMO);
        },
      },
    });
    expect(report).toMatchObject({ states: 3, transitions: 5 });
  });
});
