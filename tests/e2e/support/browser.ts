import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { recordApiCalls } from './apiCalls';
import { launchChromium } from './chromium';
import { reportPagesOnFailure } from './failureReport';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export function baseURL(): string {
  return inject('baseURL');
}

export function appUrl(path: string): string {
  return `${baseURL()}${path}`;
}

/**
 * The browser every e2e file drives: each page it opens records its /api calls (apiCalls.ts) and is
 * described in the log when its test fails (failureReport.ts). browser.newPage goes through newContext.
 */
export async function startBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    recordApiCalls(context);
    reportPagesOnFailure(context);
    return context;
  };
  return browser;
}

/** One browser for the whole file: started before its first test, closed after its last. */
export function startBrowserAroundTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is started before the first test.');
    return browser;
  };
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** localStorage entries to seed before the app's first script runs. */
  localStorage?: Record<string, string>;
  /** The app server to open, when the file started one of its own; the shared one otherwise. */
  baseURL?: string;
  /**
   * 'stopped': the page's clock (Date, timers, animation frames) stands still from its first script
   * until the test moves it with page.clock.runFor, so a delay is checked to the millisecond without
   * waiting it out.
   */
  clock?: 'stopped';
}

/** Where a stopped page clock stands; any fixed moment will do. */
const STOPPED_CLOCK_AT = Date.parse('2026-01-05T09:00:00Z');

/**
 * Seeds these localStorage entries before the app's first script on the context's first page load only,
 * so a reload shows what the app itself then kept.
 */
export async function seedLocalStorage(context: BrowserContext, entries: Record<string, string>): Promise<void> {
  await context.addInitScript((seeded: Record<string, string>) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(seeded)) localStorage.setItem(k, v);
  }, entries);
}

/** A fresh context (empty storage) with the page at `path`. Console errors are collected on `errors`. */
export async function openPage(
  browser: Browser,
  path: string,
  options: OpenOptions = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const server = options.baseURL ?? baseURL();
  const context = await browser.newContext({ viewport: options.viewport ?? PHONE, baseURL: server });
  if (options.localStorage) await seedLocalStorage(context, options.localStorage);
  if (options.clock === 'stopped') {
    await context.clock.install({ time: STOPPED_CLOCK_AT });
    await context.clock.pauseAt(STOPPED_CLOCK_AT + 60_000);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server}${path}`);
  return { page, context, errors };
}

/**
 * Lets a page run the work it has queued (React's effects, which start a machine's timers) without
 * moving a stopped clock: resolves after a message the page posts to itself comes back.
 */
export async function letPageCatchUp(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Browser dialogs are gone (in-page dialogs and notices instead): any that opens is kept and dismissed, and tests expect none. */
export function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** Waits until fades and other finite animations have finished (endless ones, like spinners, excepted). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Saves a PNG under screenshots/ for a person to look at (not compared by any test): the whole page, or with
 * `onScreen` the viewport only (a modal and its backdrop are what a person sees, not the page behind them).
 */
export async function screenshot(page: Page, name: string, { onScreen = false }: { onScreen?: boolean } = {}): Promise<void> {
  await settleAnimations(page);
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: !onScreen });
}
