import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

// Starts the built app exactly as `npm start` serves it (the compiled server under plain node; no
// credentials: every provider is the demo one, AI is the local engine) on a free loopback port, for
// all end-to-end files.

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  // E2E_DIST lets parallel work build and test its own copy; CI uses dist/.
  const distDir = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${distDir}/index.html`)) {
    execSync(`npx vite build --logLevel warn --outDir ${distDir}`, { stdio: 'inherit' });
    execSync(`npx tsx scripts/compress.ts ${distDir}`, { stdio: 'inherit' });
  }
  // Always rebuilt (about a second), so the tests never run a stale server bundle.
  execSync('npx tsx scripts/buildServer.ts', { stdio: 'inherit' });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Every e2e file is one client on 127.0.0.1: the chat games alone make dozens of AI calls a minute, and
  // the connect flows many sign-ins, which the per-client limits meant for real visitors would refuse.
  // The limiter itself is tested in tests/server. Members of one run live in a fresh embedded database,
  // removed afterwards.
  dataDir = mkdtempSync(join(tmpdir(), 'mycelius-e2e-data-'));
  // The demo providers, the local AI engine and that database stand in for every real service: no
  // credential or database address is passed on.
  const CREDENTIALS = ['DATABASE_URL', 'SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET', 'TRAKT_CLIENT_ID', 'TRAKT_CLIENT_SECRET', 'STEAM_API_KEY', 'GEMINI_API_KEY'];
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !CREDENTIALS.includes(key))),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: baseURL,
    DIST_DIR: distDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  for (const limit of ['AI', 'AUTH', 'DATA', 'STEAM', 'DEMO']) {
    const key = `RATE_LIMIT_${limit}_PER_MINUTE`;
    env[key] = process.env[key] ?? '10000';
  }
  server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/start.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout?.on('data', (d) => (output += String(d)));
  server.stderr?.on('data', (d) => (output += String(d)));
  try {
    await waitForHealth(baseURL, server, 30_000);
  } catch (error) {
    console.error(output);
    throw error;
  }
  project.provide('baseURL', baseURL);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
