// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OAuthTokens } from '../../src/domain/oauth';
import { oauthCallbackImplementations } from '../../src/features/profile/actors/oauthCallback.actors';
import { oauthCallbackMachine } from '../../src/features/profile/machines/oauthCallback.machine';

// The OAuth callback's real actions (the exchange faked): the tokens kept on the device after a good exchange, and what a failed
// one leaves in the console for a developer (the screen says 'Could not connect...').

const codeParams = { code: 'one-time-code', state: 'saved-state', error: null };

function run(provider: 'spotify' | 'trakt', exchange: () => Promise<OAuthTokens | null>, recall: () => Promise<'/profile' | '/connections'> = () => Promise.resolve('/profile')) {
  const machine = oauthCallbackMachine.provide({
    ...oauthCallbackImplementations,
    actors: { completeSignIn: fromPromise(exchange), recallOrigin: fromPromise(recall) },
  });
  return createActor(machine, { input: { provider, params: codeParams } }).start();
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('OAuth callback (own actions)', () => {
  it('keeps the tokens on the device after a good exchange', async () => {
    const actor = run('spotify', () => Promise.resolve({ access_token: 'access', refresh_token: 'refresh' }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(localStorage.getItem('spotify_access_token')).toBe('access');
    expect(localStorage.getItem('spotify_refresh_token')).toBe('refresh');
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs an exchange that gave no tokens, or failed, under the provider', async () => {
    const noTokens = run('spotify', () => Promise.resolve(null));
    await waitFor(noTokens, (s) => s.status === 'done');
    expect(logged).toHaveBeenCalledWith('spotify sign-in failed', 'no tokens');
    expect(localStorage.getItem('spotify_access_token')).toBeNull();

    const failure = new Error('state mismatch');
    const failed = run('trakt', () => Promise.reject(failure));
    await waitFor(failed, (s) => s.status === 'done');
    expect(logged).toHaveBeenCalledWith('trakt sign-in failed', failure);
  });

  it('logs a start screen it cannot recall, and still exchanges the code', async () => {
    const lost = new Error('session storage blocked');
    const actor = run('trakt', () => Promise.resolve({ access_token: 'access', refresh_token: 'refresh' }), () => Promise.reject(lost));
    await waitFor(actor, (s) => s.status === 'done');
    expect(logged).toHaveBeenCalledWith('trakt sign-in failed', lost);
    expect(localStorage.getItem('trakt_access_token')).toBe('access');
  });
});
