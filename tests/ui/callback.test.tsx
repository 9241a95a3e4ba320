// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/shared/storage/profile';
import SpotifyCallback from '../../src/features/profile/ui/SpotifyCallback';
import TraktCallback from '../../src/features/profile/ui/TraktCallback';
import { json, mockFetch } from '../services/fetchMock';
import { freshDeviceForEachTest, WithProfileActors } from '../support/profileActors';

freshDeviceForEachTest();

/** Stands in for a screen with the Connect cards: its name and the notice the callback handed it. */
function Landing({ name }: { name: string }) {
  const state: unknown = useLocation().state;
  const notice = typeof state === 'object' && state !== null && 'connectionNotice' in state ? String(state.connectionNotice) : 'no notice';
  const service = typeof state === 'object' && state !== null && 'connectedService' in state ? ` (${String(state.connectedService)})` : '';
  return <p>{`${name} page: ${notice}${service}`}</p>;
}

function renderAt(url: string) {
  render(
    <StrictMode>
      <WithProfileActors>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/spotify/callback" element={<SpotifyCallback />} />
            <Route path="/callback" element={<TraktCallback />} />
            <Route path="/profile" element={<Landing name="profile" />} />
            <Route path="/connections" element={<Landing name="onboarding" />} />
          </Routes>
        </MemoryRouter>
      </WithProfileActors>
    </StrictMode>,
  );
}

describe('OAuth callback screens', () => {
  it('Spotify: shows the waiting texts, exchanges the code once (StrictMode) with the verifier, then opens /profile', async () => {
    sessionStorage.setItem('oauth_state_spotify', 'st-1');
    sessionStorage.setItem('pkce_verifier_spotify', 'verifier-1');
    const { calls } = mockFetch({ 'POST /api/spotify/auth/token': json({ access_token: 'sa', refresh_token: 'sr' }) });
    renderAt('/spotify/callback?code=code-1&state=st-1');
    expect(screen.getByRole('heading', { name: 'Authenticating with Spotify...' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we complete the authentication process.')).toBeInTheDocument();
    // The screen it returns to is told what connected, to bring that into view and say it.
    expect(await screen.findByText('profile page: Spotify connected. (spotify)')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ code: 'code-1', code_verifier: 'verifier-1' });
    expect(localStorage.getItem('spotify_access_token')).toBe('sa');
    expect(localStorage.getItem('spotify_refresh_token')).toBe('sr');
    expect(loadProfile().connectedServices.spotify).toBe(true);
    expect(sessionStorage.getItem('oauth_state_spotify')).toBeNull();
    expect(sessionStorage.getItem('pkce_verifier_spotify')).toBeNull();
    // The screen it lands on offers Spotify's taste.
    expect(sessionStorage.getItem('taste_offer_spotify')).toBe('true');
  });

  it('a connect started from onboarding goes back to /connections, not /profile', async () => {
    sessionStorage.setItem('oauth_state_trakt', 'st-7');
    sessionStorage.setItem('oauth_origin_trakt', '/connections');
    mockFetch({ 'POST /api/trakt/auth/token': json({ access_token: 'ta', refresh_token: 'tr' }) });
    renderAt('/callback?code=code-7&state=st-7');
    expect(await screen.findByText('onboarding page: Trakt connected. (trakt)')).toBeInTheDocument();
    expect(loadProfile().connectedServices.trakt).toBe(true);
    expect(sessionStorage.getItem('taste_offer_trakt')).toBe('true');
  });

  it('Trakt: a good code opens /profile', async () => {
    sessionStorage.setItem('oauth_state_trakt', 'st-2');
    mockFetch({ 'POST /api/trakt/auth/token': json({ access_token: 'ta', refresh_token: 'tr' }) });
    renderAt('/callback?code=code-2&state=st-2');
    expect(screen.getByRole('heading', { name: 'Authenticating with Trakt...' })).toBeInTheDocument();
    expect(await screen.findByText('profile page: Trakt connected. (trakt)')).toBeInTheDocument();
    expect(localStorage.getItem('trakt_refresh_token')).toBe('tr');
  });

  it.each([
    ['a denied consent', '/callback?error=access_denied&state=st-3', 'profile page: Trakt connection cancelled.'],
    ['a missing code', '/callback?state=st-3', 'profile page: Could not connect to Trakt. Please try again.'],
    ['a forged state', '/callback?code=code-3&state=forged', 'profile page: Could not connect to Trakt. Please try again.'],
  ])('%s goes back to /profile with its notice, without calling the server or storing tokens', async (_label, url, landing) => {
    sessionStorage.setItem('oauth_state_trakt', 'st-3');
    const { fetchMock } = mockFetch({});
    renderAt(url);
    expect(await screen.findByText(landing)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('trakt_access_token')).toBeNull();
    expect(loadProfile().connectedServices.trakt).toBe(false);
  });

  it('a Deny started from onboarding goes back to /connections with the notice', async () => {
    sessionStorage.setItem('oauth_state_spotify', 'st-5');
    sessionStorage.setItem('oauth_origin_spotify', '/connections');
    renderAt('/spotify/callback?error=access_denied&state=st-5');
    expect(await screen.findByText('onboarding page: Spotify connection cancelled.')).toBeInTheDocument();
  });

  it('an unreadable remembered start screen counts as /profile', async () => {
    sessionStorage.setItem('oauth_state_spotify', 'st-6');
    sessionStorage.setItem('oauth_origin_spotify', 'https://elsewhere.example');
    renderAt('/spotify/callback?error=access_denied&state=st-6');
    expect(await screen.findByText('profile page: Spotify connection cancelled.')).toBeInTheDocument();
  });

  it('a refused exchange goes back to /profile with the failure text and nothing stored', async () => {
    sessionStorage.setItem('oauth_state_spotify', 'st-4');
    mockFetch({ 'POST /api/spotify/auth/token': json({ error: { code: 'INVALID_GRANT', message: 'x' } }, 400) });
    renderAt('/spotify/callback?code=code-4&state=st-4');
    expect(await screen.findByText('profile page: Could not connect to Spotify. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem('spotify_access_token')).toBeNull();
  });
});
