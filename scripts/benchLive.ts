// `npm run bench:live`: chat delivery through the live socket under load. Seeds members (with sessions)
// and friendships straight into a fresh database, starts the real server process (`server/start.ts`),
// opens one WebSocket per member with their session cookie, sends messages at a steady rate (members take
// turns, each to a random friend, and the rate must stay under what the per-member send limit lets the
// clients send), and prints the delivery latency (send -> the recipient's 'message' frame), messages lost
// and duplicated, and the server's resident memory. With --postgres: two server processes on one
// throwaway Postgres cluster, the members split between them, so every message may cross servers.
// Flags: --clients N (1000), --seconds S (30), --rate R messages/s (100), --rates R1,R2,... (several rates
// one after the other on the same servers, then the knee: the highest rate whose p99 stays under 100 ms),
// --knee (the same with 100,300,1000), --postgres, --servers N (with --postgres: how many server processes
// share the cluster; 2 by default, 1 measures one server on Postgres), --cpu-prof DIR (each server writes a
// V8 CPU profile there when it stops).
// Not a test: it prints figures. Run it niced on a shared machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { LIVE_PATH, serverFrameSchema, type ClientFrame } from '../src/domain/liveContract';
import { SESSION_COOKIE } from '../src/domain/memberContract';
import { migrateToLatest } from '../server/db/migrate';
import { openDatabase, type OpenDatabase } from '../server/db/open';
import { createSession } from '../server/members/sessions';
import { SEND_LIMIT, SEND_WINDOW_MS } from '../server/live/sendLimit';
import { pairOf } from '../server/social/people';
import { startThrowawayCluster } from '../tests/support/postgresCluster';
import { freePort } from './freePort';

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '30' },
    rate: { type: 'string', default: '100' },
    rates: { type: 'string' },
    knee: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    postgres: { type: 'boolean', default: false },
    servers: { type: 'string', default: '2' },
  },
});
const CLIENTS = Number(flags.clients);
const SECONDS = Number(flags.seconds);
const RATES = (flags.rates ?? (flags.knee ? '100,300,1000' : flags.rate)).split(',').map(Number);
if (RATES.some((rate) => !(rate > 0))) throw new Error('--rate and --rates take positive numbers of messages per second');
/** The highest rate the clients can send at, all taking turns, without passing the per-member send limit. */
const MAX_RATE = Math.floor((CLIENTS * SEND_LIMIT * 1000) / SEND_WINDOW_MS);
if (RATES.some((rate) => rate >= MAX_RATE)) {
  throw new Error(`${CLIENTS} clients can send under ${MAX_RATE} messages/s without passing the per-member send limit (${SEND_LIMIT} in ${SEND_WINDOW_MS / 1000} s): raise --clients`);
}
/** The knee: the highest rate whose p99 stays under this. */
const KNEE_P99_MS = 100;
const POSTGRES_SERVERS = Math.max(1, Number(flags.servers));
/** Each member is friends with the next FRIENDS_EACH members (a ring), so pairs span both servers. */
const FRIENDS_EACH = 5;
const INSERT_CHUNK = 500;
/** How long stragglers may take after the last send before they count as lost. */
const DRAIN_MS = 5_000;
const CONNECT_BATCH = 50;
const SLOW_MS = 100;
const PROBE_CLIENT_ID = 'bench-settle-probe';

interface Member {
  id: string;
  session: string;
}

async function seed(database: OpenDatabase, count: number): Promise<{ members: Member[]; pairs: [number, number][] }> {
  const { db } = database;
  const members: Member[] = [];
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + INSERT_CHUNK); i++) {
      rows.push({ id: randomUUID(), username: `bench${i}`, email: `bench${i}@example.com`, password_hash: 'not-a-real-hash' });
    }
    await db.insertInto('members').values(rows).execute();
    for (const row of rows) members.push({ id: row.id, session: (await createSession(db, row.id, Date.now())).id });
  }
  const byKey = new Map<string, [number, number]>();
  for (let i = 0; i < count; i++) {
    for (let k = 1; k <= Math.min(FRIENDS_EACH, count - 1); k++) {
      const j = (i + k) % count;
      byKey.set(`${Math.min(i, j)}:${Math.max(i, j)}`, [i, j]);
    }
  }
  const unique = [...byKey.values()];
  for (let k = 0; k < unique.length; k += INSERT_CHUNK) {
    const rows = unique.slice(k, k + INSERT_CHUNK).map(([a, b]) => pairOf((members[a] as Member).id, (members[b] as Member).id));
    await db.insertInto('friendships').values(rows).execute();
  }
  return { members, pairs: unique };
}

interface Server {
  url: string;
  child: ChildProcess;
  peakRssMb: number;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _u, DATA_DIR: _d, ...inherited } = process.env;
  const profile = flags['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', flags['cpu-prof']] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/start.ts'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: url, DIST_DIR: 'no-build-needed', LOG_LEVEL: 'warn', MAX_CONNECTIONS: String(2 * CLIENTS + 100), LIVE_SOCKETS_PER_ADDRESS: String(CLIENTS + 100), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      // The members routes answer once the database is open and migrated.
      if ((await fetch(`${url}/api/chats`)).status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, child, peakRssMb: 0 };
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds (user + system) the process has used, from /proc (clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Sent {
  at: number;
  to: string;
  received: number;
}

function frameText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(new Uint8Array(data)).toString('utf8');
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** What one rate's phase measured. */
interface Phase {
  rate: number;
  p99: number;
  lost: number;
}

/** The counters of the phase under way: each phase starts them afresh on the same open sockets. */
interface Counters {
  latencies: number[];
  /** When (seconds into the phase) the slow deliveries were sent: one stall, or spread out? */
  slowSentAt: number[];
  started: number;
  duplicated: number;
  refused: number;
}

const freshCounters = (): Counters => ({ latencies: [], slowSentAt: [], started: 0, duplicated: 0, refused: 0 });

async function run(members: Member[], pairs: [number, number][], servers: Server[]): Promise<void> {
  const friendsOf: number[][] = members.map(() => []);
  for (const [a, b] of pairs) {
    (friendsOf[a] as number[]).push(b);
    (friendsOf[b] as number[]).push(a);
  }
  const sent = new Map<string, Sent>();
  let counters = freshCounters();
  const probeHeard = new Map<string, () => void>();
  const sockets: WebSocket[] = [];

  function open(member: Member, index: number): Promise<WebSocket> {
    const server = servers[index % servers.length] as Server;
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${LIVE_PATH}`, {
      headers: { Cookie: `${SESSION_COOKIE}=${member.session}`, Origin: server.url },
    });
    return new Promise((resolve, reject) => {
      socket.on('message', (data) => {
        const frame = serverFrameSchema.parse(JSON.parse(frameText(data)));
        if (frame.type === 'ready') resolve(socket);
        if (frame.type === 'error') counters.refused += 1;
        if (frame.type === 'message' && frame.message.clientId === PROBE_CLIENT_ID) probeHeard.get(member.id)?.();
        if (frame.type !== 'message' || frame.message.to !== member.id) return;
        const entry = sent.get(frame.message.clientId);
        if (!entry) return;
        entry.received += 1;
        if (entry.received > 1) counters.duplicated += 1;
        else {
          const took = performance.now() - entry.at;
          counters.latencies.push(took);
          if (took > SLOW_MS) counters.slowSentAt.push((entry.at - counters.started) / 1000);
        }
      });
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`socket closed with ${code} before 'ready'`)));
    });
  }

  const connectStarted = performance.now();
  for (let k = 0; k < members.length; k += CONNECT_BATCH) {
    sockets.push(...(await Promise.all(members.slice(k, k + CONNECT_BATCH).map((m, i) => open(m, k + i)))));
  }
  console.log(`${sockets.length} sockets open in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);
  // Every socket's coming online is a presence event each server handles in turn: wait until a probe
  // published after them all has reached both ends (on two servers: one on each), so the run starts quiet.
  const [probeFrom, probeTo] = [members[0] as Member, members[1] as Member];
  const heard = [probeFrom, probeTo].map((m) => new Promise<void>((resolve) => probeHeard.set(m.id, resolve)));
  (sockets[0] as WebSocket).send(JSON.stringify({ type: 'send', to: probeTo.id, clientId: PROBE_CLIENT_ID, text: 'probe' } satisfies ClientFrame));
  await Promise.all(heard);
  console.log(`settled ${((performance.now() - connectStarted) / 1000).toFixed(1)} s after the first socket opened`);

  const sampleRss = () => {
    for (const server of servers) server.peakRssMb = Math.max(server.peakRssMb, rssMb(server.child.pid));
  };
  sampleRss();
  const rssAtConnect = servers.map((s) => s.peakRssMb);
  const ms = (value: number) => `${value.toFixed(1)} ms`;

  async function phase(rate: number): Promise<Phase> {
    counters = freshCounters();
    const phaseSent: Sent[] = [];
    const total = Math.round(rate * SECONDS);
    const cpuBefore = servers.map((server) => cpuSeconds(server.child.pid));
    // The bench's own event loop: a stall here delays the clients' reading, not the server.
    const benchLoop = monitorEventLoopDelay({ resolution: 10 });
    benchLoop.enable();
    const started = performance.now();
    counters.started = started;
    for (let n = 0; n < total; n++) {
      // Paced against the clock, not by fixed sleeps, so a slow turn does not lower the rate.
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Members take turns sending, each to a random friend, so every member sends rate / clients a
      // second: chosen at random instead, some would pass the per-member send limit in bursts.
      const from = n % members.length;
      const friends = friendsOf[from] as number[];
      const to = friends[Math.floor(Math.random() * friends.length)] as number;
      const clientId = randomUUID();
      const recipient = members[to] as Member;
      const entry: Sent = { at: performance.now(), to: recipient.id, received: 0 };
      sent.set(clientId, entry);
      phaseSent.push(entry);
      const frame: ClientFrame = { type: 'send', to: recipient.id, clientId, text: `bench message ${n}` };
      (sockets[from] as WebSocket).send(JSON.stringify(frame));
      if (n % Math.max(1, Math.round(rate)) === 0) sampleRss();
    }
    const sendSeconds = (performance.now() - started) / 1000;
    benchLoop.disable();
    const drainUntil = performance.now() + DRAIN_MS;
    while (counters.latencies.length < total && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 50));
    // Measured after the drain, so the CPU of the stragglers' deliveries counts too.
    const cpuUsed = servers.map((server, i) => cpuSeconds(server.child.pid) - (cpuBefore[i] ?? 0));
    sampleRss();

    const lost = phaseSent.filter((s) => s.received === 0).length;
    const delivered = phaseSent.length - lost;
    const sorted = [...counters.latencies].sort((x, y) => x - y);
    const p99 = percentile(sorted, 99);
    console.log(`\n${rate} messages/s: ${total} messages in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(0)}/s) between ${pairs.length} friend pairs`);
    console.log(`delivery latency p50 ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(p99)}, max ${ms(sorted.at(-1) ?? NaN)}`);
    const stalls = [...new Set(counters.slowSentAt.map((t) => Math.floor(t)))].sort((x, y) => x - y);
    console.log(`${counters.slowSentAt.length} deliveries over ${SLOW_MS} ms, sent in second(s) ${stalls.join(', ') || 'none'} of the phase`);
    console.log(`lost ${lost}, duplicated ${counters.duplicated}, refused ${counters.refused}`);
    console.log(`the bench's own event loop: delay p99 ${ms(benchLoop.percentile(99) / 1e6)}, max ${ms(benchLoop.max / 1e6)}`);
    servers.forEach((server, i) => {
      const cpu = ((cpuUsed[i] ?? 0) / sendSeconds) * 100;
      console.log(`server ${i + 1} RSS: ${rssAtConnect[i]?.toFixed(0)} MB with the sockets open, peak ${server.peakRssMb.toFixed(0)} MB; CPU ${cpu.toFixed(0)}% of one core while sending`);
    });
    const cpuTotal = cpuUsed.reduce((sum, seconds) => sum + seconds, 0);
    console.log(`server CPU per delivered message: ${delivered > 0 ? ms((cpuTotal * 1000) / delivered) : 'n/a'} (all servers, ${cpuTotal.toFixed(1)} CPU s / ${delivered})`);
    return { rate, p99, lost };
  }

  const phases: Phase[] = [];
  for (const rate of RATES) phases.push(await phase(rate));
  for (const socket of sockets) socket.close();
  if (phases.length > 1) {
    console.log(`\nrate     p99        lost`);
    for (const p of phases) console.log(`${String(p.rate).padEnd(8)} ${ms(p.p99).padEnd(10)} ${p.lost}`);
    const under = phases.filter((p) => p.p99 < KNEE_P99_MS && p.lost === 0).map((p) => p.rate);
    console.log(`knee: ${under.length > 0 ? `${Math.max(...under)} messages/s` : 'below the lowest rate'} (the highest rate run whose p99 stays under ${KNEE_P99_MS} ms with none lost)`);
  }
}

async function stopAll(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (server.child.exitCode !== null) return resolve();
          server.child.once('exit', () => resolve());
          server.child.kill('SIGTERM');
        }),
    ),
  );
}

async function main() {
  const where = flags.postgres
    ? `${POSTGRES_SERVERS === 1 ? 'one server' : `${POSTGRES_SERVERS} servers`} on one Postgres cluster`
    : 'one server on PGlite';
  console.log(`Live chat bench: ${CLIENTS} clients, ${RATES.join(', ')} messages/s for ${SECONDS} s each, ${where}.`);
  const servers: Server[] = [];
  if (flags.postgres) {
    const cluster = await startThrowawayCluster();
    try {
      const database = await openDatabase({ dataDir: '', url: cluster.url });
      await migrateToLatest(database.db);
      const { members, pairs } = await seed(database, CLIENTS);
      await database.close();
      servers.push(...(await Promise.all(Array.from({ length: POSTGRES_SERVERS }, () => startServer({ DATABASE_URL: cluster.url })))));
      await run(members, pairs, servers);
    } finally {
      await stopAll(servers);
      cluster.stop();
    }
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mycelius-bench-live-'));
  try {
    // PGlite is one process's database: seed it, close it, then the server opens it.
    const database = await openDatabase({ dataDir: dir });
    await migrateToLatest(database.db);
    const { members, pairs } = await seed(database, CLIENTS);
    await database.close();
    servers.push(await startServer({ DATA_DIR: dir }));
    await run(members, pairs, servers);
  } finally {
    await stopAll(servers);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
