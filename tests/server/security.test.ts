import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createServerApp } from '../../server/main';
import { SAME_ORIGIN_JSON, SECRETS, testConfig } from './support/servers';

const run = promisify(execFile);
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mycelius-${name}-`));
  temps.push(dir);
  return dir;
}

function expectSecurityHeaders(response: Response, what: string) {
  const csp = response.headers.get('Content-Security-Policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("form-action 'self'");
  expect(response.headers.get('X-Content-Type-Options'), what).toBe('nosniff');
  expect(response.headers.get('Referrer-Policy'), what).toBe('no-referrer');
}

describe('security headers on every kind of response', () => {
  it('API answers, errors, 404, 413, 429 and the demo consent page', async () => {
    const app = createApp(loadConfig({ RATE_LIMIT_STEAM_PER_MINUTE: '1', PUBLIC_ORIGIN: 'http://127.0.0.1:5999' }));
    const cases: Array<[string, Response | Promise<Response>, number]> = [
      ['health', app.request('/api/health'), 200],
      ['config', app.request('/api/config'), 200],
      ['unknown api route', app.request('/api/nothing-here'), 404],
      ['unknown demo route', app.request('/demo/nothing-here'), 404],
      ['validation error', app.request('/api/spotify/auth/token', { method: 'POST', body: '{}', headers: SAME_ORIGIN_JSON }), 400],
      ['missing bearer', app.request('/api/api/spotify/me/top/artists'), 401],
      [
        'body too large',
        app.request('/api/trakt/auth/token', { method: 'POST', body: JSON.stringify({ code: 'x'.repeat(70 * 1024) }), headers: SAME_ORIGIN_JSON }),
        413,
      ],
      ['consent page', app.request('/demo/trakt/oauth/authorize?response_type=code&client_id=mycelius-demo-trakt&redirect_uri=http%3A%2F%2F127.0.0.1%3A5999%2Fcallback'), 200],
      ['consent refusal', app.request('/demo/spotify/authorize?client_id=unknown'), 400],
    ];
    for (const [what, pending, status] of cases) {
      const response = await pending;
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response, what);
    }
    // The first Steam call is let through (and fails validation); the second is over the limit.
    expect((await app.request('/api/steam/resolve/!')).status).toBe(400);
    const limited = await app.request('/api/steam/resolve/!');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    expectSecurityHeaders(limited, '429');
  });

  it('static files and the SPA fallback', async () => {
    const dist = tempDir('static');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Mycelius</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = createServerApp({ ...loadConfig({}), distDir: dist });
    for (const path of ['/', '/assets/app.js', '/profile', '/spotify/callback?code=x']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expectSecurityHeaders(response, path);
    }
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('no configured secret reaches the browser', () => {
  const secretEnv = {
    SPOTIFY_CLIENT_ID: 'spotify-public-id',
    SPOTIFY_CLIENT_SECRET: SECRETS.spotifyClientSecret,
    TRAKT_CLIENT_ID: 'trakt-public-id',
    TRAKT_CLIENT_SECRET: SECRETS.traktClientSecret,
    STEAM_API_KEY: SECRETS.steamApiKey,
    GEMINI_API_KEY: SECRETS.geminiApiKey,
  };

  it('/api/config holds client ids but no secret, configured or generated for demo', async () => {
    const configured = testConfig({}, secretEnv);
    const text = await (await createApp(configured).request('/api/config')).text();
    expect(text).toContain('spotify-public-id');
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);

    const demo = loadConfig({});
    const demoText = await (await createApp(demo).request('/api/config')).text();
    for (const secret of [demo.spotify.clientSecret, demo.trakt.clientSecret, demo.steam.apiKey]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(demoText).not.toContain(secret);
    }
  });

  it('a build made with the secrets in the environment contains none of them', async () => {
    const outDir = tempDir('dist');
    await run('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
      env: { ...process.env, ...secretEnv },
      timeout: 170_000,
    });
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith('index.html'))).toBe(true);
    for (const file of files) {
      const content = readFileSync(file, 'latin1');
      for (const secret of Object.values(SECRETS)) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  }, 180_000);
});
