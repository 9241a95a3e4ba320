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
  type Running,
} from './support/servers';

const OTHER_REDIRECT = 'http://127.0.0.1:5999/elsewhere';

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

function post(app: ReturnType<typeof createApp>, path: string, body: unknown) {
  return app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
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
    const tokens = (await (await post(a, '/api/spotify/auth/token', { code, code_verifier: verifier })).json()) as { access_token: string; refresh_token: string };
    const response = await post(a, '/api/spotify/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.access_token).toMatch(/^sp_at_/);
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body).not.toHaveProperty('refresh_token');
    // The kept refresh token still works.
    expect((await post(a, '/api/spotify/auth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(200);
  });

  it('answers an unknown refresh token with INVALID_GRANT', async () => {
    await expectError(await post(app(), '/api/spotify/auth/refresh', { refresh_token: 'sp_rt_unknown' }), 400, 'INVALID_GRANT');
  });
});

describe('POST /api/trakt/auth/token and /refresh', () => {
  const app = () => createApp(testConfig({ trakt: trakt.url }));

  async function tokens(a: ReturnType<typeof createApp>) {
    const code = await traktCode(trakt.url, CLIENT_IDS.trakt, TRAKT_REDIRECT);
    const response = await post(a, '/api/trakt/auth/token', { code });
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  }

  it('exchanges a code for tokens', async () => {
    const body = await tokens(app());
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
    const response = await post(a, '/api/trakt/auth/refresh', { refresh_token: first.refresh_token });
    expect(response.status).toBe(200);
    const second = (await response.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).toMatch(/^tr_rt_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    await expectError(await post(a, '/api/trakt/auth/refresh', { refresh_token: first.refresh_token }), 400, 'INVALID_GRANT');
    expect((await post(a, '/api/trakt/auth/refresh', { refresh_token: second.refresh_token })).status).toBe(200);
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
    await expectError(await post(a, '/api/spotify/auth/token', { code: 'abc' }), 504, 'UPSTREAM_TIMEOUT');
    await expectError(await post(a, '/api/trakt/auth/refresh', { refresh_token: 'abc' }), 504, 'UPSTREAM_TIMEOUT');
  });

  it('an unreachable provider gives 502 UPSTREAM_UNREACHABLE', async () => {
    const url = await deadUrl();
    const a = createApp(testConfig({ spotify: url, trakt: url }));
    await expectError(await post(a, '/api/spotify/auth/refresh', { refresh_token: 'abc' }), 502, 'UPSTREAM_UNREACHABLE');
    await expectError(await post(a, '/api/trakt/auth/token', { code: 'abc' }), 502, 'UPSTREAM_UNREACHABLE');
  });

  it('a provider error page (5xx HTML) or a 2xx without access_token gives 502 UPSTREAM_ERROR', async () => {
    const { Hono } = await import('hono');
    const broken = new Hono()
      .post('/api/token', (c) => c.html('<h1>Internal error at upstream-host-17</h1>', 500))
      .post('/oauth/token', (c) => c.json({ token_type: 'bearer' }));
    hanging = await listen(broken);
    const a = createApp(testConfig({ spotify: hanging.url, trakt: hanging.url }));
    const body = await expectError(await post(a, '/api/spotify/auth/token', { code: 'abc' }), 502, 'UPSTREAM_ERROR');
    expect(JSON.stringify(body)).not.toContain('upstream-host-17');
    await expectError(await post(a, '/api/trakt/auth/token', { code: 'abc' }), 502, 'UPSTREAM_ERROR');
  });
});
