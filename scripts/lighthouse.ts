import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './freePort';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

// Lighthouse (default = mobile preset: Moto G Power screen, simulated slow 4G, 4x CPU slowdown) on the
// main screens of the built app, served as `npm run serve` serves it. Figures to read, not a gate.
// Usage: npm run lighthouse [-- --runs=3] [-- --url=http://127.0.0.1:5173 to measure a running server]
// Each run gets a fresh Chromium profile, so every load is a first visit with a cold cache.

const ROUTES = ['/intro', '/auth', '/home', '/games', '/profile'] as const;

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
const SEEDED_STORAGE: Partial<Record<(typeof ROUTES)[number], Record<string, string>>> = {
  '/home': { user_profile: COMPLETE_PROFILE },
  '/profile': { user_profile: COMPLETE_PROFILE },
};

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'];

interface Figures {
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  error?: string;
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

async function measure(baseURL: string, route: (typeof ROUTES)[number]): Promise<Figures> {
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
    if (!result) return { score: null, fcpMs: null, lcpMs: null, error: 'no result' };
    const { lhr } = result;
    const score = lhr.categories.performance?.score;
    return {
      score: score === null || score === undefined ? null : Math.round(score * 100),
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? null,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
      error: lhr.runtimeError?.code,
    };
  } finally {
    chrome.kill();
  }
}

/** Of several runs, the one with the median score (Lighthouse's own advice for noisy machines). */
function medianRun(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
  return sorted[Math.floor(sorted.length / 2)]!;
}

const seconds = (ms: number | null) => (ms === null ? '   -  ' : `${(ms / 1000).toFixed(2)} s`);

async function main() {
  const runs = Math.max(1, Number(argValue('runs') ?? 1));
  const given = argValue('url');
  const started = given ? undefined : await startBuiltServer();
  const baseURL = given ?? started!.baseURL;
  try {
    console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile preset against ${baseURL}`);
    console.log('route      perf   FCP       LCP');
    for (const route of ROUTES) {
      const results: Figures[] = [];
      for (let i = 0; i < runs; i += 1) results.push(await measure(baseURL, route));
      const { score, fcpMs, lcpMs, error } = medianRun(results);
      console.log(`${route.padEnd(10)} ${String(score ?? '-').padStart(4)}   ${seconds(fcpMs)}   ${seconds(lcpMs)}${error ? `   ${error}` : ''}`);
    }
  } finally {
    if (started?.server.pid) process.kill(-started.server.pid, 'SIGTERM');
  }
}

await main();
