// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OAuthTokens } from '../../src/domain/oauth';
import { createOAuthCallbackImplementations } from '../../src/features/profile/actors/oauthCallback.actors';
import { oauthCallbackMachine } from '../../src/features/profile/machines/oauthCallback.machine';
import { json, mockFetch } from '../services/fetchMock';
import { emptyStorageAndRecordedConsoleErrors } from '../support/consoleErrors';

// The OAuth callback's real IO: the tokens kept on the device after a good exchange, one exchange per code, and what a failed
// one leaves in the console for a developer (the screen says 'Could not connect...').

const codeParams = { code: 'one-time-code', state: 'saved-state', error: null };

/** The app's own IO for the callback, with the screen's navigation left out: these tests watch what is kept and logged. */
function appImplementations() {
  const app = createOAuthCallbackImplementations();
  return { ...app, actions: { ...app.actions, goToSuccess: () => undefined, goToFailure: () => undefined } };
}

function run(provider: 'spotify' | 'trakt', exchange: () => Promise<OAuthTokens | null>, recall: () => Promise<'/profile' | '/connections'> = () => Promise.resolve('/profile')) {
  const machine = oauthCallbackMachine.provide({
    ...appImplementations(),
    actors: { completeSignIn: fromPromise(exchange), recallOrigin: fromPromise(recall) },
  });
  return createActor(machine, { input: { provider, params: codeParams } }).start();
}

const logged = emptyStorageAndRecordedConsoleErrors();
afterEach(() => vi.restoreAllMocks());

describe('OAuth callback (own actions)', () => {
  it('keeps the tokens on the device after a good exchange', async () => {
    const actor = run('spotify', () => Promise.resolve({ access_token: 'access', refresh_token: 'refresh' }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(localStorage.getItem('spotify_access_token')).toBe('access');
    expect(localStorage.getItem('spotify_refresh_token')).toBe('refresh');
    expect(logged()).not.toHaveBeenCalled();
  });

  it('logs an exchange that gave no tokens, or failed, under the provider', async () => {
    const noTokens = run('spotify', () => Promise.resolve(null));
    await waitFor(noTokens, (s) => s.status === 'done');
    expect(logged()).toHaveBeenCalledWith('spotify sign-in failed', 'no tokens');
    expect(localStorage.getItem('spotify_access_token')).toBeNull();

    const failure = new Error('state mismatch');
    const failed = run('trakt', () => Promise.reject(failure));
    await waitFor(failed, (s) => s.status === 'done');
    expect(logged()).toHaveBeenCalledWith('trakt sign-in failed', failure);
  });

  it('logs a start screen it cannot recall, and still exchanges the code', async () => {
    const lost = new Error('session storage blocked');
    const actor = run('trakt', () => Promise.resolve({ access_token: 'access', refresh_token: 'refresh' }), () => Promise.reject(lost));
    await waitFor(actor, (s) => s.status === 'done');
    expect(logged()).toHaveBeenCalledWith('trakt sign-in failed', lost);
    expect(localStorage.getItem('trakt_access_token')).toBe('access');
  });

  it("exchanges a code once for the app's callback screens, however many ask (StrictMode mounts one twice)", async () => {
    sessionStorage.setItem('oauth_state_spotify', 'saved-state');
    sessionStorage.setItem('pkce_verifier_spotify', 'verifier');
    const { calls } = mockFetch({ 'POST /api/spotify/auth/token': json({ access_token: 'access', refresh_token: 'refresh' }) });
    const machine = oauthCallbackMachine.provide(appImplementations());
    const screens = [1, 2].map(() => createActor(machine, { input: { provider: 'spotify' as const, params: codeParams } }).start());
    for (const screen of screens) await waitFor(screen, (s) => s.status === 'done');
    expect(screens.map((screen) => screen.getSnapshot().value)).toEqual(['succeeded', 'succeeded']);
    expect(calls).toHaveLength(1);
  });
});
