import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../../scripts/freePort';
import { serveFlags } from '../../../scripts/serveFlags';
import { serverLogWriter } from './serverLogs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Starts the built app exactly as `npm start` serves it (the compiled server under plain node; no credentials: every provider is the demo one,
// AI is the local engine) on a free loopback port, with its own empty database directory (DATA_DIR) so
// no two runs, and no two servers of one run, ever share members.


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

export interface AppServer {
  baseURL: string;
  /** The server's embedded database directory (DATA_DIR), for an operator's CLI run after `stop({ keepData: true })`. */
  dataDir: string;
  /** Stops the server; its database directory goes too unless `keepData` (then the caller removes it). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /** Stops the server process (SIGTERM, as a supervisor would) and keeps its port and database for `restart`. */
  halt: () => Promise<void>;
  /** Starts a new server process on the same port and database directory, as after a deploy. */
  restart: () => Promise<void>;
}

export interface AppServerOptions {
  /** Passed to the server besides the test defaults (e.g. SMTP_URL for a test's own mail server). */
  settings?: Record<string, string>;
  /**
   * 'localhost' makes that the public origin the browser uses: WebAuthn refuses an IP address as its
   * relying party, and allows plain http only on localhost.
   */
  hostname?: '127.0.0.1' | 'localhost';
  /**
   * A migrated embedded database (tests/support/pgliteTemplate.ts) copied into the server's empty
   * DATA_DIR, so it opens an existing database in about a second rather than creating one (initdb in
   * WebAssembly and every migration, see pgliteTemplate.ts). Without it the server creates its
   * database as on a first `npm start`.
   */
  databaseFrom?: string;
}

export async function startAppServer(distDir: string, { settings = {}, hostname = '127.0.0.1', databaseFrom }: AppServerOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const baseURL = `http://${hostname}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'mycelius-e2e-data-'));
  if (databaseFrom) cpSync(databaseFrom, dataDir, { recursive: true });
  let child = await launch(distDir, port, dataDir, settings, hostname).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    baseURL,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      await halt();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    halt,
    restart: async () => {
      await halt();
      child = await launch(distDir, port, dataDir, settings, hostname);
    },
  };
}

/** One server process on `port` with the database in `dataDir`, answering /api/health. */
async function launch(distDir: string, port: number, dataDir: string, settings: Record<string, string>, hostname: string): Promise<ChildProcess> {
  const baseURL = `http://${hostname}:${port}`;
  // Every e2e file is one client on 127.0.0.1: the chat games alone make dozens of AI calls a minute, and
  // the connect flows many sign-ins, which the per-client limits meant for real visitors would refuse.
  // The limiters themselves are tested in tests/server (the members' log-in throttle is not one of these).
  // The demo providers, the local AI engine and the fresh database stand in for every real service: no
  // credential or database address is passed on.
  const CREDENTIALS = ['SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET', 'TRAKT_CLIENT_ID', 'TRAKT_CLIENT_SECRET', 'STEAM_API_KEY', 'GEMINI_API_KEY', 'DATABASE_URL'];
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !CREDENTIALS.includes(key))),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: baseURL,
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...settings,
  };
  for (const limit of ['AI', 'AUTH', 'DATA', 'STEAM', 'DEMO']) {
    const key = `RATE_LIMIT_${limit}_PER_MINUTE`;
    env[key] = process.env[key] ?? '10000';
  }
  env.RATE_LIMIT_SIGNUP_PER_HOUR = process.env.RATE_LIMIT_SIGNUP_PER_HOUR ?? '10000';
  const child = spawn(process.execPath, [...serveFlags(), 'dist-server/start.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const writeLog = serverLogWriter(port);
  const capture = (data: unknown) => {
    output += String(data);
    writeLog(String(data));
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  try {
    // Generous: on a busy two-core machine a cold node start can be slow.
    await waitForHealth(baseURL, child, 90_000);
  } catch (error) {
    console.error(output);
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}
