// `npm run bench:discover`: how long one member's discover request takes on a fresh PGlite database
// of 1,000, 10,000 and 100,000 members, with candidate pruning (what the server does) and with a search
// (`q`), caches cold; and the recall of pruning: how many of the exact top 50 (every member scored, a
// full scan) the pruned first page finds. Not a test: it prints figures. Run it niced on a shared machine.
// Flags: --sizes 1000,10000 (member counts, each seeded on top of the last), --postgres (a throwaway
// Postgres cluster instead of PGlite, e.g. `--postgres --sizes 1000000`).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS } from '../src/domain/catalog';
import { COMMUNITIES } from '../src/domain/community';
import { createLocalProvider } from '../server/ai/local';
import { migrateToLatest } from '../server/db/migrate';
import { openDatabase, type OpenDatabase } from '../server/db/open';
import { discoverPage, type DiscoverDeps } from '../server/discover/discover';
import { dailyBudget } from '../server/lib/dailyBudget';
import { interestRecords } from '../server/discover/interests';
import { candidatePool } from '../server/discover/pool';
import { localPairScore } from '../server/discover/scoring';
import { loadTastes, loadViewer } from '../server/discover/tastes';
import { silentLogger } from '../server/lib/log';
import { startThrowawayCluster } from '../tests/support/postgresCluster';
import { HOBBIES, seededRandom } from './benchSeed';

const { values: flags } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000,100000' }, postgres: { type: 'boolean', default: false } } });
const SIZES = flags.sizes.split(',').map(Number);
if (SIZES.some((size) => !Number.isInteger(size) || size < 100)) throw new Error('--sizes takes member counts of 100 or more, e.g. --sizes 1000,10000');
const REQUESTS = 40;
const SEARCH_REQUESTS = 20;
const SEARCH = 'series 12';
/** Viewers whose exact top 50 is computed (a full scan each: seconds at 100,000 members). */
const RECALL_VIEWERS = 5;
/** Above this many members one full scan takes many minutes: recall (whose goal is set at 100,000) is not measured. */
const RECALL_MAX_SIZE = 100_000;
const TOP = 50;
const INSERT_CHUNK = 1_000;
/** Members also type things no catalog lists: a long tail of rarer artists, games and shows. */
const TAIL_PER_CATEGORY = 3_000;
const next = seededRandom(13);

/** Zipf-like popularity: the item at rank r is picked with weight 1/(r+1). */
function zipfPicker(items: readonly string[]) {
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 0; r < items.length; r++) cumulative.push((total += 1 / (r + 1)));
  return () => {
    const x = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo] as string;
  };
}

const tail = (name: string) => Array.from({ length: TAIL_PER_CATEGORY }, (_, i) => `${name} ${i + 1}`);
const pickers = {
  musicGenres: zipfPicker([...MUSIC_GENRES, ...tail('Artist')]),
  favoriteGames: zipfPicker([...POPULAR_GAMES, ...tail('Indie game')]),
  favoriteShows: zipfPicker([...POPULAR_SHOWS, ...tail('Series')]),
};

function randomProfile() {
  const lists = { musicGenres: [] as string[], favoriteGames: [] as string[], favoriteShows: [] as string[] };
  const count = 3 + Math.floor(next() * 13);
  const keys = Object.keys(lists) as (keyof typeof lists)[];
  for (let i = 0; i < count; i++) {
    const key = keys[Math.floor(next() * keys.length)] as keyof typeof lists;
    const item = pickers[key]();
    if (!lists[key].includes(item)) lists[key].push(item);
  }
  const hobbies = `${HOBBIES[Math.floor(next() * HOBBIES.length)]}, ${HOBBIES[Math.floor(next() * HOBBIES.length)]}`;
  return { username: '', profilePicture: '', hobbies, ...lists, connectedServices: { spotify: false, trakt: false, steam: false } };
}

function randomCommunities(): string[] {
  return COMMUNITIES.filter(() => next() < 0.3);
}

/** Chunks being inserted at once: while Postgres writes one, the next is generated (PGlite takes them in turn). */
const CHUNKS_IN_FLIGHT = 3;

async function seed(database: OpenDatabase, from: number, to: number, ids: string[]): Promise<void> {
  const { db } = database;
  const inFlight: Promise<void>[] = [];
  for (let start = from; start < to; start += INSERT_CHUNK) {
    const end = Math.min(to, start + INSERT_CHUNK);
    const members = [];
    const profiles = [];
    const interests: ReturnType<typeof interestRecords> = [];
    for (let i = start; i < end; i++) {
      const id = randomUUID();
      ids.push(id);
      const profile = randomProfile();
      members.push({ id, username: `member${i}`, email: `member${i}@example.com`, password_hash: 'not-a-real-hash' });
      profiles.push({ member_id: id, data: JSON.stringify(profile), updated_at: 1, communities: randomCommunities() });
      interests.push(...interestRecords(id, profile));
    }
    if (inFlight.length >= CHUNKS_IN_FLIGHT) await inFlight.shift();
    inFlight.push(
      (async () => {
        await db.insertInto('members').values(members).execute();
        await db.insertInto('profiles').values(profiles).execute();
        for (let k = 0; k < interests.length; k += INSERT_CHUNK * 3) await db.insertInto('member_interests').values(interests.slice(k, k + INSERT_CHUNK * 3)).execute();
      })(),
    );
  }
  await Promise.all(inFlight);
  // What autovacuum does for a Postgres server: statistics, and the visibility map index-only scans need.
  await sql`vacuum analyze`.execute(db);
}

async function coldCaches(database: OpenDatabase): Promise<void> {
  await database.db.deleteFrom('discover_rankings').execute();
  await database.db.deleteFrom('discover_pair_scores').execute();
}

interface Scored {
  id: string;
  score: number;
}
const byScore = (a: Scored, b: Scored) => b.score - a.score || (a.id < b.id ? -1 : 1);

/** Every member scored against the viewer: what discovery would cost without pruning, and the exact ranking. */
async function fullScan(database: OpenDatabase, viewerId: string, ids: readonly string[]): Promise<Scored[]> {
  const viewer = await loadViewer(database.db, viewerId);
  if (!viewer) throw new Error('no viewer');
  const scores: Scored[] = [];
  for (let k = 0; k < ids.length; k += 5_000) {
    for (const taste of await loadTastes(database.db, ids.slice(k, k + 5_000))) {
      if (taste.id !== viewerId) scores.push({ id: taste.id, score: localPairScore(viewer.taste, taste) });
    }
  }
  return scores.sort(byScore);
}

/** The members the server's pruning hands to scoring, scored the same way: its first page. */
async function prunedPage(database: OpenDatabase, viewerId: string): Promise<Scored[]> {
  const viewer = await loadViewer(database.db, viewerId);
  if (!viewer) throw new Error('no viewer');
  const { tastes } = await candidatePool(database.db, viewer, { search: '' });
  return tastes.map((taste) => ({ id: taste.id, score: localPairScore(viewer.taste, taste) })).sort(byScore);
}

/**
 * How many of the exact top 50 the pruned first page finds. Members with equal scores are
 * interchangeable: a pruned member counts when it scores at least the exact 50th's score.
 */
function foundOfTop(exact: readonly Scored[], pruned: readonly Scored[]): number {
  const top = exact.slice(0, TOP);
  const bar = top.at(-1)?.score ?? 0;
  return Math.min(top.length, pruned.slice(0, TOP).filter((p) => p.score >= bar).length);
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function time(runs: number, viewers: readonly string[], request: (viewer: string) => Promise<unknown>, database: OpenDatabase): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await coldCaches(database);
    const viewer = viewers[(i * 7919) % viewers.length] as string;
    const t = performance.now();
    await request(viewer);
    times.push(performance.now() - t);
  }
  return times;
}

const figure = (ms: number) => `${ms.toFixed(1)} ms`;

/** Recall of pruning over RECALL_VIEWERS viewers, and what the full scans took. */
async function printRecall(database: OpenDatabase, ids: readonly string[], label: string): Promise<void> {
  const full: number[] = [];
  let found = 0;
  let wanted = 0;
  for (let i = 0; i < RECALL_VIEWERS; i++) {
    const viewer = ids[(i * 7919 + 1) % ids.length] as string;
    const t = performance.now();
    const exact = await fullScan(database, viewer, ids);
    full.push(performance.now() - t);
    found += foundOfTop(exact, await prunedPage(database, viewer));
    wanted += Math.min(TOP, exact.length);
  }
  console.log(`${label}: recall, the pruned page finds ${((100 * found) / wanted).toFixed(1)}% of the exact top ${TOP} (${found} of ${wanted}, ${RECALL_VIEWERS} viewers)`);
  console.log(`${label}: full scan p50 ${figure(percentile(full, 50))}, p95 ${figure(percentile(full, 95))} (${RECALL_VIEWERS} viewers)`);
}

/** A fresh database: PGlite in a temp dir, or a database on a throwaway Postgres cluster (--postgres). */
async function freshDatabase(): Promise<{ database: OpenDatabase; where: string; dispose: () => Promise<void> }> {
  if (flags.postgres) {
    const cluster = await startThrowawayCluster();
    const database = await openDatabase({ dataDir: '', url: cluster.url });
    return { database, where: 'Postgres (throwaway cluster)', dispose: () => database.close().finally(() => cluster.stop()) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'mycelius-bench-discover-'));
  const database = await openDatabase({ dataDir: dir });
  return { database, where: 'PGlite', dispose: () => database.close().finally(() => rmSync(dir, { recursive: true, force: true })) };
}

async function main() {
  const { database, where, dispose } = await freshDatabase();
  try {
    await migrateToLatest(database.db);
    const deps: DiscoverDeps = { db: database.db, ai: createLocalProvider(), log: silentLogger, budget: dailyBudget(Infinity), samplePeople: 'auto' };
    const discover = (viewer: string) => discoverPage(deps, viewer, { offset: 0 });
    const ids: string[] = [];
    console.log(`Discover, one request (first page of ${TOP}), caches cold, ${REQUESTS} requests per figure (search: ${SEARCH_REQUESTS}, q '${SEARCH}'), ${where}.`);
    for (const size of SIZES) {
      const label = `${size.toLocaleString('en-US')} members`;
      const started = performance.now();
      await seed(database, ids.length, size, ids);
      const seeded = ((performance.now() - started) / 1000).toFixed(0);
      await time(3, ids, discover, database); // warm the engine's own code paths, not the caches
      const pruned = await time(REQUESTS, ids, discover, database);
      console.log(`${label} (seeded in ${seeded} s): pruned p50 ${figure(percentile(pruned, 50))}, p95 ${figure(percentile(pruned, 95))}`);
      const search = await time(SEARCH_REQUESTS, ids, (viewer) => discoverPage(deps, viewer, { q: SEARCH, offset: 0 }), database);
      console.log(`${label}: search (q) p50 ${figure(percentile(search, 50))}, p95 ${figure(percentile(search, 95))}`);
      if (size <= RECALL_MAX_SIZE) await printRecall(database, ids, label);
      else console.log(`${label}: recall not measured (a full scan of more than ${RECALL_MAX_SIZE.toLocaleString('en-US')} members takes too long)`);
      if (size === SIZES.at(-1)) {
        // The machine's own noise: a single primary-key read through the same stack.
        const floor = await time(REQUESTS, ids, (viewer) => loadViewer(database.db, viewer), database);
        console.log(`${label}: floor (one primary-key read) p50 ${figure(percentile(floor, 50))}, p95 ${figure(percentile(floor, 95))}`);
      }
    }
  } finally {
    await dispose();
  }
}

await main();
