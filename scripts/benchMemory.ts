// `npm run bench:memory`: the server's resident memory on the embedded database. Bundles the server as
// `npm start` runs it (dist-server/start.js, with the node flags of `npm run serve`), starts it on a
// fresh DATA_DIR and reads its RSS (VmRSS) and peak (VmHWM) from /proc: once the database is ready (the
// first start creates it), after a light use phase (sign-ups, profile saves, Discover, one live socket
// each), and after idling. Then stops it and starts it again on the same DATA_DIR (the usual restart:
// the database already exists) and reads the same figures. Serves the built app from DIST_DIR (dist) when it was built, as production does.
// Flags: --members N (8) members signed up in the use phase, --idle S seconds (20) of idling before the
// last reading, --dist DIR (dist). Not a test: it prints figures. Run it niced on a shared machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { LIVE_PATH } from '../src/domain/liveContract';
import { SESSION_COOKIE } from '../src/domain/memberContract';
import { freePort } from './freePort';
import { serveFlags } from './serveFlags';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '8' },
    idle: { type: 'string', default: '20' },
    dist: { type: 'string', default: 'dist' },
  },
});
const MEMBERS = Number(flags.members);
const IDLE_SECONDS = Number(flags.idle);
const DIST_DIR = flags.dist;
const READY_WITHIN_MS = 180_000;
/** Node's flags as `npm start` and `npm run serve` give them (a smaller young generation, source maps). */
const SERVE_FLAGS = serveFlags();

interface Memory {
  rssMb: number;
  peakMb: number;
}

function memoryOf(pid: number | undefined): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

interface Server {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn until the log said the members database is ready. */
  readyMs: number;
}

/** Starts dist-server/start.js and resolves when it logs that the members database is ready. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _u, ...inherited } = process.env;
  const started = Date.now();
  const child = spawn(process.execPath, [...SERVE_FLAGS, 'dist-server/start.js'], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: url,
      DATA_DIR: dataDir,
      DIST_DIR,
      LOG_LEVEL: 'info',
      RATE_LIMIT_SIGNUP_PER_HOUR: String(MEMBERS * 4 + 10),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.includes('"members database ready"')) resolve();
      else if (/"level":"(warn|error)"/.test(line)) process.stderr.write(`${line}\n`);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
    setTimeout(() => reject(new Error(`the database was not ready within ${READY_WITHIN_MS / 1000} s`)), READY_WITHIN_MS).unref();
  });
  await ready;
  return { url, child, readyMs: Date.now() - started };
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(server: Server, method: string, path: string, session?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Origin: server.url };
  if (session) headers.Cookie = `${SESSION_COOKIE}=${session}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

function sessionFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('the sign-up set no session cookie');
  return (cookie.split(';')[0] as string).slice(SESSION_COOKIE.length + 1);
}

const TASTES = [
  { musicGenres: ['Jazz', 'Indie'], favoriteGames: ['Celeste', 'Hades'], favoriteShows: ['Severance'] },
  { musicGenres: ['Indie', 'Rock'], favoriteGames: ['Hades', 'Portal 2'], favoriteShows: ['Dark', 'Severance'] },
  { musicGenres: ['Classical'], favoriteGames: ['Tetris'], favoriteShows: ['The Office'] },
];

/** A live socket opened with the member's session, resolved on its 'ready' frame. */
function openLive(server: Server, session: string): Promise<WebSocket> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${LIVE_PATH}`, {
    headers: { Cookie: `${SESSION_COOKIE}=${session}`, Origin: server.url },
  });
  return new Promise((resolve, reject) => {
    socket.on('message', (data: Buffer) => {
      if (data.toString('utf8').includes('"type":"ready"')) resolve(socket);
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the live socket closed with ${code} before 'ready'`)));
  });
}

/** Members sign up, save a profile, open Discover twice and hold a live socket open. */
async function exercise(server: Server, round: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const username = `mem${round}x${i}`;
    const signUp = await call(server, 'POST', '/api/auth/signup', undefined, { username, email: `${username}@example.com`, password: 'a long enough bench password' });
    const session = sessionFrom(signUp);
    const taste = TASTES[i % TASTES.length] as (typeof TASTES)[number];
    await call(server, 'PUT', '/api/me/profile', session, { username, hobbies: `hiking and chess, member ${i}`, ...taste, updatedAt: Date.now() });
    await (await call(server, 'GET', '/api/discover', session)).json();
    await (await call(server, 'GET', '/api/discover?q=ha', session)).json();
    sockets.push(await openLive(server, session));
  }
  return sockets;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

async function measure(label: string, dataDir: string, round: number): Promise<void> {
  const server = await startServer(dataDir);
  try {
    const atReady = memoryOf(server.child.pid);
    console.log(`${label}: database ready in ${(server.readyMs / 1000).toFixed(1)} s; RSS ${mb(atReady.rssMb)} (peak so far ${mb(atReady.peakMb)})`);
    const sockets = await exercise(server, round);
    const afterUse = memoryOf(server.child.pid);
    console.log(`${label}: after ${MEMBERS} sign-ups, profile saves, 2 Discover calls each and ${sockets.length} live sockets: RSS ${mb(afterUse.rssMb)} (peak ${mb(afterUse.peakMb)})`);
    await pause(IDLE_SECONDS * 1000);
    const idle = memoryOf(server.child.pid);
    console.log(`${label}: idle ${IDLE_SECONDS} s later, sockets still open: RSS ${mb(idle.rssMb)} (peak ${mb(idle.peakMb)})`);
    for (const socket of sockets) socket.close();
  } finally {
    await stop(server);
  }
}

async function main(): Promise<void> {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/buildServer.ts'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('bundling the server failed');
  const servesApp = existsSync(join(DIST_DIR, 'index.html'));
  console.log(`Memory bench: the bundled server on the embedded database, ${servesApp ? `serving the built app from ${DIST_DIR}` : `no built app in ${DIST_DIR} (npm run build first to count it)`}.`);
  const dataDir = mkdtempSync(join(tmpdir(), 'mycelius-bench-memory-'));
  try {
    await measure('first start (fresh DATA_DIR)', dataDir, 1);
    await measure('second start (same DATA_DIR)', dataDir, 2);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
