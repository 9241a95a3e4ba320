// `npm run bench:reset`: whether asking for a password reset tells, by its time, that an address has an
// account. The app in-process on a fresh embedded database; requests for a known and an unknown address
// alternate, in turn first (each address asked every round, so both have the same limit rows), each from a
// client address of its own and an hour apart on the app's clock (so no limit answers instead), and the
// answer times are compared. Not a test: timings vary by machine, so this prints
// figures (medians and 95th percentiles, and the known/unknown ratio) instead of failing on them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openMigratedDatabase } from '../server/db/open';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const ORIGIN = 'http://127.0.0.1:5999';
const HOUR = 60 * 60 * 1000;
const KNOWN = 'bench@example.com';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'mycelius-bench-reset-'));
  const database = await openMigratedDatabase({ dataDir: dir });
  let clock = Date.parse('2026-03-01T12:00:00Z');
  const app = createApp(loadConfig({ PUBLIC_ORIGIN: ORIGIN }), { members: { db: database.db, now: () => clock } });
  let client = 0;
  let mailsQueued = 0;
  /** What a known address's request left running (its link and mail are stored after the answer) finishes
   * before the next request: each answer is timed on an idle database, as requests seconds apart would be. */
  const settle = async () => {
    for (;;) {
      const { rows } = await sql<{ n: string | number }>`select count(*) as n from mail_queue`.execute(database.db);
      if (Number(rows[0]?.n) >= mailsQueued) return;
    }
  };
  const ask = async (email: string) => {
    await settle();
    if (email === KNOWN) mailsQueued += 1;
    client += 1;
    const env = { incoming: { socket: { remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } } };
    const started = performance.now();
    const response = await app.request('/api/auth/password-reset', { method: 'POST', headers: { Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) }, env);
    const took = performance.now() - started;
    if (response.status !== 202) throw new Error(`expected 202, got ${response.status}`);
    return took;
  };
  const signed = await app.request('/api/auth/signup', { method: 'POST', headers: { Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'bench-secret' }) }, { incoming: { socket: { remoteAddress: '10.255.255.255' } } });
  if (signed.status !== 201) throw new Error(`sign-up answered ${signed.status}`);

  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < ROUNDS + 20; round += 1) {
    clock += HOUR;
    // Each goes first in turn: what one request leaves running must not land on the same side every round.
    const knownFirst = round % 2 === 0;
    const k = knownFirst ? await ask(KNOWN) : 0;
    const u = await ask('nobody@example.com');
    const kAfter = knownFirst ? k : await ask(KNOWN);
    // The first rounds warm the statement plans and the JIT.
    if (round >= 20) {
      known.push(kAfter);
      unknown.push(u);
    }
  }
  await database.close();
  rmSync(dir, { recursive: true, force: true });

  known.sort((a, b) => a - b);
  unknown.sort((a, b) => a - b);
  const line = (name: string, xs: number[]) => `${name.padEnd(16)} median ${percentile(xs, 50).toFixed(2)} ms  p95 ${percentile(xs, 95).toFixed(2)} ms`;
  console.log(`Password reset answer time, ${ROUNDS} requests each (embedded database):`);
  console.log(line('known address', known));
  console.log(line('unknown address', unknown));
  console.log(`known/unknown median ratio: ${(percentile(known, 50) / percentile(unknown, 50)).toFixed(2)}`);
}

await main();
