// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { loadProfile } from '../../src/shared/storage/profile';
import { ConnectServices } from '../../src/features/profile/ui/ConnectServices';
import { demoConfig, json, mockFetch } from '../services/fetchMock';
import { freshDeviceForEachTest, WithProfileActors } from '../support/profileActors';

const ID = '76561198000000001';
const publicPlayer = json({ response: { players: [{ steamid: ID, personaname: 'Myco Demo', communityvisibilitystate: 3 }] } });

freshDeviceForEachTest();

function renderCards(origin: '/profile' | '/connections' = '/profile', routerState: unknown = null) {
  const redirect = vi.fn();
  const user = userEvent.setup();
  render(
    <WithProfileActors>
      <MemoryRouter initialEntries={[{ pathname: origin, state: routerState }]}>
        <ConnectServices origin={origin} redirect={redirect} />
      </MemoryRouter>
    </WithProfileActors>,
  );
  return { redirect, user };
}

describe('Connect Services cards', () => {
  it('shows the three services, each labelled demo when the server runs it as one', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    renderCards();
    const section = screen.getByRole('region', { name: 'Connect Services' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    for (const name of ['Spotify', 'Trakt', 'Steam']) expect(within(section).getByRole('heading', { name: new RegExp(name) })).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByText('demo')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Connect Spotify' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Connect Trakt' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Steam/ })).toHaveAttribute('placeholder', 'Steam profile URL or ID...');
  });

  it('Connect sends the browser to the consent page with a saved state (and PKCE for Spotify)', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    const { redirect, user } = renderCards();
    await user.click(screen.getByRole('button', { name: 'Connect Spotify' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    const url = new URL(redirect.mock.calls[0]![0] as string);
    expect(url.searchParams.get('state')).toBe(sessionStorage.getItem('oauth_state_spotify'));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(screen.getByRole('button', { name: 'Connecting... Spotify' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Connect Trakt' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(2));
    expect(new URL(redirect.mock.calls[1]![0] as string).searchParams.get('client_id')).toBe('trakt-client');
  });

  it('Connect remembers the screen it started from, so a declined round trip comes back there', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    const { redirect, user } = renderCards('/connections');
    await user.click(screen.getByRole('button', { name: 'Connect Trakt' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem('oauth_origin_trakt')).toBe('/connections');
  });

  it('shows the notice a returning round trip brought, and none otherwise', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    renderCards('/profile', { connectionNotice: 'Spotify connection cancelled.' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Spotify connection cancelled.'));
    cleanup();
    renderCards('/profile', { connectionNotice: 42 });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a round trip that connected brings its card into view and says so in the live region', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    const scrolled: { service: string | null; block: unknown }[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ service: this.getAttribute('data-service'), block: typeof options === 'object' ? options.block : options });
    });
    renderCards('/connections', { connectionNotice: 'Trakt connected.', connectedService: 'trakt' });
    const said = screen.getByRole('status');
    expect(said).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(said).toHaveTextContent('Trakt connected.'));
    expect(scrolled).toEqual([{ service: 'trakt', block: 'start' }]);
  });

  it('Disconnect forgets the tokens and shows Connect again, with the profile flag following', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    localStorage.setItem('trakt_access_token', 'a');
    localStorage.setItem('trakt_refresh_token', 'r');
    const { user } = renderCards();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Trakt' }));
    expect(await screen.findByRole('button', { name: 'Connect Trakt' })).toBeInTheDocument();
    expect(localStorage.getItem('trakt_access_token')).toBeNull();
    expect(localStorage.getItem('trakt_refresh_token')).toBeNull();
    expect(loadProfile().connectedServices.trakt).toBe(false);
  });

  it('follows tokens that change elsewhere (another tab, or a data call logging out)', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    renderCards();
    expect(await screen.findByRole('button', { name: 'Connect Spotify' })).toBeInTheDocument();
    act(() => {
      localStorage.setItem('spotify_access_token', 'a');
      window.dispatchEvent(new StorageEvent('storage', { key: 'spotify_access_token' }));
    });
    expect(await screen.findByRole('button', { name: 'Disconnect Spotify' })).toBeInTheDocument();
    expect(loadProfile().connectedServices.spotify).toBe(true);
  });

  it('Steam: an empty box shows its error under the field, tied to it', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig) });
    const { user } = renderCards();
    await user.click(screen.getByRole('button', { name: 'Connect Steam' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please enter a Steam ID or profile URL');
    const box = screen.getByRole('textbox', { name: /Steam/ });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please enter a Steam ID or profile URL Demo accounts: 76561198000000001 or steamcommunity.com/id/myceliusdemo (public, with games) 76561198000000002 or steamcommunity.com/id/myceliusprivate (private)');
    await user.type(box, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Steam: Enter connects, the button reads Connecting... meanwhile, then the persona shows with Disconnect', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({ 'GET /api/config': json(demoConfig), [`GET /api/steam/player/summaries/${ID}`]: publicPlayer });
    const fetchMock = globalThis.fetch as unknown as (...a: unknown[]) => Promise<Response>;
    vi.stubGlobal('fetch', async (...args: unknown[]) => {
      if (String(args[0]).includes('/steam/')) await gate;
      return fetchMock(...args);
    });
    const { user } = renderCards();
    await user.type(screen.getByRole('textbox', { name: /Steam/ }), `${ID}{Enter}`);
    expect(await screen.findByRole('button', { name: 'Connecting... Steam' })).toBeDisabled();
    release();
    expect(await screen.findByText('Myco Demo')).toBeInTheDocument();
    expect(localStorage.getItem('steam_id')).toBe(ID);
    expect(loadProfile().connectedServices.steam).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Disconnect Steam' }));
    expect(await screen.findByRole('textbox', { name: /Steam/ })).toHaveValue('');
    expect(localStorage.getItem('steam_id')).toBeNull();
    expect(loadProfile().connectedServices.steam).toBe(false);
  });

  it('Steam in demo mode: the field names the accounts the demo knows, and after a reload the card shows the account name', async () => {
    mockFetch({ 'GET /api/config': json(demoConfig), [`GET /api/steam/player/summaries/${ID}`]: publicPlayer });
    const { user } = renderCards();
    const box = screen.getByRole('textbox', { name: /Steam/ });
    await waitFor(() => expect(box).toHaveAccessibleDescription('Demo accounts: 76561198000000001 or steamcommunity.com/id/myceliusdemo (public, with games) 76561198000000002 or steamcommunity.com/id/myceliusprivate (private)'));
    const hint = screen.getByText('Demo accounts:').parentElement!;
    expect(hint).toBeVisible();
    expect(within(hint).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '76561198000000001 or steamcommunity.com/id/myceliusdemo (public, with games)',
      '76561198000000002 or steamcommunity.com/id/myceliusprivate (private)',
    ]);
    await user.type(box, `${ID}{Enter}`);
    expect(await screen.findByText('Myco Demo')).toBeInTheDocument();
    cleanup();

    renderCards();
    expect(screen.getByText('Myco Demo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect Steam' })).toBeInTheDocument();
  });

  it('Steam: a private profile shows the not-found text', async () => {
    mockFetch({
      'GET /api/config': json(demoConfig),
      [`GET /api/steam/player/summaries/${ID}`]: json({ response: { players: [{ steamid: ID, personaname: 'x', communityvisibilitystate: 1 }] } }),
    });
    const { user } = renderCards();
    await user.type(screen.getByRole('textbox', { name: /Steam/ }), ID);
    await user.click(screen.getByRole('button', { name: 'Connect Steam' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Steam profile not found or is PRIVATE');
  });
});
