import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { SPOTIFY_ARTISTS, SPOTIFY_TRACKS, TRAKT_MOVIES, TRAKT_SHOWS } from '../../server/fakes/demoData';
import { createSpotifyFake } from '../../server/fakes/spotify';
import { createTraktFake } from '../../server/fakes/trakt';
import type { FakeProvider } from '../../server/fakes/spotify';
import { spotifyCode, traktCode } from './support/oauthFlow';
import { CLIENT_IDS, SAME_ORIGIN_JSON, SECRETS, SPOTIFY_REDIRECT, TRAKT_REDIRECT, cookiesOf, deadUrl, hangingServer, listen, testConfig, type Running } from './support/servers';

let spotifyFake: FakeProvider;
let traktFake: FakeProvider;
let spotify: Running;
let trakt: Running;
let traktV3: Running;
let traktOtherKey: Running;

beforeAll(async () => {
  spotifyFake = createSpotifyFake({ clientId: CLIENT_IDS.spotify, clientSecret: SECRETS.spotifyClientSecret, redirectUris: [SPOTIFY_REDIRECT] });
  traktFake = createTraktFake({ clientId: CLIENT_IDS.trakt, clientSecret: SECRETS.traktClientSecret, redirectUris: [TRAKT_REDIRECT] });
  spotify = await listen(spotifyFake.app);
  trakt = await listen(traktFake.app);
  // Trakts that expect other headers than the server sends: their refusals must come out as clean errors.
  const traktOpts = { clientId: CLIENT_IDS.trakt, clientSecret: SECRETS.traktClientSecret, redirectUris: [TRAKT_REDIRECT] };
  traktV3 = await listen(createTraktFake({ ...traktOpts, apiVersion: '3' }).app);
  traktOtherKey = await listen(createTraktFake({ ...traktOpts, clientId: 'someone-else' }).app);
});
afterAll(async () => {
  await Promise.all([spotify, trakt, traktV3, traktOtherKey].map((s) => s.close()));
});

const app = (urls: { spotify?: string; trakt?: string } = { spotify: spotify.url, trakt: trakt.url }, env: Record<string, string> = {}) =>
  createApp(testConfig(urls, env));

async function spotifyToken(): Promise<string> {
  const { code, verifier } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
  const response = await app().request('/api/spotify/auth/token', {
    method: 'POST',
    headers: SAME_ORIGIN_JSON,
    body: JSON.stringify({ code, code_verifier: verifier }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function traktToken(): Promise<string> {
  const code = await traktCode(trakt.url, CLIENT_IDS.trakt, TRAKT_REDIRECT);
  const response = await app().request('/api/trakt/auth/token', {
    method: 'POST',
    headers: SAME_ORIGIN_JSON,
    body: JSON.stringify({ code }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  for (const secret of Object.values(SECRETS)) expect(JSON.stringify(body)).not.toContain(secret);
  return body;
}

type Paging = { items: Array<{ name: string; artists?: Array<{ name: string }> }>; limit: number; offset: number; total: number; next: string | null };

describe('GET /api/api/spotify/me/top/artists|tracks', () => {
  it('returns the paging object with medium_term and limit 20 by default', async () => {
    const token = await spotifyToken();
    const response = await app().request('/api/api/spotify/me/top/artists', bearer(token));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Paging;
    expect(body.limit).toBe(20);
    expect(body.offset).toBe(0);
    expect(body.total).toBe(SPOTIFY_ARTISTS.length);
    expect(body.items.map((i) => i.name)).toEqual(SPOTIFY_ARTISTS.map((a) => a.name));
    expect(body.next).toBeNull();
  });

  it('passes time_range and limit through (tracks carry artists)', async () => {
    const token = await spotifyToken();
    const response = await app().request('/api/api/spotify/me/top/tracks?time_range=short_term&limit=5', bearer(token));
    const body = (await response.json()) as Paging;
    expect(body.limit).toBe(5);
    expect(body.items).toHaveLength(5);
    expect(body.items[0]?.name).toBe(SPOTIFY_TRACKS[2]?.name);
    expect(body.items[0]?.artists?.[0]?.name).toBe(SPOTIFY_TRACKS[2]?.artists[0]?.name);
    expect(body.next).toContain('offset=5');
  });

  it.each(['time_range=forever', 'limit=0', 'limit=51', 'limit=ten'])('rejects %s with 400 before calling Spotify', async (query) => {
    const before = spotify.hits();
    await expectError(await app().request(`/api/api/spotify/me/top/artists?${query}`, bearer('whatever')), 400, 'INVALID_REQUEST');
    expect(spotify.hits()).toBe(before);
  });

  it('a missing or malformed bearer gives 401 without calling Spotify', async () => {
    const before = spotify.hits();
    await expectError(await app().request('/api/api/spotify/me/top/artists'), 401, 'MISSING_TOKEN');
    await expectError(await app().request('/api/api/spotify/me/top/tracks', { headers: { Authorization: 'Basic abc' } }), 401, 'MISSING_TOKEN');
    expect(spotify.hits()).toBe(before);
  });

  it('an expired or unknown token gives 401 TOKEN_EXPIRED', async () => {
    const token = await spotifyToken();
    expect((await app().request('/api/api/spotify/me/top/artists', bearer(token))).status).toBe(200);
    spotifyFake.expireAccessTokens();
    await expectError(await app().request('/api/api/spotify/me/top/artists', bearer(token)), 401, 'TOKEN_EXPIRED');
    await expectError(await app().request('/api/api/spotify/me/top/tracks', bearer('sp_at_forged')), 401, 'TOKEN_EXPIRED');
  });

  it('refreshing after expiry gives a token that works again', async () => {
    const { code, verifier } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const post = (path: string, body: object, cookie = '') =>
      app().request(path, { method: 'POST', headers: { ...SAME_ORIGIN_JSON, Cookie: cookie }, body: JSON.stringify(body) });
    const exchanged = await post('/api/spotify/auth/token', { code, code_verifier: verifier });
    const first = (await exchanged.json()) as { refresh_token: string };
    spotifyFake.expireAccessTokens();
    const renewed = (await (await post('/api/spotify/auth/refresh', { refresh_token: first.refresh_token }, cookiesOf(exchanged))).json()) as { access_token: string };
    expect((await app().request('/api/api/spotify/me/top/artists', bearer(renewed.access_token))).status).toBe(200);
  });
});

describe('GET /api/api/trakt/sync/watchlist/shows|movies', () => {
  it('returns the watchlists in Trakt shape', async () => {
    const token = await traktToken();
    const shows = (await (await app().request('/api/api/trakt/sync/watchlist/shows', bearer(token))).json()) as Array<{ type: string; show: { title: string } }>;
    const movies = (await (await app().request('/api/api/trakt/sync/watchlist/movies', bearer(token))).json()) as Array<{ type: string; movie: { title: string } }>;
    expect(shows.map((s) => s.show.title)).toEqual(TRAKT_SHOWS.map((s) => s.show?.title));
    expect(movies.map((m) => m.movie.title)).toEqual(TRAKT_MOVIES.map((m) => m.movie?.title));
    expect(shows.every((s) => s.type === 'show')).toBe(true);
  });

  it('a missing bearer gives 401; an expired token 401 TOKEN_EXPIRED', async () => {
    await expectError(await app().request('/api/api/trakt/sync/watchlist/shows'), 401, 'MISSING_TOKEN');
    const token = await traktToken();
    traktFake.expireAccessTokens();
    await expectError(await app().request('/api/api/trakt/sync/watchlist/movies', bearer(token)), 401, 'TOKEN_EXPIRED');
  });

  it('a Trakt that refuses the headers (other API version, other api key) gives 502 without detail', async () => {
    const v3 = await expectError(await app({ trakt: traktV3.url }).request('/api/api/trakt/sync/watchlist/shows', bearer('t')), 502, 'UPSTREAM_ERROR');
    expect(v3.error.message).not.toContain('trakt-api-version');
    await expectError(await app({ trakt: traktOtherKey.url }).request('/api/api/trakt/sync/watchlist/shows', bearer('t')), 502, 'UPSTREAM_ERROR');
  });

  it('unknown watchlist kinds are not routes', async () => {
    await expectError(await app().request('/api/api/trakt/sync/watchlist/episodes', bearer('t')), 404, 'NOT_FOUND');
  });
});

describe('data proxies when the provider misbehaves', () => {
  it('timeouts give 504, unreachable 502, a 5xx or a wrong shape 502', async () => {
    const hanging = await hangingServer();
    const broken = await listen(
      new Hono()
        .get('/v1/me/top/artists', (c) => c.json({ error: { status: 500, message: 'db-node-4 down' } }, 500))
        .get('/v1/me/top/tracks', (c) => c.json({ nothing: true }))
        .get('/api/sync/watchlist/shows', (c) => c.html('<html>edge-node-9 overloaded</html>', 503)),
    );
    try {
      const slow = app({ spotify: hanging.url, trakt: hanging.url }, { UPSTREAM_TIMEOUT_MS: '150' });
      await expectError(await slow.request('/api/api/spotify/me/top/artists', bearer('t')), 504, 'UPSTREAM_TIMEOUT');
      await expectError(await slow.request('/api/api/trakt/sync/watchlist/shows', bearer('t')), 504, 'UPSTREAM_TIMEOUT');
      const dead = await deadUrl();
      await expectError(await app({ spotify: dead, trakt: dead }).request('/api/api/trakt/sync/watchlist/movies', bearer('t')), 502, 'UPSTREAM_UNREACHABLE');
      const bad = app({ spotify: broken.url, trakt: broken.url });
      const body = await expectError(await bad.request('/api/api/spotify/me/top/artists', bearer('t')), 502, 'UPSTREAM_ERROR');
      expect(JSON.stringify(body)).not.toContain('db-node-4');
      await expectError(await bad.request('/api/api/spotify/me/top/tracks', bearer('t')), 502, 'UPSTREAM_ERROR');
      await expectError(await bad.request('/api/api/trakt/sync/watchlist/shows', bearer('t')), 502, 'UPSTREAM_ERROR');
    } finally {
      await Promise.all([hanging.close(), broken.close()]);
    }
  });
});
