import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, baseURL, DESKTOP, openPage, PHONE, startBrowser } from './support/browser';
import { concertGoerProfileJson } from './support/personas';

// How fast the first screens paint: each records a First Contentful Paint, /intro shows the splash before
// any script runs and React adopts it in place, and a screen's lazy chunks arrive with the page.

const COMPLETE_PROFILE = { user_profile: concertGoerProfileJson };

// The entry script Vite names after index.html; holding it back shows what the page does before any script.
const ENTRY_SCRIPT = /\/assets\/index-[^/]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

function hasFirstContentfulPaint(page: Page): Promise<boolean> {
  return page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length === 1, undefined, { timeout: 5000 })
    .then(
      () => true,
      () => false,
    );
}

/** A page whose entry script is held until `release()`; every /assets request is recorded with whether it came before. */
async function openWithEntryHeld(path: string, storage: Record<string, string> = {}) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseURL() });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
    // Notes whether the app-wide loading fallback (a status with the spinner right under #root; the
    // members' notice regions are statuses there too, but empty) was ever on screen, and
    // whether #root ever went blank after it had something to show.
    let shown = false;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      if (root.querySelector(':scope > [role="status"] .spinner')) document.documentElement.dataset.sawLoading = 'yes';
      if (root.firstElementChild) shown = true;
      else if (shown) document.documentElement.dataset.sawBlank = 'yes';
    }).observe(document, { subtree: true, childList: true });
  }, storage);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let released = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  const beforeScript: string[] = [];
  const afterScript: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) (released ? afterScript : beforeScript).push(pathname);
  });
  await page.goto(appUrl(path), { waitUntil: 'commit' });
  return {
    page,
    context,
    errors,
    beforeScript,
    afterScript,
    release: () => {
      released = true;
      release();
    },
  };
}

/** Freezes the screen's entrance fade at `ms` (Web Animations API), so a picture or a reading is not a race. */
async function freezeFadeAt(page: Page, ms: number): Promise<{ opacity: number; duration: number }> {
  return page.evaluate((at) => {
    const screen = document.querySelector('.screen')!;
    const fade = screen.getAnimations().find((a) => (a as CSSAnimation).animationName === 'fade-in')!;
    fade.pause();
    fade.currentTime = at;
    return { opacity: Number(getComputedStyle(screen).opacity), duration: Number(fade.effect!.getComputedTiming().duration) };
  }, ms);
}

describe('first paint', () => {
  const SCREENS: { path: string; heading: string; storage?: Record<string, string> }[] = [
    { path: '/intro', heading: 'Mycelius' },
    { path: '/auth', heading: 'Create Account' },
    { path: '/home', heading: 'Discover Friends', storage: COMPLETE_PROFILE },
    { path: '/games', heading: 'Games' },
  ];

  it.each(SCREENS)('$path records a first-contentful-paint entry', async ({ path, heading, storage }) => {
    const { page, context, errors } = await openPage(browser, path, { localStorage: storage });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await hasFirstContentfulPaint(page), `${path} has a first-contentful-paint`).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('screens still fade in over 500 ms, from a dimmed but painted start', async () => {
    for (const path of ['/intro', '/auth']) {
      const { page, context } = await openPage(browser, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const start = await freezeFadeAt(page, 0);
      expect(start.duration, path).toBe(500);
      expect(start.opacity, path).toBeGreaterThan(0);
      expect(start.opacity, path).toBeLessThan(1);
      expect((await freezeFadeAt(page, 500)).opacity, path).toBe(1);
      await context.close();
    }
  });

  it('with reduced motion asked for, nothing on the first screens moves', async () => {
    for (const path of ['/intro', '/auth']) {
      const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(appUrl(path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.getAnimations().length), path).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.screen')!).opacity), path).toBe('1');
      await context.close();
    }
  });
});

describe('the splash before any script', () => {
  async function withoutScripts(path: string): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(appUrl(path));
    return { page, context };
  }

  it('/intro shows the logo, name and tagline with scripts off', async () => {
    const { page, context } = await withoutScripts('/intro');
    await expect(page.getByRole('heading', { level: 1, name: 'Mycelius' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Connect. Explore. Grow.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('img', { name: 'Mycelius logo' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('no other page shows the splash before its own screen', async () => {
    for (const path of ['/', '/auth', '/home', '/chat/user-1']) {
      const { page, context } = await withoutScripts(path);
      await expect(page.getByRole('heading', { name: 'Mycelius' }).count(), path).resolves.toBe(0);
      await expect(page.getByText('Connect. Explore. Grow.').count(), path).resolves.toBe(0);
      await context.close();
    }
  });

  it('the main screens show their header and navigation with scripts off', async () => {
    for (const [path, current] of [['/home', 'Home'], ['/games', 'Games'], ['/profile', null]] as const) {
      const { page, context } = await withoutScripts(path);
      await expect(page.getByText('Mycelius', { exact: true }).isVisible(), path).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Your profile' }).isVisible(), path).resolves.toBe(true);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link').count(), path).resolves.toBe(5);
      const marked = await nav.locator('[aria-current="page"]').allTextContents();
      expect(marked, path).toEqual(current ? [current] : []);
      await context.close();
    }
  });

  it('React takes over the prerendered splash in place, then moves on to /auth', async () => {
    const { page, context, errors, release } = await openWithEntryHeld('/intro');
    await page.getByRole('heading', { level: 1, name: 'Mycelius' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { prerendered: Element[] }).prerendered = [...document.querySelectorAll('#root *')];
    });
    release();
    // React marks the nodes it owns; waiting for that mark on the heading is waiting for hydration to finish.
    await page.waitForFunction(() => Object.keys(document.querySelector('h1')!).some((k) => k.startsWith('__reactFiber')));
    const sameNodes = await page.evaluate(() => {
      const before = (window as unknown as { prerendered: Element[] }).prerendered;
      const now = [...document.querySelectorAll('#root *')];
      return before.length === now.length && before.every((node, i) => node === now[i]);
    });
    expect(sameNodes).toBe(true);
    await page.waitForURL('**/auth', { timeout: 8000 });
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('lazy chunks', () => {
  const SCREENS: { path: string; heading: string; chunks: RegExp[]; storage?: Record<string, string> }[] = [
    { path: '/auth', heading: 'Create Account', chunks: [/\/SignUp-[^/]+\.js$/] },
    { path: '/home', heading: 'Discover Friends', chunks: [/\/AppLayout-[^/]+\.js$/, /\/Discover-[^/]+\.js$/], storage: COMPLETE_PROFILE },
    { path: '/games', heading: 'Games', chunks: [/\/AppLayout-[^/]+\.js$/, /\/GamesHub-[^/]+\.js$/] },
    { path: '/profile', heading: 'Your Profile', chunks: [/\/AppLayout-[^/]+\.js$/, /\/Profile-[^/]+\.js$/], storage: COMPLETE_PROFILE },
  ];

  it.each(SCREENS)('$path asks for its screen with the page, not after the app script ran, and never blanks or spins on the way', async ({ path, heading, chunks, storage }) => {
    const { page, context, errors, beforeScript, afterScript, release } = await openWithEntryHeld(path, storage);
    await expect.poll(() => chunks.every((chunk) => beforeScript.some((p) => chunk.test(p))), { timeout: 5000 }).toBe(true);
    // Release only once every preload the page lists has been asked for: on a loaded machine the browser
    // may still be working through them when the named chunks have gone out.
    const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => new URL((l as HTMLLinkElement).href).pathname));
    await expect.poll(() => preloads.every((p) => beforeScript.includes(p)), { timeout: 5000 }).toBe(true);
    release();
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(afterScript, `${path} fetched after its script ran`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.sawLoading ?? 'no'), `${path} showed the loading spinner`).toBe('no');
    expect(await page.evaluate(() => document.documentElement.dataset.sawBlank ?? 'no'), `${path} went blank`).toBe('no');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('looks', () => {
  it('the splash and sign-up look finished mid-fade and settled, on a phone and a desktop', async () => {
    mkdirSync('screenshots', { recursive: true });
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const [name, path] of [['splash', '/intro'], ['signup', '/auth']] as const) {
        const { page, context } = await openPage(browser, path, { viewport });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await freezeFadeAt(page, 150);
        await page.screenshot({ path: `screenshots/paint-${name}-midfade-${label}.png` });
        await freezeFadeAt(page, 500);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} at ${label}`).toBe(true);
        await page.screenshot({ path: `screenshots/paint-${name}-settled-${label}.png` });
        await context.close();
      }
    }
  });
});
