import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { listen } from './support/servers';

// Cross-site requests, foreign Host names and unusable settings are refused.

const ORIGIN = 'http://127.0.0.1:5999';
const bio = JSON.stringify({ username: 'sam', hobbies: 'climbing', musicGenres: [], favoriteGames: [], favoriteShows: [] });

function appFor(env: Record<string, string> = {}) {
  return createApp(loadConfig({ PUBLIC_ORIGIN: ORIGIN, ...env }));
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('state-changing /api requests come from the app itself, as JSON', () => {
  it('a cross-site text/plain POST (a "simple" request any page can send) is refused with 403', async () => {
    const response = await appFor().request('/api/ai/bio', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      body: bio,
    });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
  });

  it('the same over real HTTP, from a page on another origin', async () => {
    const server = await listen(appFor());
    try {
      const response = await fetch(`${server.url}/api/ai/bio`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' }, body: bio });
      expect(response.status).toBe(403);
      const form = await fetch(`${server.url}/api/spotify/auth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' },
        body: 'code=x',
      });
      expect(form.status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('from our own origin, a body that is not declared JSON is refused with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await appFor().request('/api/ai/bio', { method: 'POST', headers: { 'Content-Type': type, Origin: ORIGIN }, body: bio });
      expect(response.status, type).toBe(415);
      expect(await errorCode(response)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('JSON with our Origin, or with Sec-Fetch-Site: same-origin, is served', async () => {
    const app = appFor();
    const withOrigin = await app.request('/api/ai/bio', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', Origin: ORIGIN }, body: bio });
    expect(withOrigin.status).toBe(200);
    const fetchSite = await app.request('/api/ai/bio', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }, body: bio });
    expect(fetchSite.status).toBe(200);
  });

  it('no Origin and no Sec-Fetch-Site, a foreign Origin, or a cross-site fetch with our Origin: 403', async () => {
    const app = appFor();
    const cases: Record<string, Record<string, string>> = {
      none: {},
      foreign: { Origin: 'http://127.0.0.1:6000' },
      'same-site': { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-site' },
      'cross-site fetch': { 'Sec-Fetch-Site': 'cross-site' },
    };
    for (const [what, headers] of Object.entries(cases)) {
      const response = await app.request('/api/ai/bio', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: bio });
      expect(response.status, what).toBe(403);
    }
  });

  it('reads (GET) need neither', async () => {
    expect((await appFor().request('/api/health', { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('only the configured host is served', () => {
  it('a foreign Host (DNS rebinding onto a local install) is refused with 421 on /api, /demo and pages', async () => {
    const app = appFor();
    for (const path of ['/api/health', '/api/config', '/demo/spotify/authorize', '/']) {
      const response = await app.request(`http://attacker.example:5999${path}`);
      expect(response.status, path).toBe(421);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });

  it('over real HTTP, the Host header decides', async () => {
    const { request } = await import('node:http');
    const server = await listen(appFor());
    try {
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${server.url}/api/health`, { headers: { Host: host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await status('rebound.attacker.example')).toBe(421);
      expect(await status(new URL(server.url).host)).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a loopback install answers its loopback names; a public one only its own name', async () => {
    const local = appFor();
    for (const host of ['127.0.0.1:5999', 'localhost:5999', '[::1]:5999']) {
      expect((await local.request(`http://${host}/api/health`)).status, host).toBe(200);
    }
    const hosted = createApp(loadConfig({ HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://mycelius.example' }));
    expect((await hosted.request('https://mycelius.example/api/health')).status).toBe(200);
    expect((await hosted.request('http://localhost/api/health')).status).toBe(421);
    expect((await hosted.request('http://10.0.0.7/api/health')).status).toBe(421);
  });
});

describe('settings are checked at start', () => {
  function problems(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted it');
  }

  it('PUBLIC_ORIGIN must be an http(s) origin', () => {
    expect(problems({ PUBLIC_ORIGIN: 'javascript:alert(1)' })).toMatch(/PUBLIC_ORIGIN: must be an http:\/\/ or https:\/\/ origin/);
    expect(problems({ PUBLIC_ORIGIN: 'https://mycelius.example/app' })).toMatch(/PUBLIC_ORIGIN/);
    expect(problems({ PUBLIC_ORIGIN: 'mycelius.example' })).toMatch(/PUBLIC_ORIGIN/);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://mycelius.example/' }).origin).toBe('https://mycelius.example');
  });

  it('provider URLs must be http(s), and several problems are named at once', () => {
    const message = problems({ SPOTIFY_API_URL: 'file:///etc/passwd', TRAKT_AUTH_URL: 'not a url' });
    expect(message).toMatch(/SPOTIFY_API_URL: must be an http:\/\/ or https:\/\/ URL/);
    expect(message).toMatch(/TRAKT_AUTH_URL: must be an http:\/\/ or https:\/\/ URL/);
  });

  it('GEMINI_BASE_URL carries the key: https, or http only to loopback', () => {
    expect(problems({ GEMINI_BASE_URL: 'http://gemini.example' })).toMatch(/GEMINI_BASE_URL: must be an https:\/\/ URL/);
    expect(loadConfig({ GEMINI_BASE_URL: 'https://gemini.example' }).gemini.baseUrl).toBe('https://gemini.example');
    expect(loadConfig({ GEMINI_BASE_URL: 'http://127.0.0.1:9' }).gemini.baseUrl).toBe('http://127.0.0.1:9');
  });

  it('HOST=:: and HOST=::1 give working redirect URIs', () => {
    expect(loadConfig({ HOST: '::', PORT: '8080' }).trakt.redirectUri).toBe('http://127.0.0.1:8080/callback');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).spotify.redirectUri).toBe('http://[::1]:8080/spotify/callback');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).origin).toBe('http://127.0.0.1:8080');
  });
});
