import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from './freePort';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;

// Lighthouse (default = mobile preset: Moto G Power screen, simulated slow 4G, 4x CPU slowdown) on the
// main screens of the built app, served as `npm run serve` serves it. Each route runs several times (3 by
// default) and the script prints the median of each figure; it exits non-zero when a route's median score
// is under 95 or its median FCP over 1.8 s (docs/testing.md, Lighthouse).
// Usage: npm run lighthouse [-- --runs=3] [-- --route=/auth,/profile] [-- --save=/tmp/lh to keep each report]
//        [-- --url=http://127.0.0.1:5173 to measure a running server]
// Each run gets a fresh Chromium profile, so every load is a first visit with a cold cache.

const ROUTES = ['/intro', '/auth', '/home', '/games', '/profile'] as const;
type Route = (typeof ROUTES)[number];

/** The bar every main route's medians must clear. */
export const MIN_SCORE = 95;
export const MAX_FCP_MS = 1800;

// /home and /profile show their real content only once a profile is complete (otherwise /home asks for one).
const COMPLETE_PROFILE = JSON.stringify({
  username: 'Morgan',
  profilePicture: '',
  hobbies: 'Going to concerts and playing games',
  musicGenres: ['Metal'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Attack on Titan'],
  connectedServices: { spotify: false, trakt: false, steam: false },
});
const SEEDED_STORAGE: Partial<Record<Route, Record<string, string>>> = {
  '/home': { user_profile: COMPLETE_PROFILE },
  '/games': { user_profile: COMPLETE_PROFILE },
  '/profile': { user_profile: COMPLETE_PROFILE },
};

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'];

/** One Lighthouse run's figures; null where the run produced none. */
export interface Figures {
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  error?: string;
}

/** The median of each figure over a route's runs (each figure on its own), and what misses the bar. */
export function routeVerdict(runs: readonly Figures[]): { median: Figures; failures: string[] } {
  const medianOf = (pick: (f: Figures) => number | null): number | null => {
    const values = runs.map(pick);
    // A run without the figure counts as the worst value, so a failing run cannot hide behind good ones.
    if (values.some((v) => v === null)) return null;
    const sorted = (values as number[]).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const median: Figures = {
    score: medianOf((f) => f.score),
    fcpMs: medianOf((f) => f.fcpMs),
    lcpMs: medianOf((f) => f.lcpMs),
    tbtMs: medianOf((f) => f.tbtMs),
    cls: medianOf((f) => f.cls),
  };
  const failures: string[] = [];
  const errors = [...new Set(runs.flatMap((f) => (f.error ? [f.error] : [])))];
  if (runs.length === 0) failures.push('no runs');
  if (errors.length > 0) failures.push(`run error ${errors.join(', ')}`);
  if (median.score === null || median.score < MIN_SCORE) failures.push(`score ${median.score ?? 'missing'} < ${MIN_SCORE}`);
  if (median.fcpMs === null || median.fcpMs > MAX_FCP_MS) {
    failures.push(`FCP ${median.fcpMs === null ? 'missing' : `${Math.round(median.fcpMs)} ms`} > ${MAX_FCP_MS} ms`);
  }
  return { median, failures };
}

function argValue(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}


async function startBuiltServer(): Promise<{ baseURL: string; server: ChildProcess }> {
  const distDir = process.env.DIST_DIR ?? 'dist';
  if (!existsSync(`${distDir}/index.html`)) throw new Error(`No build in ${distDir}/: run \`npm run build\` first.`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn('npm', ['run', '--silent', 'serve'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: baseURL, DIST_DIR: distDir },
    stdio: 'ignore',
    // Its own process group, so stopping it also stops the node process npm started.
    detached: true,
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    const healthy = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return { baseURL, server };
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server did not answer ${baseURL}/api/health within 30 s`);
}

/** Writes localStorage on the app's origin from a page that loads none of its assets, so the cache stays cold. */
async function seedStorage(port: number, baseURL: string, entries: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseURL}/api/health`);
    await page.evaluate((pairs) => {
      for (const [k, v] of Object.entries(pairs)) localStorage.setItem(k, v);
    }, entries);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function measure(baseURL: string, route: Route, saveAs: string | undefined): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const seed = SEEDED_STORAGE[route];
    if (seed) await seedStorage(chrome.port, baseURL, seed);
    // The profile is fresh, so skipping Lighthouse's storage reset keeps only the seeded entries.
    const result = await lighthouse(`${baseURL}${route}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      disableStorageReset: true,
      logLevel: 'error',
    });
    if (!result) return { score: null, fcpMs: null, lcpMs: null, tbtMs: null, cls: null, error: 'no result' };
    const { lhr } = result;
    if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
    const score = lhr.categories.performance?.score;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    return {
      score: score === null || score === undefined ? null : Math.round(score * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      error: lhr.runtimeError?.code,
    };
  } finally {
    chrome.kill();
  }
}

const seconds = (ms: number | null) => (ms === null ? '    -  ' : `${(ms / 1000).toFixed(2)} s`);
const millis = (ms: number | null) => (ms === null ? '    -' : `${String(Math.round(ms)).padStart(4)} ms`);

function chosenRoutes(): Route[] {
  const given = argValue('route');
  if (!given) return [...ROUTES];
  const wanted = given.split(',');
  const unknown = wanted.filter((r) => !(ROUTES as readonly string[]).includes(r));
  if (unknown.length > 0) throw new Error(`Not a main route: ${unknown.join(', ')} (one of ${ROUTES.join(', ')})`);
  return wanted as Route[];
}

async function main(): Promise<boolean> {
  const runs = Math.max(1, Number(argValue('runs') ?? 3));
  const routes = chosenRoutes();
  const saveDir = argValue('save');
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const given = argValue('url');
  const started = given ? undefined : await startBuiltServer();
  const baseURL = given ?? started!.baseURL;
  let passed = true;
  try {
    console.log(`Lighthouse ${LIGHTHOUSE_VERSION} mobile preset against ${baseURL}, median of ${runs} run${runs > 1 ? 's' : ''} per route`);
    console.log(`Bar: score >= ${MIN_SCORE}, FCP <= ${(MAX_FCP_MS / 1000).toFixed(1)} s`);
    console.log('route      perf   FCP       LCP       TBT       CLS     runs (score)');
    for (const route of routes) {
      const results: Figures[] = [];
      for (let i = 0; i < runs; i += 1) {
        const saveAs = saveDir ? join(saveDir, `${route.slice(1)}-${i + 1}.json`) : undefined;
        results.push(await measure(baseURL, route, saveAs));
      }
      const { median, failures } = routeVerdict(results);
      const scores = results.map((r) => r.score ?? '-').join(' ');
      console.log(
        `${route.padEnd(10)} ${String(median.score ?? '-').padStart(4)}   ${seconds(median.fcpMs)}   ${seconds(median.lcpMs)}   ${millis(median.tbtMs)}   ${median.cls === null ? '  -  ' : median.cls.toFixed(3)}   ${scores}${failures.length > 0 ? `   FAIL: ${failures.join('; ')}` : ''}`,
      );
      if (failures.length > 0) passed = false;
    }
  } finally {
    if (started?.server.pid) process.kill(-started.server.pid, 'SIGTERM');
  }
  return passed;
}

const isMain = process.argv[1]?.endsWith('lighthouse.ts');
if (isMain && !(await main())) {
  console.error(`A route's median misses the bar (score >= ${MIN_SCORE}, FCP <= ${MAX_FCP_MS} ms).`);
  process.exitCode = 1;
}
