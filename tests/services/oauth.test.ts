// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProfile, saveProfile } from '../../src/shared/storage/profile';
import { emptyProfile } from '../../src/domain/profile';
import {
  buildAuthorizeUrl,
  createSignInCompleter,
  exchangeCode,
  finishSignIn,
  pkceChallenge,
  prepareLogin,
  refreshAccessToken,
} from '../../src/features/profile/services/oauth';
import { demoConfig, json, mockFetch } from './fetchMock';
import { createClientConfigLoader } from '../../src/shared/http/config';

/** The app's one loader of the server's configuration (over the test's fetch fake). */
const loadConfig = createClientConfigLoader();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('authorize URLs', () => {
  it('carries client_id, response_type, redirect_uri, state; Spotify adds scopes, show_dialog and PKCE', () => {
    const spotify = new URL(buildAuthorizeUrl('spotify', demoConfig, { state: 's1', codeChallenge: 'c1' }));
    expect(spotify.origin + spotify.pathname).toBe(demoConfig.spotify.authorizeUrl);
    expect(Object.fromEntries(spotify.searchParams)).toEqual({
      client_id: 'spotify-client',
      response_type: 'code',
      redirect_uri: demoConfig.spotify.redirectUri,
      state: 's1',
      scope: demoConfig.spotify.scopes.join(' '),
      show_dialog: 'true',
      code_challenge_method: 'S256',
      code_challenge: 'c1',
    });
    expect(spotify.searchParams.get('scope')!.split(' ')).toHaveLength(10);
    const trakt = new URL(buildAuthorizeUrl('trakt', demoConfig, { state: 's2' }));
    expect(Object.fromEntries(trakt.searchParams)).toEqual({
      client_id: 'trakt-client',
      response_type: 'code',
      redirect_uri: demoConfig.trakt.redirectUri,
      state: 's2',
    });
  });

  it('computes the S256 challenge as base64url(SHA-256(verifier)), checked against node:crypto', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/), async (verifier) => {
        expect(await pkceChallenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
      }),
      { numRuns: 50 },
    );
  });

  it('saves a fresh random state (and verifier) for each login', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    const first = new URL(await prepareLogin(loadConfig, 'spotify'));
    const verifier = sessionStorage.getItem('pkce_verifier_spotify')!;
    expect(verifier.length).toBeGreaterThanOrEqual(43);
    expect(first.searchParams.get('state')).toBe(sessionStorage.getItem('oauth_state_spotify'));
    expect(first.searchParams.get('code_challenge')).toBe(await pkceChallenge(verifier));
    const second = new URL(await prepareLogin(loadConfig, 'spotify'));
    expect(second.searchParams.get('state')).not.toBe(first.searchParams.get('state'));
    const trakt = new URL(await prepareLogin(loadConfig, 'trakt'));
    expect(trakt.searchParams.get('state')).toBe(sessionStorage.getItem('oauth_state_trakt'));
    expect(sessionStorage.getItem('pkce_verifier_trakt')).toBeNull();
  });
});

describe('code exchange', () => {
  it('sends the code (and Spotify the saved verifier) and returns the tokens', async () => {
    sessionStorage.setItem('pkce_verifier_spotify', 'v'.repeat(64));
    const { calls } = mockFetch({
      'POST /api/spotify/auth/token': json({ access_token: 'a1', refresh_token: 'r1' }),
      'POST /api/trakt/auth/token': json({ access_token: 'a2', refresh_token: 'r2' }),
    });
    expect(await exchangeCode('spotify', 'code-1')).toEqual({ access_token: 'a1', refresh_token: 'r1' });
    expect(await exchangeCode('trakt', 'code-2')).toEqual({ access_token: 'a2', refresh_token: 'r2' });
    expect(calls.map((c) => c.body)).toEqual([{ code: 'code-1', code_verifier: 'v'.repeat(64) }, { code: 'code-2' }]);
  });

  it('gives null (and logs) for a failed answer or one without access_token', async () => {
    mockFetch({ 'POST /api/trakt/auth/token': [json({ error: { code: 'INVALID_GRANT', message: 'x' } }, 400), json({ token_type: 'Bearer' })] });
    expect(await exchangeCode('trakt', 'c')).toBeNull();
    expect(await exchangeCode('trakt', 'c')).toBeNull();
    expect(console.error).toHaveBeenCalledTimes(2);
  });

  it('refuses a callback whose state differs, and exchanges a code only once', async () => {
    sessionStorage.setItem('oauth_state_trakt', 'expected');
    const { calls } = mockFetch({ 'POST /api/trakt/auth/token': json({ access_token: 'a', refresh_token: 'r' }) });
    const completeSignIn = createSignInCompleter();
    await expect(completeSignIn('trakt', { code: 'c-forged', state: 'forged', error: null })).rejects.toThrow(/state/);
    await expect(completeSignIn('trakt', { code: null, state: 'expected', error: null })).rejects.toThrow(/no code/);
    await expect(completeSignIn('trakt', { code: 'c', state: 'expected', error: 'access_denied' })).rejects.toThrow(/access_denied/);
    await expect(completeSignIn('trakt', { code: 'c', state: 'expected', error: 'access_denied' })).rejects.toHaveProperty('name', 'OAuthDeniedError');
    await expect(completeSignIn('trakt', { code: 'c', state: 'expected', error: 'server_error' })).rejects.not.toHaveProperty('name', 'OAuthDeniedError');
    const [a, b] = await Promise.all([
      completeSignIn('trakt', { code: 'c-once', state: 'expected', error: null }),
      completeSignIn('trakt', { code: 'c-once', state: 'expected', error: null }),
    ]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
  });

  it('finishing stores the tokens, marks the service connected and drops the round-trip values', () => {
    saveProfile({ ...emptyProfile(), username: 'kim' });
    sessionStorage.setItem('oauth_state_spotify', 's');
    sessionStorage.setItem('pkce_verifier_spotify', 'v');
    finishSignIn('spotify', { access_token: 'a', refresh_token: 'r' });
    expect(localStorage.getItem('spotify_access_token')).toBe('a');
    expect(localStorage.getItem('spotify_refresh_token')).toBe('r');
    expect(loadProfile().connectedServices.spotify).toBe(true);
    expect(loadProfile().username).toBe('kim');
    // Only the mark that the screen it returns to offers Spotify's taste stays.
    expect(Object.keys(sessionStorage)).toEqual(['taste_offer_spotify']);
  });
});

describe('refresh', () => {
  it('Spotify keeps the old refresh token when none comes back; Trakt replaces it', async () => {
    localStorage.setItem('spotify_refresh_token', 'sr-old');
    localStorage.setItem('trakt_refresh_token', 'tr-old');
    const { calls } = mockFetch({
      'POST /api/spotify/auth/refresh': json({ access_token: 'sa-new' }),
      'POST /api/trakt/auth/refresh': json({ access_token: 'ta-new', refresh_token: 'tr-new' }),
    });
    expect(await refreshAccessToken('spotify')).toBe('sa-new');
    expect(await refreshAccessToken('trakt')).toBe('ta-new');
    expect(calls.map((c) => c.body)).toEqual([{ refresh_token: 'sr-old' }, { refresh_token: 'tr-old' }]);
    expect(localStorage.getItem('spotify_refresh_token')).toBe('sr-old');
    expect(localStorage.getItem('spotify_access_token')).toBe('sa-new');
    expect(localStorage.getItem('trakt_refresh_token')).toBe('tr-new');
    expect(localStorage.getItem('trakt_access_token')).toBe('ta-new');
  });

  it('fails without a refresh token, without calling the server', async () => {
    const { fetchMock } = mockFetch({});
    await expect(refreshAccessToken('spotify')).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
