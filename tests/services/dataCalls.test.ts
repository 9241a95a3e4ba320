import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../src/domain/errors';
import { messageFor } from '../../src/domain/errorText';
import { fetchTopArtists, fetchTopTracks } from '../../src/features/profile/services/spotify';
import { getOwnedGames, getPlayerSummary } from '../../src/features/profile/services/steam';
import { fetchWatchlist } from '../../src/features/profile/services/trakt';
import { json, mockFetch } from './fetchMock';

afterEach(() => vi.unstubAllGlobals());

const expired = json({ error: { code: 'TOKEN_EXPIRED', message: 'expired' } }, 401);
const upstream = json({ error: { code: 'UPSTREAM_FAILED', message: 'x' } }, 502);

describe('music data calls', () => {
  it('asks for medium_term and 20 by default, with the bearer token, and reads names', async () => {
    const { calls } = mockFetch({
      'GET /api/api/spotify/me/top/artists': json({ items: [{ name: 'Björk', id: 'a' }, { name: 'Khruangbin' }], total: 2 }),
      'GET /api/api/spotify/me/top/tracks': json({
        items: [{ name: 'Jóga', artists: [{ name: 'Björk' }, { name: 'Other' }] }, { name: 'Untitled', artists: [] }],
      }),
    });
    expect(await fetchTopArtists('tok')).toEqual(['Björk', 'Khruangbin']);
    expect(await fetchTopTracks('tok', { timeRange: 'short_term', limit: 5 })).toEqual([
      { name: 'Jóga', artist: 'Björk' },
      { name: 'Untitled', artist: '' },
    ]);
    expect(calls[0]!.query.get('time_range')).toBe('medium_term');
    expect(calls[0]!.query.get('limit')).toBe('20');
    expect(calls[0]!.headers.authorization).toBe('Bearer tok');
    expect(calls[1]!.query.get('time_range')).toBe('short_term');
    expect(calls[1]!.query.get('limit')).toBe('5');
  });

  it('turns a 401 into TOKEN_EXPIRED and anything else into the Spotify fetch text', async () => {
    mockFetch({ 'GET /api/api/spotify/me/top/artists': [expired, upstream, 'network-error'] });
    await expect(fetchTopArtists('old')).rejects.toSatisfy((e) => isAppError(e, 'TOKEN_EXPIRED'));
    for (let i = 0; i < 2; i += 1) {
      const error = await fetchTopArtists('t').catch((e: unknown) => e);
      expect(messageFor(error, '')).toBe('Failed to fetch Spotify data.');
    }
  });
});

describe('tracking data calls', () => {
  it('fetches both watchlists in parallel and keeps the titles', async () => {
    let inFlight = 0;
    let peak = 0;
    const slow = (body: unknown) =>
      new Promise<Response>((resolve) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        setTimeout(() => {
          inFlight -= 1;
          resolve(new Response(JSON.stringify(body), { status: 200 }));
        }, 5);
      });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.endsWith('/shows')
          ? slow([{ rank: 1, type: 'show', show: { title: 'Severance', year: 2022 } }])
          : slow([{ type: 'movie', movie: { title: 'Arrival' } }, { type: 'movie', movie: { title: 'Her' } }]),
      ),
    );
    expect(await fetchWatchlist('tok')).toEqual({ shows: ['Severance'], movies: ['Arrival', 'Her'] });
    expect(peak).toBe(2);
  });

  it('turns a 401 into TOKEN_EXPIRED and anything else into the tracking fetch text', async () => {
    mockFetch({ 'GET /api/api/trakt/sync/watchlist/shows': [expired, upstream], 'GET /api/api/trakt/sync/watchlist/movies': json([]) });
    await expect(fetchWatchlist('old')).rejects.toSatisfy((e) => isAppError(e, 'TOKEN_EXPIRED'));
    expect(messageFor(await fetchWatchlist('t').catch((e: unknown) => e), '')).toBe('Failed to fetch data.');
  });
});

describe('Steam data calls', () => {
  it('reads the first player and the owned games, with both include flags on by default', async () => {
    const { calls } = mockFetch({
      'GET /api/steam/player/summaries/76561198000000001': json({
        response: { players: [{ steamid: '76561198000000001', personaname: 'Myco', communityvisibilitystate: 3 }] },
      }),
      'GET /api/steam/player/games/76561198000000001': json({
        response: { game_count: 1, games: [{ appid: 620, name: 'Portal 2', playtime_forever: 1234 }] },
      }),
    });
    expect((await getPlayerSummary('76561198000000001'))?.personaname).toBe('Myco');
    expect(await getOwnedGames('76561198000000001')).toEqual([{ appid: 620, name: 'Portal 2', playtime_forever: 1234 }]);
    expect(calls[1]!.query.get('include_appinfo')).toBe('1');
    expect(calls[1]!.query.get('include_played_free_games')).toBe('1');
  });

  it('gives no player for an unknown id, no games for private details, and the Steam text on failure', async () => {
    mockFetch({
      'GET /api/steam/player/summaries/76561198000000009': json({ response: { players: [] } }),
      'GET /api/steam/player/games/76561198000000002': [json({ response: {} }), upstream],
    });
    expect(await getPlayerSummary('76561198000000009')).toBeUndefined();
    expect(await getOwnedGames('76561198000000002')).toEqual([]);
    expect(messageFor(await getOwnedGames('76561198000000002').catch((e: unknown) => e), '')).toBe('Failed to fetch Steam data.');
  });
});
