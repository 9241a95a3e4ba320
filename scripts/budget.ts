import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/support/chromium';
import { startAppServer } from '../tests/e2e/support/server';

// The first screen (/intro) may load at most 100 KB of gzipped JavaScript (docs/testing.md, budgets).
// Measured the way Chromium loads it: the built app is served as `npm start` serves it, a fresh visitor
// opens /intro, and every script the page ran counts: the entry, its static imports and whatever it
// imports dynamically at boot. Fetched but never run (rel=prefetch hints for the next screen, a
// modulepreload nothing imports) does not count. Run after `npm run build` (npm test does).

export const FIRST_SCREEN_BUDGET_BYTES = 100_000;

/** What the browser did with the page's JavaScript, as recorded while it loaded. */
export interface PageScripts {
  /** Every request for a .js file, and whether Chromium sent it for a rel=prefetch hint (Sec-Purpose: prefetch). */
  requests: { url: string; prefetch: boolean }[];
  /** The URLs of the scripts whose code ran (JS coverage: some function of theirs was called at least once). */
  ran: string[];
}

/**
 * The app's script files (paths on `origin`, as served from dist) the first screen counts: requested as
 * a script, not for a prefetch hint, and run; each file once however often it was asked for. `excluded`
 * lists the files fetched that do not count, so the report shows what the budget leaves out.
 */
export function firstScreenScripts(origin: string, page: PageScripts): { counted: string[]; excluded: string[] } {
  const ran = new Set(page.ran);
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return parsed.origin === origin && parsed.pathname.endsWith('.js') ? parsed.pathname.slice(1) : undefined;
  };
  const counted = new Set<string>();
  const fetched = new Set<string>();
  for (const request of page.requests) {
    const path = pathOf(request.url);
    if (path === undefined) continue;
    fetched.add(path);
    if (!request.prefetch && ran.has(request.url)) counted.add(path);
  }
  return { counted: [...counted].sort(), excluded: [...fetched].filter((path) => !counted.has(path)).sort() };
}

/** Gzip at level 9 of each file as built, as the server's compressed copies are made of the same bytes. */
export function gzippedSizes(distDir: string, files: readonly string[]): Map<string, number> {
  return new Map(files.map((file) => [file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length]));
}

/**
 * Opens /intro in a fresh context (no cookies, no storage: a first visit) and records its scripts until
 * the network has been idle for 500 ms. The page's clock is paused, so the splash does not hand over to
 * /auth (3.5 s) and load the next screen while the measurement still runs.
 */
async function recordIntro(page: Page, baseURL: string): Promise<PageScripts> {
  const requests: PageScripts['requests'] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('.js')) return;
    requests.push({ url: request.url(), prefetch: request.headers()['sec-purpose']?.startsWith('prefetch') ?? false });
  });
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(`${baseURL}/intro`, { waitUntil: 'networkidle', timeout: 120_000 });
  const coverage = await page.coverage.stopJSCoverage();
  const at = new URL(page.url()).pathname;
  if (at !== '/intro') throw new Error(`The first screen left /intro for ${at} before the network was idle`);
  const ran = coverage.filter((script) => script.functions.some((fn) => fn.ranges.some((range) => range.count > 0))).map((s) => s.url);
  return { requests, ran };
}

async function measureIntro(distDir: string): Promise<{ counted: string[]; excluded: string[] }> {
  const server = await startAppServer(distDir);
  try {
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext()).newPage();
      return firstScreenScripts(server.baseURL, await recordIntro(page, server.baseURL));
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const isMain = process.argv[1]?.endsWith('budget.ts');
if (isMain) {
  const distDir = process.argv[2] ?? 'dist';
  // The Stately inspector is opt-in in dev only; its code talks to stately.ai, so that name must not ship.
  const allJs = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const devOnly = allJs.filter((f) => readFileSync(join(distDir, 'assets', f), 'utf8').includes('stately.ai'));
  if (devOnly.length > 0) {
    console.error(`The dev-only inspector reached the production bundle: ${devOnly.join(', ')}`);
    process.exit(1);
  }
  const { counted, excluded } = await measureIntro(distDir);
  const sizes = gzippedSizes(distDir, counted);
  const bytes = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  console.log('First screen (/intro) JS as Chromium loads it, gzipped:');
  for (const [file, size] of sizes) console.log(`  ${file}  ${kb(size)}`);
  console.log(`Not counted (fetched for a prefetch hint, or never run): ${excluded.length} files`);
  console.log(`First screen gzipped JS: ${kb(bytes)} (${bytes} bytes; budget ${kb(FIRST_SCREEN_BUDGET_BYTES)})`);
  if (bytes > FIRST_SCREEN_BUDGET_BYTES) {
    console.error('Over budget: move code off the first screen (lazy chunks, nothing imported at boot it does not need) or trim it.');
    process.exit(1);
  }
}
