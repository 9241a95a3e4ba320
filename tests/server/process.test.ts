import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeGemini } from '../../server/fakes/gemini';
import { freePort } from '../../scripts/freePort';
import { listen, type Running } from './support/servers';
import { migratedDataDir } from './members/support/testDatabase';
import { bundled } from '../support/serverBundle';

// The compiled server as `npm start` runs it: plain node on the bundle, JSON logs, a clean stop on
// SIGTERM that lets a request in flight finish, and a non-zero exit on a crash or a bad setting.

const BUNDLE = bundled('start');
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'mycelius-process-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Mycelius</title><div id="root"></div>');
}, 90_000);
// Each server's embedded database folder, removed after the file.
const dataDirs: (() => void)[] = [];
afterAll(() => {
  for (const remove of dataDirs) remove();
  rmSync(dist, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function start(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Started> {
  const port = await freePort();
  // Each process keeps its members in an embedded database of its own, never the working folder's ./data.
  const { dir: dataDir, remove } = migratedDataDir();
  dataDirs.push(remove);
  const child = spawn(process.execPath, [...nodeArgs, BUNDLE], {
    env: { PATH: process.env.PATH, PORT: String(port), DIST_DIR: dist, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (err += String(d)));
  // 'close', not 'exit': the process can exit before the parent has read its last log lines ('stopped').
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, exited };
}

async function healthy(server: Started): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (server.child.exitCode !== null) throw new Error(`exited: ${server.stderr()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never healthy');
}

/** Waits until the server has written a log line that passes `test`. */
async function logged(server: Started, test: (line: Record<string, unknown>) => boolean): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (logLines(server).some(test)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the expected log line never came');
}

function logLines(server: Started): Array<Record<string, unknown>> {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('npm start', () => {
  it('builds and runs the compiled bundle with plain node; tsx stays a development tool', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/^npm run build && node .*dist-server\/start\.js$/);
    expect(scripts.build).toContain('scripts/buildServer.ts');
    expect(scripts.start).not.toContain('tsx server');
    expect(readFileSync(BUNDLE, 'utf8')).not.toMatch(/from ["']tsx/);
  });
});

describe('the running server', () => {
  const KEY = 'GEMINI-PROCESS-KEY-1';
  const gemini = createFakeGemini({ apiKey: KEY });
  let fake: Running;
  let server: Started;

  beforeAll(async () => {
    fake = await listen(gemini.app);
    server = await start({ GEMINI_API_KEY: KEY, GEMINI_BASE_URL: fake.url, LOG_LEVEL: 'info' });
    await healthy(server);
  }, 30_000);
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await fake.close();
  });

  it('logs one JSON line per request with its id, and never the query, the body or a token', async () => {
    const secretBody = JSON.stringify({ code: 'CODE-SECRET-123', code_verifier: 'V'.repeat(43), password: 'hunter2' });
    const post = await fetch(`${server.url}/api/spotify/auth/token?code=QUERY-SECRET-456`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Request-Id': 'trace-abc-12345' },
      body: secretBody,
    });
    await post.arrayBuffer();
    expect(post.headers.get('X-Request-Id')).toBe('trace-abc-12345');
    const top = await fetch(`${server.url}/api/api/spotify/me/top/artists`, { headers: { Authorization: 'Bearer TOKEN-SECRET-789' } });
    await top.arrayBuffer();
    const generatedId = top.headers.get('X-Request-Id');
    expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);

    await logged(server, (l) => l.id === generatedId);
    const lines = logLines(server);
    const startup = lines[0] as { level: string; msg: string };
    expect(startup.level).toBe('info');
    expect(startup.msg).toMatch(/^Mycelius is running on http:\/\/127\.0\.0\.1:\d+: demo providers for Spotify, Trakt, Steam \(no credentials configured\); AI: Gemini/);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.find((l) => l.id === 'trace-abc-12345')).toMatchObject({ method: 'POST', path: '/api/spotify/auth/token', level: 'info' });
    expect(requests.find((l) => l.id === generatedId)).toMatchObject({ method: 'GET', path: '/api/api/spotify/me/top/artists', status: 401 });
    for (const line of requests) expect(Object.keys(line).sort()).toEqual(['id', 'level', 'method', 'ms', 'msg', 'path', 'status', 'time']);
    const text = server.stdout();
    for (const secret of ['CODE-SECRET-123', 'QUERY-SECRET-456', 'TOKEN-SECRET-789', 'hunter2', 'VVVVVVVV', KEY]) expect(text).not.toContain(secret);
  });


  it('SIGTERM: stops accepting, lets the request in flight finish, exits 0', async () => {
    gemini.enqueue({ text: 'A late but complete answer.', delayMs: 600 });
    const inFlight = fetch(`${server.url}/api/ai/hot-takes/prompt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ interests: ['Metal'] }),
    });
    // The call has reached the fake Gemini: the request is in flight on our server.
    for (let i = 0; i < 100 && gemini.requests.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(gemini.requests).toHaveLength(1);
    server.child.kill('SIGTERM');
    await logged(server, (l) => l.signal === 'SIGTERM');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ text: 'A late but complete answer.' });
    expect(await server.exited).toBe(0);
    expect(logLines(server).map((l) => l.msg)).toContain('stopped');
  });
});

describe('connection limits', () => {
  it('the server tightens Node\'s timeouts and caps connections (MAX_CONNECTIONS)', async () => {
    // Waiting out a slow client would be a timing test: the settings a caller can read are checked instead.
    const { startServer } = await import('../../server/main');
    const { loadConfig } = await import('../../server/config');
    const port = await freePort();
    const server = startServer({ ...loadConfig({ PORT: String(port), MAX_CONNECTIONS: '64' }), distDir: dist });
    try {
      expect(server.headersTimeout).toBe(10_000);
      expect(server.requestTimeout).toBe(30_000);
      expect(server.keepAliveTimeout).toBe(5_000);
      expect(server.maxConnections).toBe(64);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('failures end the process with a non-zero code', () => {
  it('an unhandled rejection is logged and exits 1, so a supervisor restarts the service', async () => {
    // A preloaded module that rejects a promise nobody awaits when the test asks (SIGUSR2), once the server runs.
    const crash = 'data:text/javascript,process.on("SIGUSR2",()=>{Promise.reject(new Error("boom-from-test"))})';
    const server = await start({}, ['--import', crash]);
    await healthy(server);
    server.child.kill('SIGUSR2');
    const code = await server.exited;
    expect(code).toBe(1);
    const error = logLines(server).find((l) => l.level === 'error') as { msg: string; error: { message: string } };
    expect(error.msg).toMatch(/unhandled promise rejection/);
    expect(error.error.message).toBe('boom-from-test');
  });

  it('an unusable setting is refused at start with the setting named (exit 2)', async () => {
    const server = await start({ PUBLIC_ORIGIN: 'javascript:alert(1)' });
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toMatch(/PUBLIC_ORIGIN: must be an http:\/\/ or https:\/\/ origin/);
  });

  it('LOG_LEVEL=warn leaves out request lines', async () => {
    const server = await start({ LOG_LEVEL: 'warn' });
    await healthy(server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toBe('');
  });
});
