// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile } from '../../src/domain/profile';
import { isAppError } from '../../src/domain/errors';
import { getOwnedGames, getTopArtists, getTopTracks, getWatchlist } from '../../src/features/profile/services/providerData';
import { loadProfile, saveProfile } from '../../src/shared/storage/profile';
import { json, mockFetch } from './fetchMock';

const expired = json({ error: { code: 'TOKEN_EXPIRED', message: 'expired' } }, 401);
const refused = json({ error: { code: 'INVALID_GRANT', message: 'refused' } }, 400);

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  saveProfile({ ...emptyProfile(), username: 'kim', connectedServices: { spotify: true, trakt: true, steam: false } });
});
afterEach(() => vi.unstubAllGlobals());

function connect(provider: 'spotify' | 'trakt', access: string, refresh?: string) {
  localStorage.setItem(`${provider}_access_token`, access);
  if (refresh) localStorage.setItem(`${provider}_refresh_token`, refresh);
}

describe('provider data with stored tokens', () => {
  it('reads with the stored access token', async () => {
    connect('spotify', 'live');
    const { calls } = mockFetch({
      'GET /api/api/spotify/me/top/artists': json({ items: [{ name: 'Robyn' }] }),
      'GET /api/api/spotify/me/top/tracks': json({ items: [{ name: 'Dancing On My Own', artists: [{ name: 'Robyn' }] }] }),
    });
    expect(await getTopArtists({ timeRange: 'short_term', limit: 5 })).toEqual(['Robyn']);
    expect(await getTopTracks()).toEqual([{ name: 'Dancing On My Own', artist: 'Robyn' }]);
    expect(calls.every((c) => c.headers.authorization === 'Bearer live')).toBe(true);
    expect(calls[0]!.query.get('time_range')).toBe('short_term');
  });

  it('refreshes an expired access token once, stores the new tokens and retries once', async () => {
    connect('trakt', 'stale', 'r-old');
    const { calls } = mockFetch({
      'GET /api/api/trakt/sync/watchlist/shows': (c) => (c.headers.authorization === 'Bearer fresh' ? json([{ show: { title: 'Dark' } }]) : expired),
      'GET /api/api/trakt/sync/watchlist/movies': (c) => (c.headers.authorization === 'Bearer fresh' ? json([{ movie: { title: 'Heat' } }]) : expired),
      'POST /api/trakt/auth/refresh': json({ access_token: 'fresh', refresh_token: 'r-new' }),
    });
    expect(await getWatchlist()).toEqual({ shows: ['Dark'], movies: ['Heat'] });
    expect(calls.filter((c) => c.path.endsWith('/refresh'))).toHaveLength(1);
    expect(calls.filter((c) => c.headers.authorization === 'Bearer fresh')).toHaveLength(2);
    expect(localStorage.getItem('trakt_access_token')).toBe('fresh');
    expect(localStorage.getItem('trakt_refresh_token')).toBe('r-new');
    expect(loadProfile().connectedServices.trakt).toBe(true);
  });

  it('retries only once: a second 401 after a refresh is rethrown without another refresh', async () => {
    connect('spotify', 'stale', 'r');
    const { calls } = mockFetch({
      'GET /api/api/spotify/me/top/artists': expired,
      'POST /api/spotify/auth/refresh': json({ access_token: 'also-stale' }),
    });
    await expect(getTopArtists()).rejects.toSatisfy((e) => isAppError(e, 'TOKEN_EXPIRED'));
    expect(calls.map((c) => c.path)).toEqual(['/api/api/spotify/me/top/artists', '/api/spotify/auth/refresh', '/api/api/spotify/me/top/artists']);
    expect(localStorage.getItem('spotify_refresh_token')).toBe('r');
  });

  it('a failed refresh logs the provider out: keys removed, flag cleared, error rethrown', async () => {
    connect('spotify', 'stale', 'r-revoked');
    mockFetch({ 'GET /api/api/spotify/me/top/tracks': expired, 'POST /api/spotify/auth/refresh': refused });
    await expect(getTopTracks()).rejects.toSatisfy((e) => isAppError(e, 'TOKEN_EXPIRED'));
    expect(localStorage.getItem('spotify_access_token')).toBeNull();
    expect(localStorage.getItem('spotify_refresh_token')).toBeNull();
    expect(loadProfile().connectedServices).toEqual({ spotify: false, trakt: true, steam: false });
  });

  it('with no refresh token an expired provider is logged out without a refresh call', async () => {
    connect('trakt', 'stale');
    const { calls } = mockFetch({ 'GET /api/api/trakt/sync/watchlist/shows': expired, 'GET /api/api/trakt/sync/watchlist/movies': expired });
    await expect(getWatchlist()).rejects.toSatisfy((e) => isAppError(e, 'TOKEN_EXPIRED'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(localStorage.getItem('trakt_access_token')).toBeNull();
    expect(loadProfile().connectedServices.trakt).toBe(false);
  });

  it('says SERVICE_NOT_CONNECTED when no token is stored, and leaves other failures alone', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/api/trakt/sync/watchlist/shows': json({}, 502), 'GET /api/api/trakt/sync/watchlist/movies': json([]) });
    await expect(getTopArtists()).rejects.toSatisfy((e) => isAppError(e, 'SERVICE_NOT_CONNECTED'));
    expect(fetchMock).not.toHaveBeenCalled();
    connect('trakt', 'live', 'r');
    await expect(getWatchlist()).rejects.toSatisfy((e) => isAppError(e, 'TRACKING_FETCH_FAILED'));
    expect(localStorage.getItem('trakt_access_token')).toBe('live');
  });

  it('gives owned games as name and minutes played', async () => {
    mockFetch({
      'GET /api/steam/player/games/76561198000000001': json({
        response: { game_count: 2, games: [{ appid: 1, name: 'Hades', playtime_forever: 600 }, { appid: 2, name: 'Celeste', playtime_forever: 90, playtime_2weeks: 5 }] },
      }),
    });
    expect(await getOwnedGames('76561198000000001')).toEqual([
      { name: 'Hades', playtime_forever: 600 },
      { name: 'Celeste', playtime_forever: 90 },
    ]);
  });
});
