// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { providerAuthMachine } from '../../src/machines/providerAuth.machine';
import { getTopArtists } from '../../src/services/providerData';
import { loadProfile } from '../../src/storage/profile';
import { runModel } from '../support/modelTest';
import { json, mockFetch } from '../services/fetchMock';

const AUTHORIZE = 'http://127.0.0.1:5173/demo/spotify/authorize?state=s';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('provider auth machine (model-based)', () => {
  it('reaches every state and transition; logs out on LOGOUT and on a failed refresh, redirects after LOGIN', async () => {
    const count = await runModel({
      machine: providerAuthMachine,
      input: { provider: 'spotify' },
      events: [
        { type: 'TOKEN_STORED' },
        { type: 'TOKEN_CLEARED' },
        { type: 'LOGIN' },
        { type: 'LOGOUT' },
        { type: 'REFRESH' },
        { type: 'xstate.done.actor.prepareLogin', output: AUTHORIZE } as never,
        { type: 'xstate.error.actor.prepareLogin', error: new Error('config unavailable') } as never,
        { type: 'xstate.done.actor.refreshTokens', output: 'fresh-token' } as never,
        { type: 'xstate.error.actor.refreshTokens', error: new Error('invalid_grant') } as never,
        { type: 'xstate.error.actor.watchToken', error: new Error('storage gone') } as never,
        { type: 'xstate.after.redirectGrace.providerAuth.redirected' },
      ],
      provide: (env) => ({
        actions: {
          redirect: (_: unknown, params: { url: string }) => env.record('redirect', params.url),
          logout: () => env.record('logout'),
          markConnected: () => env.record('flag', true),
          markDisconnected: () => env.record('flag', false),
          logFailure: () => undefined,
        },
      }),
      check: ({ env, snapshot, path }) => {
        const last = path.steps.at(-1)?.event.type ?? '';
        const flags = env.effects.filter((e) => e.type === 'flag');
        const logouts = env.effects.filter((e) => e.type === 'logout');
        if (snapshot.value === 'authenticated' || snapshot.value === 'refreshing') expect(flags.at(-1)?.payload).toBe(true);
        if (snapshot.value === 'unauthenticated') expect(flags.at(-1)?.payload).toBe(false);
        if (snapshot.value === 'redirected') {
          expect(env.effects.at(-1)).toEqual({ type: 'redirect', payload: AUTHORIZE });
          expect(env.pending.get('prepareLogin')?.at(-1)?.input).toEqual({ provider: 'spotify' });
        }
        if (last === 'LOGOUT' || last === 'xstate.error.actor.refreshTokens') {
          expect(snapshot.value).toBe('unauthenticated');
          expect(env.effects.at(-2)).toEqual({ type: 'logout' });
        }
        // Only an explicit logout or a failed refresh forgets the tokens.
        const forgetting = path.steps.filter((s) => s.event.type === 'LOGOUT' || s.event.type === 'xstate.error.actor.refreshTokens');
        expect(logouts.length).toBe(forgetting.length);
        if (snapshot.value === 'checking') expect(env.effects).toEqual([]);
      },
    });
    expect(count).toBeGreaterThan(10);
  });
});

describe('provider auth machine with real storage', () => {
  const start = (provider: 'spotify' | 'trakt') => {
    const redirect = vi.fn();
    const actor = createActor(providerAuthMachine.provide({ actions: { redirect: (_, p) => redirect(p.url) } }), { input: { provider } });
    actor.start();
    return { actor, redirect };
  };

  it('starts authenticated when an access token is stored, and not otherwise', () => {
    localStorage.setItem('trakt_access_token', 'a');
    expect(start('trakt').actor.getSnapshot().value).toBe('authenticated');
    expect(start('spotify').actor.getSnapshot().value).toBe('unauthenticated');
    expect(loadProfile().connectedServices).toMatchObject({ spotify: false, trakt: true });
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
      providerAuthMachine.provide({
        actions: { redirect: (_, p) => redirect(p.url) },
        actors: { prepareLogin: fromPromise(async () => AUTHORIZE) },
      }),
      { input: { provider: 'spotify' } },
    ).start();
    actor.send({ type: 'LOGIN' });
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(AUTHORIZE));
    expect(actor.getSnapshot().value).toBe('redirected');
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
