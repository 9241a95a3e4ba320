// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { providerAuthImplementationsFor } from '../../src/features/profile/actors/providerAuth.actors';
import { providerAuthMachine } from '../../src/features/profile/machines/providerAuth.machine';
import { getTopArtists } from '../../src/features/profile/services/providerData';
import { createViewerSource } from '../../src/shared/session/viewer';
import { createClientConfigLoader } from '../../src/shared/http/config';
import { loadProfile } from '../../src/shared/storage/profile';
import { after, done, failed, isAfter, isFailed, itCoversTheModel, type ReplayEnv } from '../support/modelTest';
import { json, mockFetch } from '../services/fetchMock';

// The card's IO as the app provides it: the server's configuration (fetched through the test's fetch fake)
// and the app's viewer, which a test announces on.
const viewer = createViewerSource();
const providerAuthImplementations = providerAuthImplementationsFor(viewer, createClientConfigLoader());

const AUTHORIZE = 'http://127.0.0.1:5173/demo/spotify/authorize?state=s';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

// Only an explicit logout or a failed refresh forgets the tokens, each at the moment it happens.
function expectLogouts(env: ReplayEnv, events: string[]) {
  const forgetting = events.filter((e) => e === 'LOGOUT' || isFailed('refreshTokens')(e));
  expect(env.timeline.filter((e) => e.type === 'logout')).toEqual(forgetting.map(() => ({ type: 'logout', payload: undefined, at: 0 })));
}

const lastFlag = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'flag').at(-1)?.payload;

/**
 * Not connected here: the profile's flag falls only when a connection on this device ends; a device that
 * never had one only says so once (whether that clears the flag is the viewer's matter, tested with real storage).
 */
function expectNotConnectedHere(env: ReplayEnv) {
  // Logging out (logoutProvider) clears the flag itself.
  const flagChanges = env.timeline.filter((e) => e.type === 'flag' || e.type === 'logout');
  if (flagChanges.length > 0) expect(flagChanges.at(-1)).not.toMatchObject({ type: 'flag', payload: true });
  else expect(env.timeline.filter((e) => e.type === 'noConnectionHere')).toHaveLength(1);
}

describe('provider auth machine (model-based)', () => {
  itCoversTheModel('reaches every state and transition; logs out on LOGOUT and on a failed refresh, redirects after LOGIN', {
    machine: providerAuthMachine,
    input: { provider: 'spotify' },
    limit: 10,
    events: [
      { type: 'TOKEN_STORED' },
      { type: 'TOKEN_CLEARED' },
      { type: 'LOGIN' },
      { type: 'LOGOUT' },
      { type: 'REFRESH' },
      done('prepareLogin', AUTHORIZE),
      failed('prepareLogin', new Error('config unavailable')),
      done('refreshTokens', 'fresh-token'),
      failed('refreshTokens', new Error('invalid_grant')),
      failed('watchToken', new Error('storage gone')),
      after('redirectGrace'),
    ],
    // A redirect that has not unloaded the page after 10 s is over (the card offers Connect again).
    delays: { redirectGrace: 10_000 },
    provide: (env) => ({
      actions: {
        redirect: (_: unknown, params: { url: string }) => env.record('redirect', params.url),
        logout: () => env.record('logout'),
        markConnected: () => env.record('flag', true),
        markDisconnected: () => env.record('flag', false),
        noteNoTokenHere: () => env.record('noConnectionHere'),
        logFailure: () => undefined,
      },
    }),
    states: {
      // Until the watcher reports the stored token nothing is shown as connected or not.
      checking: ({ env }) => expect(env.timeline).toEqual([]),
      unauthenticated: ({ env, events, last }) => {
        expectNotConnectedHere(env);
        expectLogouts(env, events);
        if (isAfter('redirectGrace')(last)) {
          expect(env.timeline.filter((e) => e.type === 'redirect')).toEqual([{ type: 'redirect', payload: AUTHORIZE, at: 0 }]);
          expect(env.clock.now()).toBe(10_000);
        }
      },
      preparing: ({ env }) => {
        expect(env.pending.get('prepareLogin')?.at(-1)?.input).toEqual({ provider: 'spotify' });
        expect(env.timeline.filter((e) => e.type === 'redirect')).toEqual([]);
      },
      redirected: ({ env }) => {
        expect(env.timeline.at(-1)).toEqual({ type: 'redirect', payload: AUTHORIZE, at: 0 });
        expect(env.pending.get('prepareLogin')?.at(-1)?.input).toEqual({ provider: 'spotify' });
      },
      authenticated: ({ env, events }) => {
        expect(lastFlag(env)).toBe(true);
        expectLogouts(env, events);
      },
      refreshing: ({ env, events }) => {
        expect(lastFlag(env)).toBe(true);
        expect(env.pending.get('refreshTokens')?.at(-1)?.input).toEqual({ provider: 'spotify' });
        expectLogouts(env, events);
      },
    },
  }, { states: 7, transitions: 14 });
});

describe('provider auth machine with real storage', () => {
  /** The machine with the app's real IO, and the parts a test fakes. */
  const real = (fakes: Parameters<typeof providerAuthMachine.provide>[0] = {}) =>
    providerAuthMachine.provide({
      actors: { ...providerAuthImplementations.actors, ...fakes.actors },
      actions: { ...providerAuthImplementations.actions, ...fakes.actions },
    });
  const start = (provider: 'spotify' | 'trakt') => {
    const redirect = vi.fn();
    const actor = createActor(real({ actions: { redirect: (_, p) => redirect(p.url) } }), { input: { provider } });
    actor.start();
    return { actor, redirect };
  };

  it('starts authenticated when an access token is stored, and not otherwise', () => {
    localStorage.setItem('trakt_access_token', 'a');
    expect(start('trakt').actor.getSnapshot().value).toBe('authenticated');
    expect(start('spotify').actor.getSnapshot().value).toBe('unauthenticated');
    expect(loadProfile().connectedServices).toMatchObject({ spotify: false, trakt: true });
  });

  // Alice connected Spotify on her laptop; she logs in on a phone that has no token.
  const alicesProfile = {
    username: 'alice',
    hobbies: 'climbing',
    musicGenres: ['Jazz'],
    connectedServices: { spotify: true, trakt: false, steam: false },
    connectedTaste: { spotifyGenres: ['jazz', 'soul'] },
  };

  it("keeps a member's service connected elsewhere, with its taste, when this device has no token", () => {
    viewer.announce({ kind: 'member', memberId: 'm-alice' });
    localStorage.setItem('user_profile', JSON.stringify(alicesProfile));
    expect(start('spotify').actor.getSnapshot().value).toBe('unauthenticated');
    expect(loadProfile()).toMatchObject({ connectedServices: { spotify: true }, connectedTaste: { spotifyGenres: ['jazz', 'soul'] } });
  });

  it("clears a guest's flag and the taste it brought when the token is gone from the device", () => {
    viewer.announce({ kind: 'guest' });
    localStorage.setItem('user_profile', JSON.stringify(alicesProfile));
    start('spotify');
    expect(loadProfile().connectedServices.spotify).toBe(false);
    expect(loadProfile().connectedTaste?.spotifyGenres).toBeUndefined();
  });

  it("clears a member's flag when they disconnect on this device", () => {
    viewer.announce({ kind: 'member', memberId: 'm-alice' });
    localStorage.setItem('user_profile', JSON.stringify(alicesProfile));
    localStorage.setItem('spotify_access_token', 'a');
    const { actor } = start('spotify');
    actor.send({ type: 'LOGOUT' });
    expect(loadProfile().connectedServices.spotify).toBe(false);
  });

  it('LOGOUT clears exactly its two keys and the flag', () => {
    localStorage.setItem('spotify_access_token', 'a');
    localStorage.setItem('spotify_refresh_token', 'r');
    localStorage.setItem('trakt_access_token', 't');
    const { actor } = start('spotify');
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(localStorage.getItem('spotify_access_token')).toBeNull();
    expect(localStorage.getItem('spotify_refresh_token')).toBeNull();
    expect(localStorage.getItem('trakt_access_token')).toBe('t');
    expect(loadProfile().connectedServices.spotify).toBe(false);
  });

  it('REFRESH with no refresh token logs out; with one it stores the new token', async () => {
    localStorage.setItem('trakt_access_token', 'a');
    mockFetch({ 'POST /api/trakt/auth/refresh': json({ access_token: 'a2', refresh_token: 'r2' }) });
    const { actor } = start('trakt');
    actor.send({ type: 'REFRESH' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unauthenticated'));
    expect(localStorage.getItem('trakt_access_token')).toBeNull();

    localStorage.setItem('trakt_access_token', 'a');
    localStorage.setItem('trakt_refresh_token', 'r');
    const again = start('trakt').actor;
    again.send({ type: 'REFRESH' });
    await vi.waitFor(() => expect(localStorage.getItem('trakt_access_token')).toBe('a2'));
    expect(again.getSnapshot().value).toBe('authenticated');
    expect(localStorage.getItem('trakt_refresh_token')).toBe('r2');
  });

  it('LOGIN saves a state and redirects to the authorize URL', async () => {
    const redirect = vi.fn();
    const actor = createActor(
      real({
        actions: { redirect: (_, p) => redirect(p.url) },
        actors: { prepareLogin: fromPromise(async () => AUTHORIZE) },
      }),
      { input: { provider: 'spotify' } },
    ).start();
    actor.send({ type: 'LOGIN' });
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(AUTHORIZE));
    expect(actor.getSnapshot().value).toBe('redirected');
  });

  it('LOGIN from a screen hands that screen to the round trip, as its way back', async () => {
    const asked: unknown[] = [];
    const actor = createActor(
      real({
        actors: {
          prepareLogin: fromPromise(async ({ input }) => {
            asked.push(input);
            return AUTHORIZE;
          }),
        },
      }),
      { input: { provider: 'trakt' } },
    ).start();
    actor.send({ type: 'LOGIN', origin: '/connections' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('redirected'));
    expect(asked).toEqual([{ provider: 'trakt', origin: '/connections' }]);
  });

  it('logs a sign-in that cannot start and a token watcher that fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = new Error('config unavailable');
    const broken = new Error('no storage events');
    const actor = createActor(
      real({
        actors: {
          prepareLogin: fromPromise(() => Promise.reject(refused)),
        },
      }),
      { input: { provider: 'spotify' } },
    ).start();
    actor.send({ type: 'LOGIN' });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('could not start sign-in', refused));
    expect(actor.getSnapshot().value).toBe('unauthenticated');

    const watcherDown = createActor(
      real({
        actors: {
          watchToken: fromCallback(() => {
            throw broken;
          }),
        },
      }),
      { input: { provider: 'spotify' } },
    ).start();
    expect(logged).toHaveBeenCalledWith('token watcher failed', broken);
    expect(watcherDown.getSnapshot().value).toBe('checking');
  });

  it('shows Connect again when a data call had to log the provider out', async () => {
    localStorage.setItem('spotify_access_token', 'stale');
    const { actor } = start('spotify');
    expect(actor.getSnapshot().value).toBe('authenticated');
    mockFetch({ 'GET /api/api/spotify/me/top/artists': json({ error: { code: 'TOKEN_EXPIRED', message: 'x' } }, 401) });
    await expect(getTopArtists()).rejects.toThrow();
    expect(actor.getSnapshot().value).toBe('unauthenticated');
  });
});
