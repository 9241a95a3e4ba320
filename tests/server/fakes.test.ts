import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { demoProviders } from '../../server/fakes/demo';
import { DEMO_STEAM_ID, DEMO_STEAM_VANITY, PRIVATE_STEAM_ID } from '../../server/fakes/demoData';
import { createSpotifyFake, s256 } from '../../server/fakes/spotify';
import { createSteamFake } from '../../server/fakes/steam';
import { createTraktFake } from '../../server/fakes/trakt';
import { consent, pkcePair } from './support/oauthFlow';
import { freePort } from '../../scripts/freePort';
import { SAME_ORIGIN_JSON, listen, testConfig, type Running } from './support/servers';

const REDIRECT = 'http://127.0.0.1:5999/spotify/callback';
const OTHER = 'http://127.0.0.1:5999/other';
const BASIC = `Basic ${Buffer.from('cid:secret').toString('base64')}`;

function form(body: Record<string, string>, auth = BASIC) {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: auth },
    body: new URLSearchParams(body).toString(),
  };
}

function jsonPost(body: unknown) {
  return { method: 'POST', headers: SAME_ORIGIN_JSON, body: JSON.stringify(body) };
}

describe('Spotify fake: accounts', () => {
  let clock = 1_000_000;
  const fake = createSpotifyFake({ clientId: 'cid', clientSecret: 'secret', redirectUris: [REDIRECT, OTHER], now: () => clock });
  let server: Running;
  beforeAll(async () => {
    server = await listen(fake.app);
  });
  afterAll(() => server.close());

  async function code(redirectUri = REDIRECT, challenge?: string) {
    const fields: Record<string, string> = { client_id: 'cid', redirect_uri: redirectUri, state: 'xyz', scope: 'user-top-read' };
    if (challenge) Object.assign(fields, { code_challenge: challenge, code_challenge_method: 'S256' });
    const back = await consent(`${server.url}/authorize`, fields);
    expect(back.state).toBe('xyz');
    return back.code as string;
  }

  it('shows an accessible consent page with Allow and Deny forms posting to itself', async () => {
    const { challenge } = pkcePair();
    const q = new URLSearchParams({
      client_id: 'cid',
      response_type: 'code',
      redirect_uri: REDIRECT,
      state: 'st<"&',
      scope: 'user-top-read user-read-email',
      show_dialog: 'true',
      code_challenge_method: 'S256',
      code_challenge: challenge,
    });
    const response = await fake.app.request(`/authorize?${q.toString()}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<meta name="viewport"/);
    expect(html).toMatch(/<h1>Spotify: allow Mycelius \(demo\) to use your account\?<\/h1>/);
    expect(html).toContain('See your top artists and tracks');
    expect(html.match(/<form method="post" action="authorize">/g)).toHaveLength(2);
    expect(html).toMatch(/<button type="submit"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Deny<\/button>/);
    expect(html).toContain('value="st&#60;&#34;&#38;"');
    expect(html).not.toContain('st<"&');
  });

  it('refuses to redirect for an unknown client or an unregistered redirect URI', async () => {
    const base = { client_id: 'cid', response_type: 'code', redirect_uri: REDIRECT };
    for (const q of [{ ...base, client_id: 'nope' }, { ...base, redirect_uri: 'https://evil.example/cb' }]) {
      const response = await fake.app.request(`/authorize?${new URLSearchParams(q).toString()}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('Location')).toBeNull();
    }
    const forged = await fake.app.request('/authorize', form({ client_id: 'cid', redirect_uri: 'https://evil.example/cb', decision: 'allow' }));
    expect(forged.status).toBe(400);
  });

  it('Deny returns error=access_denied with the state', async () => {
    const back = await consent(`${server.url}/authorize`, { client_id: 'cid', redirect_uri: REDIRECT, state: 's1' }, 'deny');
    expect(back).toMatchObject({ error: 'access_denied', state: 's1', code: undefined });
    expect(back.location.origin + back.location.pathname).toBe(REDIRECT);
  });

  it('exchanges a code once, with the Spotify answer shape', async () => {
    const c = await code();
    const response = await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'user-top-read', expires_in: 3600 });
    const again = await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });
  });

  it('rejects a wrong secret, a mismatched redirect_uri, a bad grant type and a non-form body', async () => {
    const wrong = `Basic ${Buffer.from('cid:guess').toString('base64')}`;
    const r1 = await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT }, wrong));
    expect(r1.status).toBe(400);
    expect(await r1.json()).toMatchObject({ error: 'invalid_client' });
    const r2 = await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: await code(OTHER), redirect_uri: REDIRECT }));
    expect(await r2.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid redirect URI' });
    const r3 = await fake.app.request('/api/token', form({ grant_type: 'password' }));
    expect(await r3.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const r4 = await fake.app.request('/api/token', { method: 'POST', headers: { Authorization: BASIC, 'Content-Type': 'application/json' }, body: '{}' });
    expect(await r4.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('checks the PKCE S256 challenge, and allows a public client only with PKCE', async () => {
    const { verifier, challenge } = pkcePair();
    expect(s256(verifier)).toBe(challenge);
    const bad = await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: await code(REDIRECT, challenge), redirect_uri: REDIRECT, code_verifier: `${verifier}x` }));
    expect(await bad.json()).toEqual({ error: 'invalid_grant', error_description: 'code_verifier was incorrect' });
    const missing = await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: await code(REDIRECT, challenge), redirect_uri: REDIRECT }));
    expect(missing.status).toBe(400);
    const publicClient = {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: await code(REDIRECT, challenge), redirect_uri: REDIRECT, client_id: 'cid', code_verifier: verifier }).toString(),
    };
    expect((await fake.app.request('/api/token', publicClient)).status).toBe(200);
  });

  it('codes expire after ten minutes', async () => {
    const c = await code();
    clock += 10 * 60 * 1000;
    const response = await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT }));
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('serves top items to a valid bearer and 401 {error:{status,message}} otherwise', async () => {
    const tokens = (await (
      await fake.app.request('/api/token', form({ grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT }))
    ).json()) as { access_token: string; refresh_token: string };
    const get = (path: string, token?: string) => fake.app.request(path, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    const ok = await get('/v1/me/top/artists?limit=3&offset=1', tokens.access_token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ limit: 3, offset: 1, total: 8 });
    expect(await (await get('/v1/me/top/tracks?time_range=all', tokens.access_token)).json()).toEqual({ error: { status: 400, message: 'Invalid time range' } });
    expect(await (await get('/v1/me/top/tracks')).json()).toEqual({ error: { status: 401, message: 'No token provided' } });
    expect(await (await get('/v1/me/top/tracks', 'forged')).json()).toEqual({ error: { status: 401, message: 'Invalid access token' } });
    clock += 3600 * 1000;
    const expired = await get('/v1/me/top/tracks', tokens.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: { status: 401, message: 'The access token expired' } });
    // A refresh gives a working token again; revoked refresh tokens stop working.
    const renewed = (await (await fake.app.request('/api/token', form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }))).json()) as { access_token: string };
    expect((await get('/v1/me/top/tracks', renewed.access_token)).status).toBe(200);
    fake.revokeRefreshTokens();
    const revoked = await fake.app.request('/api/token', form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }));
    expect(await revoked.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
  });
});

describe('Trakt fake', () => {
  const fake = createTraktFake({ clientId: 'tid', clientSecret: 'tsecret', redirectUris: [REDIRECT, OTHER] });
  let server: Running;
  beforeAll(async () => {
    server = await listen(fake.app);
  });
  afterAll(() => server.close());

  const code = async (redirectUri = REDIRECT) =>
    (await consent(`${server.url}/oauth/authorize`, { client_id: 'tid', redirect_uri: redirectUri, state: 's' })).code as string;
  const token = (body: Record<string, string>) =>
    fake.app.request('/oauth/token', jsonPost({ client_id: 'tid', client_secret: 'tsecret', redirect_uri: REDIRECT, ...body }));
  const apiHeaders = (access: string): Record<string, string> => ({
    'Content-Type': 'application/json',
    'User-Agent': 'Mycelius/1.0.0',
    'trakt-api-key': 'tid',
    'trakt-api-version': '2',
    Authorization: `Bearer ${access}`,
  });

  it('shows a consent page naming Trakt and Mycelius (demo)', async () => {
    const response = await fake.app.request(`/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'tid', redirect_uri: REDIRECT, state: 'a' }).toString()}`);
    const html = await response.text();
    expect(html).toContain('<h1>Trakt: allow Mycelius (demo) to use your account?</h1>');
    expect(html).toContain('See your watchlist of shows and movies');
    expect(html.match(/<form method="post" action="authorize">/g)).toHaveLength(2);
  });

  it('issues tokens in Trakt shape and rejects a reused code', async () => {
    const c = await code();
    const ok = await token({ code: c, grant_type: 'authorization_code' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'bearer', scope: 'public', expires_in: 86400 });
    const reused = await token({ code: c, grant_type: 'authorization_code' });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('rejects a wrong secret (401) and a mismatched or unregistered redirect_uri', async () => {
    const wrong = await fake.app.request('/oauth/token', jsonPost({ client_id: 'tid', client_secret: 'nope', redirect_uri: REDIRECT, code: await code(), grant_type: 'authorization_code' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect(await (await token({ code: await code(OTHER), grant_type: 'authorization_code' })).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await token({ code: await code(), grant_type: 'authorization_code', redirect_uri: 'https://evil.example' })).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await token({ grant_type: 'client_credentials' })).json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refresh tokens are single use: each refresh returns a new one', async () => {
    const first = (await (await token({ code: await code(), grant_type: 'authorization_code' })).json()) as { refresh_token: string };
    const second = (await (await token({ refresh_token: first.refresh_token, grant_type: 'refresh_token' })).json()) as { refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await token({ refresh_token: first.refresh_token, grant_type: 'refresh_token' })).status).toBe(400);
    expect((await token({ refresh_token: second.refresh_token, grant_type: 'refresh_token' })).status).toBe(200);
  });

  it('the watchlist API requires its four headers and a live bearer', async () => {
    const { access_token } = (await (await token({ code: await code(), grant_type: 'authorization_code' })).json()) as { access_token: string };
    const get = (headers: Record<string, string>, kind = 'shows') => fake.app.request(`/api/sync/watchlist/${kind}`, { headers });
    const full = apiHeaders(access_token);
    const ok = await get(full);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('X-Pagination-Item-Count')).toBe('6');
    const items = (await ok.json()) as Array<Record<string, unknown>>;
    expect(items[0]).toMatchObject({ rank: 1, type: 'show', show: { title: 'Severance', year: 2022 } });
    expect((await get(full, 'movies')).status).toBe(200);

    const without = (name: string) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== name));
    const noVersion = await get(without('trakt-api-version'));
    expect(noVersion.status).toBe(400);
    const noAgent = await get(without('User-Agent'));
    expect(noAgent.status).toBe(403);
    expect(noAgent.headers.get('Content-Type')).toContain('text/html');
    expect((await get(without('trakt-api-key'))).status).toBe(403);
    expect((await get(without('Content-Type'))).status).toBe(412);
    expect((await get(without('Authorization'))).status).toBe(401);
    fake.expireAccessTokens();
    expect((await get(full)).status).toBe(401);
  });
});

describe('Steam fake', () => {
  const fake = createSteamFake({ apiKey: 'k' }).app;

  it('requires the key (403 otherwise)', async () => {
    expect((await fake.request(`/ISteamUser/GetPlayerSummaries/v2/?steamids=${DEMO_STEAM_ID}`)).status).toBe(403);
    expect((await fake.request(`/ISteamUser/GetPlayerSummaries/v2/?key=nope&steamids=${DEMO_STEAM_ID}`)).status).toBe(403);
  });

  it('answers the three calls in Steam shape, with or without a trailing slash', async () => {
    expect(await (await fake.request(`/ISteamUser/ResolveVanityURL/v1/?key=k&vanityurl=${DEMO_STEAM_VANITY}`)).json()).toEqual({
      response: { steamid: DEMO_STEAM_ID, success: 1 },
    });
    expect(await (await fake.request('/ISteamUser/ResolveVanityURL/v1?key=k&vanityurl=zzz')).json()).toEqual({ response: { success: 42, message: 'No match' } });
    const summaries = (await (await fake.request(`/ISteamUser/GetPlayerSummaries/v2?key=k&steamids=${DEMO_STEAM_ID},${PRIVATE_STEAM_ID},1`)).json()) as {
      response: { players: Array<{ steamid: string; communityvisibilitystate: number }> };
    };
    expect(summaries.response.players.map((p) => [p.steamid, p.communityvisibilitystate])).toEqual([
      [DEMO_STEAM_ID, 3],
      [PRIVATE_STEAM_ID, 1],
    ]);
    const games = (await (await fake.request(`/IPlayerService/GetOwnedGames/v1/?key=k&steamid=${DEMO_STEAM_ID}&include_appinfo=1&include_played_free_games=1`)).json()) as {
      response: { game_count: number; games: Array<{ name: string; playtime_forever: number }> };
    };
    expect(games.response.game_count).toBeGreaterThanOrEqual(5);
    expect(games.response.games.every((g) => g.name && g.playtime_forever > 0)).toBe(true);
    expect(await (await fake.request(`/IPlayerService/GetOwnedGames/v1/?key=k&steamid=${PRIVATE_STEAM_ID}`)).json()).toEqual({ response: {} });
  });

  // The demo Steam card lists these accounts under its field; each must answer as the hint says.
  it.each([
    ['myceliusdemo', '76561198000000001', 'MyceliusDemo', 3],
    ['myceliusprivate', '76561198000000002', 'QuietSpore', 1],
  ])('knows the vanity name %s as %s, named %s, with visibility %i', async (vanity, steamid, personaname, visibility) => {
    expect(await (await fake.request(`/ISteamUser/ResolveVanityURL/v1/?key=k&vanityurl=${vanity}`)).json()).toEqual({ response: { steamid, success: 1 } });
    const body = (await (await fake.request(`/ISteamUser/GetPlayerSummaries/v2/?key=k&steamids=${steamid}`)).json()) as {
      response: { players: Array<{ personaname: string; communityvisibilitystate: number }> };
    };
    expect(body.response.players).toMatchObject([{ personaname, communityvisibilitystate: visibility }]);
  });
});

describe('demo mode', () => {
  it('mounts nothing when every provider has credentials, only the missing ones otherwise', async () => {
    expect(demoProviders(testConfig({}))).toBeNull();
    const partial = createApp(testConfig({}, { SPOTIFY_CLIENT_SECRET: '', STEAM_API_KEY: '' }));
    expect((await partial.request('/demo/spotify/authorize')).status).toBe(400);
    expect((await partial.request('/demo/steam/ISteamUser/ResolveVanityURL/v1/?vanityurl=x')).status).toBe(403);
    expect((await partial.request('/demo/trakt/oauth/authorize')).status).toBe(404);
  });

  describe('the full round trip with no credentials (as `npm start` runs it)', () => {
    let config: ServerConfig;
    let server: Running;
    beforeAll(async () => {
      const port = await freePort();
      config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: `http://127.0.0.1:${port}` });
      server = await listen(createApp(config), port);
    });
    afterAll(() => server.close());

    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, jsonPost(body));

    it('/api/config says every provider is demo and points at /demo', async () => {
      const body = (await (await fetch(`${server.url}/api/config`)).json()) as Record<string, { demo: boolean; authorizeUrl?: string }>;
      expect(body.spotify).toMatchObject({ demo: true, authorizeUrl: `${server.url}/demo/spotify/authorize` });
      expect(body.trakt).toMatchObject({ demo: true, authorizeUrl: `${server.url}/demo/trakt/oauth/authorize` });
      expect(body.steam).toEqual({ demo: true });
    });

    it('Spotify: consent Allow → code on /spotify/callback → tokens → top artists', async () => {
      const { verifier, challenge } = pkcePair();
      const q = new URLSearchParams({
        client_id: config.spotify.clientId,
        response_type: 'code',
        redirect_uri: config.spotify.redirectUri,
        state: 'demo-state',
        scope: config.spotify.scopes.join(' '),
        show_dialog: 'true',
        code_challenge_method: 'S256',
        code_challenge: challenge,
      });
      const page = await fetch(`${config.spotify.authorizeUrl}?${q.toString()}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('Content-Security-Policy')).toContain("form-action 'self'");
      const back = await consent(config.spotify.authorizeUrl, {
        client_id: config.spotify.clientId,
        redirect_uri: config.spotify.redirectUri,
        state: 'demo-state',
        scope: 'user-top-read',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      expect(`${back.location.origin}${back.location.pathname}`).toBe(`${server.url}/spotify/callback`);
      expect(back.state).toBe('demo-state');
      const tokens = (await (await post('/api/spotify/auth/token', { code: back.code, code_verifier: verifier })).json()) as { access_token: string };
      const top = await fetch(`${server.url}/api/api/spotify/me/top/artists?time_range=short_term&limit=5`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
      expect(top.status).toBe(200);
      expect(((await top.json()) as { items: unknown[] }).items).toHaveLength(5);
    });

    it('Trakt: consent Allow → code on /callback → tokens → watchlists; Deny → error', async () => {
      const fields = { client_id: config.trakt.clientId, redirect_uri: config.trakt.redirectUri, state: 't' };
      const back = await consent(config.trakt.authorizeUrl, fields);
      expect(`${back.location.origin}${back.location.pathname}`).toBe(`${server.url}/callback`);
      const tokens = (await (await post('/api/trakt/auth/token', { code: back.code })).json()) as { access_token: string; refresh_token: string };
      const shows = await fetch(`${server.url}/api/api/trakt/sync/watchlist/shows`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
      expect(((await shows.json()) as unknown[]).length).toBe(6);
      const refreshed = (await (await post('/api/trakt/auth/refresh', { refresh_token: tokens.refresh_token })).json()) as { refresh_token: string };
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect((await consent(config.trakt.authorizeUrl, fields, 'deny')).error).toBe('access_denied');
    });

    it('Steam: the vanity name, the public profile, the private one and the games', async () => {
      expect(await (await fetch(`${server.url}/api/steam/resolve/${DEMO_STEAM_VANITY}`)).json()).toEqual({ response: { steamid: DEMO_STEAM_ID, success: 1 } });
      const pub = (await (await fetch(`${server.url}/api/steam/player/summaries/${DEMO_STEAM_ID}`)).json()) as { response: { players: Array<{ personaname: string }> } };
      expect(pub.response.players[0]?.personaname).toBe('MyceliusDemo');
      const priv = (await (await fetch(`${server.url}/api/steam/player/summaries/${PRIVATE_STEAM_ID}`)).json()) as { response: { players: Array<{ communityvisibilitystate: number }> } };
      expect(priv.response.players[0]?.communityvisibilitystate).toBe(1);
      const games = (await (await fetch(`${server.url}/api/steam/player/games/${DEMO_STEAM_ID}`)).json()) as { response: { games: unknown[] } };
      expect(games.response.games.length).toBeGreaterThanOrEqual(5);
    });
  });
});
