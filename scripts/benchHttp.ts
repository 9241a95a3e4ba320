// `npm run bench:http`: GET /api/discover under load through the real server process. Seeds members
// with profiles (items, hobbies, communities) and one session each straight into a fresh embedded
// database, starts `server/start.ts` on it (loopback only), lets each client fetch its first page once
// (which builds and caches its ranking), then runs concurrent clients, each a different member's
// cookie with the app's Origin, fetching discover's first page in a loop for a bounded time. Prints
// requests per second, latency p50/p90/p99/max, errors, and the server's CPU share and RSS.
// Flags: --clients N (20), --members N (200), --seconds S (20), --writes N (0: profile saves a second
// by one more member during the timed run, each of which makes every kept page be built again),
// --cpu-prof DIR (the server writes a V8 CPU profile of the whole run there when it stops).
// Not a test: it prints figures. Run it niced on a shared machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS } from '../src/domain/catalog';
import { COMMUNITIES } from '../src/domain/community';
import { SESSION_COOKIE } from '../src/domain/memberContract';
import { migrateToLatest } from '../server/db/migrate';
import { openDatabase, type OpenDatabase } from '../server/db/open';
import { interestRecords } from '../server/discover/interests';
import { createSession } from '../server/members/sessions';
import { freePort } from './freePort';
import { HOBBIES, seededRandom } from './benchSeed';

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    members: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    writes: { type: 'string', default: '0' },
    'cpu-prof': { type: 'string' },
  },
});
const CLIENTS = Number(flags.clients);
const WRITES_PER_SECOND = Number(flags.writes);
// One member beyond the clients saves their profile when --writes asks for it.
const MEMBERS = Math.max(CLIENTS + (WRITES_PER_SECOND > 0 ? 1 : 0), Number(flags.members));
const SECONDS = Number(flags.seconds);
const DISCOVER_PATH = '/api/discover';
const PROFILE_PATH = '/api/me/profile';
const next = seededRandom(27);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * Math.min(items.length, 40))] as T;

/** A profile from the catalogs' most popular items, so members share enough to rank one another. */
function randomProfile() {
  const lists = { musicGenres: [] as string[], favoriteGames: [] as string[], favoriteShows: [] as string[] };
  const sources = { musicGenres: MUSIC_GENRES, favoriteGames: POPULAR_GAMES, favoriteShows: POPULAR_SHOWS };
  const keys = Object.keys(lists) as (keyof typeof lists)[];
  const count = 4 + Math.floor(next() * 10);
  for (let i = 0; i < count; i++) {
    const key = keys[Math.floor(next() * keys.length)] as keyof typeof lists;
    const item = pick(sources[key]);
    if (!lists[key].includes(item)) lists[key].push(item);
  }
  const hobbies = `${pick(HOBBIES)}, ${pick(HOBBIES)}`;
  return { username: '', profilePicture: '', hobbies, ...lists, connectedServices: { spotify: false, trakt: false, steam: false } };
}

async function seed(database: OpenDatabase, count: number): Promise<string[]> {
  const { db } = database;
  const members = [];
  const profiles = [];
  const interests = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const profile = randomProfile();
    members.push({ id, username: `member${i}`, email: `member${i}@example.com`, password_hash: 'not-a-real-hash' });
    profiles.push({ member_id: id, data: JSON.stringify(profile), updated_at: 1, communities: COMMUNITIES.filter(() => next() < 0.3) });
    interests.push(...interestRecords(id, profile));
  }
  await db.insertInto('members').values(members).execute();
  await db.insertInto('profiles').values(profiles).execute();
  for (let k = 0; k < interests.length; k += 1_000) await db.insertInto('member_interests').values(interests.slice(k, k + 1_000)).execute();
  await sql`vacuum analyze`.execute(db);
  const sessions: string[] = [];
  for (const member of members) sessions.push((await createSession(db, member.id, Date.now())).id);
  return sessions;
}

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _u, DATA_DIR: _d, ...inherited } = process.env;
  const profile = flags['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', flags['cpu-prof']] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/start.ts'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: url, DIST_DIR: 'no-build-needed', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      // The members routes answer once the database is open and migrated.
      if ((await fetch(`${url}${DISCOVER_PATH}`)).status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, child };
}

function rssMb(pid: number | undefined): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds (user + system, every thread: the embedded database runs on one of them) from /proc. */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

async function run(server: Server, sessions: readonly string[]): Promise<void> {
  const headers = (session: string) => ({ Cookie: `${SESSION_COOKIE}=${session}`, Origin: server.url, Accept: 'application/json' });
  const get = async (session: string): Promise<boolean> => {
    const response = await fetch(`${server.url}${DISCOVER_PATH}`, { headers: headers(session) });
    const body = await response.arrayBuffer();
    return response.status === 200 && body.byteLength > 0;
  };
  const clients = sessions.slice(0, CLIENTS);
  // Each client's first page builds its ranking; the timed run then reads cached rankings.
  const warm = await Promise.all(clients.map(get));
  console.log(`warm-up: ${warm.filter(Boolean).length} of ${clients.length} clients answered 200`);

  const latencies: number[] = [];
  let errors = 0;
  let peakRss = rssMb(server.child.pid);
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.child.pid))), 500);
  const cpuBefore = cpuSeconds(server.child.pid);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let writes = 0;
  let writeErrors = 0;
  const writer = sessions[CLIENTS];
  const save = async (session: string, n: number) => {
    const body = JSON.stringify({ ...randomProfile(), username: `member${CLIENTS}`, updatedAt: 1 + n });
    const response = await fetch(`${server.url}${PROFILE_PATH}`, { method: 'PUT', headers: { ...headers(session), 'Content-Type': 'application/json' }, body });
    await response.arrayBuffer();
    if (response.status === 200) writes += 1;
    else writeErrors += 1;
  };
  const writing = (async () => {
    if (!writer || WRITES_PER_SECOND <= 0) return;
    for (let n = 1; performance.now() < until; n++) {
      const due = started + (n * 1000) / WRITES_PER_SECOND;
      if (due > until) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      await save(writer, n).catch(() => (writeErrors += 1));
    }
  })();
  await Promise.all(
    clients.map(async (session) => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          if (!(await get(session))) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  await writing;
  const elapsed = (performance.now() - started) / 1000;
  const cpuUsed = cpuSeconds(server.child.pid) - cpuBefore;
  const cpu = (cpuUsed / elapsed) * 100;
  clearInterval(rssTimer);
  peakRss = Math.max(peakRss, rssMb(server.child.pid));

  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`${latencies.length} requests in ${elapsed.toFixed(1)} s: ${(latencies.length / elapsed).toFixed(0)} req/s`);
  console.log(`latency p50 ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`);
  console.log(`errors ${errors}`);
  if (WRITES_PER_SECOND > 0) console.log(`profile saves during the run: ${writes} (${(writes / elapsed).toFixed(1)}/s), ${writeErrors} failed`);
  // CPU per request holds better than req/s on a busy machine, where the server waits for a core.
  console.log(`server CPU ${cpu.toFixed(0)}% of one core (${((cpuUsed * 1000) / Math.max(1, latencies.length)).toFixed(1)} ms a request), RSS peak ${peakRss.toFixed(0)} MB`);
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function main() {
  const writing = WRITES_PER_SECOND > 0 ? `, ${WRITES_PER_SECOND} profile saves a second` : '';
  console.log(`HTTP bench: GET ${DISCOVER_PATH}, ${CLIENTS} concurrent clients, ${MEMBERS} members, ${SECONDS} s${writing}, one server on PGlite.`);
  const dir = mkdtempSync(join(tmpdir(), 'mycelius-bench-http-'));
  let server: Server | undefined;
  try {
    // PGlite is one process's database: seed it, close it, then the server opens it.
    const database = await openDatabase({ dataDir: dir });
    await migrateToLatest(database.db);
    const sessions = await seed(database, MEMBERS);
    await database.close();
    server = await startServer(dir);
    await run(server, sessions);
  } finally {
    if (server) await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
