import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createServerApp } from '../../server/main';

const config = loadConfig({ PORT: '5173', HOST: '127.0.0.1' });

function distWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mycelius-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Mycelius</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
}

describe('server basics', () => {
  it('answers /api/health', async () => {
    const response = await createApp(config).request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: '1.0.0' });
    expectSecurityHeaders(response);
  });

  it('answers /api/config with public settings only, naming the demo providers', async () => {
    const response = await createApp(config).request('/api/config');
    const body = (await response.json()) as Record<string, { demo?: boolean; authorizeUrl?: string; redirectUri?: string }>;
    expect(body.spotify?.demo).toBe(true);
    expect(body.trakt?.demo).toBe(true);
    expect(body.steam?.demo).toBe(true);
    expect(body.spotify?.redirectUri).toBe('http://127.0.0.1:5173/spotify/callback');
    expect(body.trakt?.redirectUri).toBe('http://127.0.0.1:5173/callback');
    expect(JSON.stringify(body)).not.toContain(config.spotify.clientSecret);
    expect(JSON.stringify(body)).not.toContain(config.trakt.clientSecret);
    expect(JSON.stringify(body)).not.toContain(config.steam.apiKey);
  });

  it('uses real providers when credentials are configured', () => {
    const real = loadConfig({ SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 'sec', STEAM_API_KEY: 'k', PORT: '8080' });
    expect(real.spotify.demo).toBe(false);
    expect(real.spotify.authorizeUrl).toBe('https://accounts.spotify.com/authorize');
    expect(real.steam.demo).toBe(false);
    expect(real.trakt.demo).toBe(true);
    expect(real.origin).toBe('http://127.0.0.1:8080');
  });

  it('answers unknown API routes with a JSON 404, not the app', async () => {
    const response = await createApp(config).request('/api/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route.' } });
    expectSecurityHeaders(response);
  });

  it('serves the built app with an SPA fallback, with security headers on every response', async () => {
    const app = createServerApp({ ...config, distDir: distWithIndex() });
    for (const path of ['/', '/intro', '/chat/user-3', '/games/hottakes/anim', '/no/such/page']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expectSecurityHeaders(response);
    }
    const asset = await app.request('/assets/app.js');
    expect(await asset.text()).toBe('console.log(1)');
    expectSecurityHeaders(asset);
  });

  it('caps request bodies: 413 BODY_TOO_LARGE, saying why', async () => {
    const response = await createApp(config).request('/api/health', {
      method: 'POST',
      body: 'x'.repeat(70 * 1024),
      headers: { 'Content-Length': String(70 * 1024), 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: 'BODY_TOO_LARGE', message: 'Request body is too large.' } });
    expectSecurityHeaders(response);
  });
});
