import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createSpotifyFake } from '../../server/fakes/spotify';
import { createTraktFake } from '../../server/fakes/trakt';
import { spotifyCode, traktCode } from './support/oauthFlow';
import {
  CLIENT_IDS,
  SECRETS,
  SPOTIFY_REDIRECT,
  TRAKT_REDIRECT,
  deadUrl,
  hangingServer,
  listen,
  testConfig,
  SAME_ORIGIN_JSON,
  cookiesOf,
  type Running,
} from './support/servers';

const OTHER_REDIRECT = 'http://127.0.0.1:5999/elsewhere';
const VERIFIER = 'v'.repeat(43);

let spotify: Running;
let trakt: Running;
let wrongSecretSpotify: Running;
let wrongSecretTrakt: Running;

beforeAll(async () => {
  const redirects = [SPOTIFY_REDIRECT, OTHER_REDIRECT];
  spotify = await listen(createSpotifyFake({ clientId: CLIENT_IDS.spotify, clientSecret: SECRETS.spotifyClientSecret, redirectUris: redirects }).app);
  trakt = await listen(createTraktFake({ clientId: CLIENT_IDS.trakt, clientSecret: SECRETS.traktClientSecret, redirectUris: [TRAKT_REDIRECT, OTHER_REDIRECT] }).app);
  // Providers that know the client under another secret: the server's credentials are wrong for them.
  wrongSecretSpotify = await listen(createSpotifyFake({ clientId: CLIENT_IDS.spotify, clientSecret: 'another-secret', redirectUris: redirects }).app);
  wrongSecretTrakt = await listen(createTraktFake({ clientId: CLIENT_IDS.trakt, clientSecret: 'another-secret', redirectUris: [TRAKT_REDIRECT] }).app);
});

afterAll(async () => {
  await Promise.all([spotify, trakt, wrongSecretSpotify, wrongSecretTrakt].map((s) => s.close()));
});

function post(app: ReturnType<typeof createApp>, path: string, body: unknown, cookie?: string) {
  const headers = cookie === undefined ? SAME_ORIGIN_JSON : { ...SAME_ORIGIN_JSON, Cookie: cookie };
  return app.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  const text = JSON.stringify(body);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  return body;
}

describe('POST /api/spotify/auth/token and /refresh', () => {
  const app = () => createApp(testConfig({ spotify: spotify.url }));

  it('exchanges a code (Basic auth, configured redirect URI, PKCE verifier) for tokens', async () => {
    const { code, verifier } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const response = await post(app(), '/api/spotify/auth/token', { code, code_verifier: verifier, redirect_uri: 'http://evil.example/cb' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token']);
    expect(body.access_token).toMatch(/^sp_at_/);
    expect(body.refresh_token).toMatch(/^sp_rt_/);
    expect(body.expires_in).toBe(3600);
  });

  it('rejects a reused code as INVALID_GRANT', async () => {
    const { code, verifier } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const a = app();
    expect((await post(a, '/api/spotify/auth/token', { code, code_verifier: verifier })).status).toBe(200);
    await expectError(await post(a, '/api/spotify/auth/token', { code, code_verifier: verifier }), 400, 'INVALID_GRANT');
  });

  it('rejects a code issued for another redirect URI', async () => {
    const { code, verifier } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, OTHER_REDIRECT);
    await expectError(await post(app(), '/api/spotify/auth/token', { code, code_verifier: verifier }), 400, 'INVALID_GRANT');
  });

  it('rejects a wrong PKCE verifier', async () => {
    const { code } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    await expectError(await post(app(), '/api/spotify/auth/token', { code, code_verifier: 'x'.repeat(64) }), 400, 'INVALID_GRANT');
  });

  it('turns a provider that refuses the client secret into a 502 without detail', async () => {
    const { code, verifier } = await spotifyCode(wrongSecretSpotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const a = createApp(testConfig({ spotify: wrongSecretSpotify.url }));
    const body = await expectError(await post(a, '/api/spotify/auth/token', { code, code_verifier: verifier }), 502, 'PROVIDER_REJECTED_CLIENT');
    expect(body.error.message).not.toMatch(/Invalid client secret/);
  });

  it('validates the body before calling Spotify', async () => {
    const before = spotify.hits();
    const a = app();
    await expectError(await post(a, '/api/spotify/auth/token', {}), 400, 'INVALID_REQUEST');
    await expectError(await post(a, '/api/spotify/auth/token', 'not json'), 400, 'INVALID_REQUEST');
    await expectError(await post(a, '/api/spotify/auth/token', { code: 'abc', code_verifier: 'short' }), 400, 'INVALID_REQUEST');
    await expectError(await post(a, '/api/spotify/auth/refresh', { refresh_token: '' }), 400, 'INVALID_REQUEST');
    expect(spotify.hits()).toBe(before);
  });

  it('refreshes: a new access token, no refresh_token when Spotify keeps the old one', async () => {
    const { code, verifier } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const a = app();
    const exchanged = await post(a, '/api/spotify/auth/token', { code, code_verifier: verifier });
    const browser = cookiesOf(exchanged);
    const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string };
    const response = await post(a, '/api/spotify/auth/refresh', { refresh_token: tokens.refresh_token }, browser);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.access_token).toMatch(/^sp_at_/);
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body).not.toHaveProperty('refresh_token');
    // The kept refresh token still works.
    expect((await post(a, '/api/spotify/auth/refresh', { refresh_token: tokens.refresh_token }, browser)).status).toBe(200);
  });

  it('answers a refresh token Spotify does not know with INVALID_GRANT', async () => {
    const { Hono } = await import('hono');
    // A provider that issues tokens, then has forgotten the refresh token (revoked).
    const forgetful = new Hono().post('/api/token', async (c) => {
      const form = await c.req.parseBody();
      return form.grant_type === 'authorization_code'
        ? c.json({ access_token: 'sp_at_1', refresh_token: 'sp_rt_revoked', expires_in: 3600 })
        : c.json({ error: 'invalid_grant', error_description: 'Invalid refresh token' }, 400);
    });
    const provider = await listen(forgetful);
    try {
      const a = createApp(testConfig({ spotify: provider.url }));
      const exchanged = await post(a, '/api/spotify/auth/token', { code: 'abc', code_verifier: 'v'.repeat(43) });
      await expectError(await post(a, '/api/spotify/auth/refresh', { refresh_token: 'sp_rt_revoked' }, cookiesOf(exchanged)), 400, 'INVALID_GRANT');
    } finally {
      await provider.close();
    }
  });

  it('requires the PKCE verifier: a code alone is refused before Spotify is called', async () => {
    const before = spotify.hits();
    const { code } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const afterConsent = spotify.hits();
    await expectError(await post(app(), '/api/spotify/auth/token', { code }), 400, 'INVALID_REQUEST');
    expect(spotify.hits()).toBe(afterConsent);
    expect(afterConsent).toBeGreaterThan(before);
  });

  it('binds the refresh token to the browser that connected: an httpOnly, SameSite=Strict cookie', async () => {
    const { code, verifier } = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const a = app();
    const exchanged = await post(a, '/api/spotify/auth/token', { code, code_verifier: verifier });
    const setCookie = exchanged.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^mycelius_spotify_refresh=[A-Za-z0-9_-]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/spotify/auth');
    const tokens = (await exchanged.json()) as { refresh_token: string };
    const before = spotify.hits();

    // A leaked refresh token, redeemed from another browser (no cookie, or that browser's own cookie).
    await expectError(await post(a, '/api/spotify/auth/refresh', { refresh_token: tokens.refresh_token }), 403, 'REFRESH_NOT_BOUND');
    const other = await spotifyCode(spotify.url, CLIENT_IDS.spotify, SPOTIFY_REDIRECT);
    const otherBrowser = cookiesOf(await post(a, '/api/spotify/auth/token', { code: other.code, code_verifier: other.verifier }));
    await expectError(await post(a, '/api/spotify/auth/refresh', { refresh_token: tokens.refresh_token }, otherBrowser), 403, 'REFRESH_NOT_BOUND');
    // Only the other browser's consent and exchange reached Spotify; the refused refreshes did not.
    expect(spotify.hits()).toBe(before + 2);
    // The browser that connected still refreshes.
    expect((await post(a, '/api/spotify/auth/refresh', { refresh_token: tokens.refresh_token }, cookiesOf(exchanged))).status).toBe(200);
  });
});

describe('POST /api/trakt/auth/token and /refresh', () => {
  const app = () => createApp(testConfig({ trakt: trakt.url }));

  async function tokens(a: ReturnType<typeof createApp>) {
    const code = await traktCode(trakt.url, CLIENT_IDS.trakt, TRAKT_REDIRECT);
    const response = await post(a, '/api/trakt/auth/token', { code });
    expect(response.status).toBe(200);
    const browser = cookiesOf(response);
    return { ...((await response.json()) as { access_token: string; refresh_token: string; expires_in: number }), browser };
  }

  it('exchanges a code for tokens', async () => {
    const { browser, ...body } = await tokens(app());
    expect(browser).toMatch(/^mycelius_trakt_refresh=/);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token']);
    expect(body.access_token).toMatch(/^tr_at_/);
    expect(body.refresh_token).toMatch(/^tr_rt_/);
  });

  it('rejects a reused code and a code for another redirect URI', async () => {
    const a = app();
    const code = await traktCode(trakt.url, CLIENT_IDS.trakt, TRAKT_REDIRECT);
    expect((await post(a, '/api/trakt/auth/token', { code })).status).toBe(200);
    await expectError(await post(a, '/api/trakt/auth/token', { code }), 400, 'INVALID_GRANT');
    const other = await traktCode(trakt.url, CLIENT_IDS.trakt, OTHER_REDIRECT);
    await expectError(await post(a, '/api/trakt/auth/token', { code: other }), 400, 'INVALID_GRANT');
  });

  it('refresh returns a NEW refresh token and the old one is then rejected', async () => {
    const a = app();
    const first = await tokens(a);
    const response = await post(a, '/api/trakt/auth/refresh', { refresh_token: first.refresh_token }, first.browser);
    expect(response.status).toBe(200);
    // The binding moves to the new refresh token.
    const rebound = cookiesOf(response);
    const second = (await response.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).toMatch(/^tr_rt_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    await expectError(await post(a, '/api/trakt/auth/refresh', { refresh_token: second.refresh_token }, first.browser), 403, 'REFRESH_NOT_BOUND');
    expect((await post(a, '/api/trakt/auth/refresh', { refresh_token: second.refresh_token }, rebound)).status).toBe(200);
  });

  it('turns a wrong client secret into a 502 without detail', async () => {
    const code = await traktCode(wrongSecretTrakt.url, CLIENT_IDS.trakt, TRAKT_REDIRECT);
    const a = createApp(testConfig({ trakt: wrongSecretTrakt.url }));
    await expectError(await post(a, '/api/trakt/auth/token', { code }), 502, 'PROVIDER_REJECTED_CLIENT');
  });

  it('validates the body before calling Trakt', async () => {
    const before = trakt.hits();
    await expectError(await post(app(), '/api/trakt/auth/token', { code: 42 }), 400, 'INVALID_REQUEST');
    await expectError(await post(app(), '/api/trakt/auth/refresh', {}), 400, 'INVALID_REQUEST');
    expect(trakt.hits()).toBe(before);
  });
});

describe('token routes when the provider misbehaves', () => {
  let hanging: Running | undefined;
  afterEach(async () => {
    await hanging?.close();
    hanging = undefined;
  });

  it('a provider that never answers gives 504 UPSTREAM_TIMEOUT', async () => {
    hanging = await hangingServer();
    const a = createApp(testConfig({ spotify: hanging.url, trakt: hanging.url }, { UPSTREAM_TIMEOUT_MS: '150' }));
    await expectError(await post(a, '/api/spotify/auth/token', { code: 'abc', code_verifier: VERIFIER }), 504, 'UPSTREAM_TIMEOUT');
    await expectError(await post(a, '/api/trakt/auth/token', { code: 'abc' }), 504, 'UPSTREAM_TIMEOUT');
  });

  it('an unreachable provider gives 502 UPSTREAM_UNREACHABLE', async () => {
    const url = await deadUrl();
    const a = createApp(testConfig({ spotify: url, trakt: url }));
    await expectError(await post(a, '/api/spotify/auth/token', { code: 'abc', code_verifier: VERIFIER }), 502, 'UPSTREAM_UNREACHABLE');
    await expectError(await post(a, '/api/trakt/auth/token', { code: 'abc' }), 502, 'UPSTREAM_UNREACHABLE');
  });

  it('a provider error page (5xx HTML) or a 2xx without access_token gives 502 UPSTREAM_ERROR', async () => {
    const { Hono } = await import('hono');
    const broken = new Hono()
      .post('/api/token', (c) => c.html('<h1>Internal error at upstream-host-17</h1>', 500))
      .post('/oauth/token', (c) => c.json({ token_type: 'bearer' }));
    hanging = await listen(broken);
    const a = createApp(testConfig({ spotify: hanging.url, trakt: hanging.url }));
    const body = await expectError(await post(a, '/api/spotify/auth/token', { code: 'abc', code_verifier: VERIFIER }), 502, 'UPSTREAM_ERROR');
    expect(JSON.stringify(body)).not.toContain('upstream-host-17');
    await expectError(await post(a, '/api/trakt/auth/token', { code: 'abc' }), 502, 'UPSTREAM_ERROR');
  });
});
