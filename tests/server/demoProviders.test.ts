import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSpotifyFake } from '../../server/fakes/spotify';
import { createTraktFake } from '../../server/fakes/trakt';
import { createLogger } from '../../server/lib/log';
import { consent, pkcePair } from './support/oauthFlow';

// The demo providers are open to anyone who can reach the server: they must stay bounded in memory,
// in rate, and answer malformed input as a client error.

const ORIGIN = 'http://127.0.0.1:5999';
const SPOTIFY_REDIRECT = `${ORIGIN}/spotify/callback`;
const TRAKT_REDIRECT = `${ORIGIN}/callback`;


describe('a flood of unauthenticated sign-ins', () => {
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'tests/server/support/demoServer.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`demo server exited with ${code}`)));
      child.stdout?.once('data', (chunk: Buffer) => resolve((JSON.parse(String(chunk)) as { port: number }).port));
    });
    base = `http://127.0.0.1:${port}/demo/spotify`;
  }, 60_000);
  afterAll(() => {
    child.kill('SIGTERM');
  });

  /** What the server's objects hold after a full collection (heap in use plus buffers). */
  function keptAfterCollection(): Promise<number> {
    return new Promise((resolve) => {
      child.stdout?.once('data', (chunk: Buffer) => resolve((JSON.parse(String(chunk)) as { kept: number }).kept));
      child.stdin?.write('gc\n');
    });
  }

  async function flood(count: number, fields: Record<string, string>) {
    const body = new URLSearchParams({ ...fields, decision: 'allow' }).toString();
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next += 1;
        const response = await fetch(`${base}/authorize`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
          redirect: 'manual',
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    return statuses;
  }

  it('10,000 authorize calls with a 15 KB scope grow the server by less than 30 MB', async () => {
    // The payload of the report: every call asks for a code carrying ~15 KB of scope.
    const fields = { client_id: 'mycelius-demo-spotify', redirect_uri: SPOTIFY_REDIRECT, state: 's', scope: 'user-top-read '.repeat(1100), code_challenge: pkcePair().challenge, code_challenge_method: 'S256' };
    await flood(2_000, fields); // warm up to the steady state: JIT, sockets, heap sizing
    const before = await keptAfterCollection();
    const statuses = await flood(10_000, fields);
    const growth = (await keptAfterCollection()) - before;
    expect([...statuses.keys()]).toEqual([302]);
    expect(growth).toBeLessThan(30 * 1024 * 1024);
  }, 180_000);
});

describe('Spotify fake: bounded memory', () => {
  it('keeps at most 1,000 pending codes: the oldest is dropped first', async () => {
    const fake = createSpotifyFake({ clientId: 'cid', clientSecret: 'secret', redirectUris: [SPOTIFY_REDIRECT] });
    const codes: string[] = [];
    for (let i = 0; i < 1_001; i += 1) {
      const back = await consent(`http://x/authorize`, { client_id: 'cid', redirect_uri: SPOTIFY_REDIRECT, scope: 'user-top-read' }, 'allow', fake.app);
      codes.push(back.code as string);
    }
    const exchange = (code: string) =>
      fake.app.request('/api/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('cid:secret').toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: SPOTIFY_REDIRECT }).toString(),
      });
    expect((await exchange(codes[0] as string)).status).toBe(400);
    expect((await exchange(codes[1] as string)).status).toBe(200);
    expect((await exchange(codes[1_000] as string)).status).toBe(200);
  });

  it('refuses a scope longer than 1,000 characters with invalid_scope, storing nothing', async () => {
    const fake = createSpotifyFake({ clientId: 'cid', clientSecret: 'secret', redirectUris: [SPOTIFY_REDIRECT] });
    const back = await consent('http://x/authorize', { client_id: 'cid', redirect_uri: SPOTIFY_REDIRECT, state: 'st', scope: 'a'.repeat(1_001) }, 'allow', fake.app);
    expect(back).toMatchObject({ error: 'invalid_scope', state: 'st', code: undefined });
    const page = await fake.app.request(`/authorize?${new URLSearchParams({ client_id: 'cid', redirect_uri: SPOTIFY_REDIRECT, response_type: 'code', scope: 'a'.repeat(1_001) }).toString()}`);
    expect(page.status).toBe(302);
    expect(new URL(page.headers.get('Location') ?? '').searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('the demo Spotify requires PKCE', () => {
  it('a sign-in without a code challenge gets no code, on the consent page or its form', async () => {
    const app = createApp(loadConfig({ PUBLIC_ORIGIN: ORIGIN }));
    const query = new URLSearchParams({ client_id: 'mycelius-demo-spotify', redirect_uri: SPOTIFY_REDIRECT, response_type: 'code', state: 'st' });
    const page = await app.request(`/demo/spotify/authorize?${query.toString()}`);
    expect(page.status).toBe(302);
    expect(new URL(page.headers.get('Location') ?? '').searchParams.get('error')).toBe('invalid_request');
    const back = await consent('http://localhost/demo/spotify/authorize', { client_id: 'mycelius-demo-spotify', redirect_uri: SPOTIFY_REDIRECT, state: 'st' }, 'allow', app);
    expect(back).toMatchObject({ error: 'invalid_request', code: undefined });
  });
});

describe('malformed bodies to the demo providers', () => {
  const broken = {
    method: 'POST',
    headers: { 'Content-Type': 'multipart/form-data; boundary=----x' },
    body: '------x\r\nContent-Disposition: form-data; name="decision"\r\n\r\nallow\r\n--', // cut off mid-part
  };

  it('answer 400 (not 500) and log no error', async () => {
    const lines: string[] = [];
    const app = createApp(loadConfig({ PUBLIC_ORIGIN: ORIGIN }), { log: createLogger('debug', (line) => lines.push(line)) });
    for (const path of ['/demo/spotify/authorize', '/demo/trakt/oauth/authorize', '/demo/spotify/api/token']) {
      const response = await app.request(path, broken);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).not.toMatch(/at \S+ \(/);
    }
    const levels = lines.map((line) => (JSON.parse(line) as { level: string }).level);
    expect(levels).toHaveLength(3);
    expect(levels.filter((level) => level === 'error')).toEqual([]);
  });

  it('the Trakt fake too, when used on its own', async () => {
    const fake = createTraktFake({ clientId: 'cid', clientSecret: 'secret', redirectUris: [TRAKT_REDIRECT] });
    expect((await fake.app.request('/oauth/authorize', broken)).status).toBe(400);
  });
});

describe('demo providers are rate limited per client', () => {
  it('past RATE_LIMIT_DEMO_PER_MINUTE the answer is 429 with Retry-After', async () => {
    const app = createApp(loadConfig({ PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT_DEMO_PER_MINUTE: '3' }));
    const page = `/demo/trakt/oauth/authorize?${new URLSearchParams({ client_id: 'mycelius-demo-trakt', redirect_uri: TRAKT_REDIRECT, response_type: 'code' }).toString()}`;
    for (let i = 0; i < 3; i += 1) expect((await app.request(page)).status).toBe(200);
    const limited = await app.request(page);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });
});
