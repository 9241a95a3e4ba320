import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../src/domain/games';
import { openPage, screenshot, startBrowser, DESKTOP } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

const SCREEN_ROUTES = [
  '/intro',
  '/auth',
  '/login',
  '/connections',
  '/profile',
  '/dashboard',
  '/home',
  '/friends',
  '/games',
  '/settings',
  '/leaderboard',
  '/gameanim',
  '/chat',
  '/chat/user-1',
  ...GAME_IDS.flatMap((game) => [`/games/${game}/anim`, `/games/${game}/chat`]),
];

describe('routes', () => {
  it('renders every docs/product.md route with a heading and no script error', async () => {
    const { page, context, errors } = await openPage(browser, '/intro');
    for (const route of SCREEN_ROUTES) {
      await page.goto(page.url().replace(/\/\/([^/]+)\/.*$/, `//$1${route}`));
      const heading = page.locator('h1').first();
      await heading.waitFor({ timeout: 10_000 });
      expect((await heading.textContent())?.trim(), route).toBeTruthy();
      expect(await page.getByText('Page not found').count(), route).toBe(0);
      expect(await page.getByText('Something went wrong').count(), route).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends both OAuth callbacks without a code back to /profile with the failure text, never to the splash', async () => {
    for (const [route, name] of [['/callback', 'Trakt'], ['/spotify/callback', 'Spotify']] as const) {
      const { page, context } = await openPage(browser, route);
      await page.waitForURL('**/profile', { timeout: 10_000 });
      await page.getByRole('status').filter({ hasText: `Could not connect to ${name}. Please try again.` }).waitFor();
      await context.close();
    }
  });

  it('shows a not-found screen with a way home for unknown paths', async () => {
    const { page, context } = await openPage(browser, '/no/such/place', { viewport: DESKTOP });
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'not-found-desktop');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL('**/home');
    await context.close();
  });

  it('shows the shared header and bottom navigation on the main screens', async () => {
    const { page, context } = await openPage(browser, '/games');
    await page.getByRole('heading', { name: 'Games' }).waitFor();
    const community = page.getByLabel('Community');
    expect(await community.locator('option').allTextContents()).toEqual(['All Communities', 'UW', 'Microsoft', 'Seattle']);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Friends', 'Leaderboard', 'Home', 'Games', 'Settings']);
    await page.getByRole('link', { name: 'Your profile' }).click();
    await page.waitForURL('**/profile');
    await context.close();
  });

  it('refreshes the header picture when another tab changes the profile', async () => {
    const { page, context } = await openPage(browser, '/games');
    await page.getByRole('heading', { name: 'Games' }).waitFor();
    expect(await page.locator('.profile-button img').count()).toBe(0);
    const other = await context.newPage();
    await other.goto(page.url());
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    await other.evaluate((src) => {
      localStorage.setItem('user_profile', JSON.stringify({ username: 'ana', profilePicture: src }));
    }, pixel);
    await page.locator('.profile-button img').waitFor({ timeout: 5000 });
    expect(await page.locator('.profile-button img').getAttribute('src')).toBe(pixel);
    await context.close();
  });
});

describe('corrupted storage', () => {
  const CORRUPT = '{this is not json';
  const KEYS = [
    'user_profile',
    'user_settings',
    'mycelius_users',
    'mycelius_friends',
    'user_leaderboard_stats',
    'ai_profile_summary',
    'hottakes_chat_logs',
  ];

  it('never blanks the app, and keeps each unreadable value under <key>.corrupt', async () => {
    const seeded = Object.fromEntries(KEYS.map((k) => [k, CORRUPT]));
    const { page, context, errors } = await openPage(browser, '/intro', { localStorage: seeded });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    for (const route of ['/profile', '/dashboard', '/friends', '/leaderboard', '/settings', '/connections']) {
      await page.goto(page.url().replace(/\/\/([^/]+)\/.*$/, `//$1${route}`));
      await page.locator('h1').first().waitFor({ timeout: 10_000 });
      expect(await page.getByText('Something went wrong').count(), route).toBe(0);
    }
    const kept = await page.evaluate(() => ({
      profile: localStorage.getItem('user_profile.corrupt'),
      settings: localStorage.getItem('user_settings.corrupt'),
    }));
    expect(kept).toEqual({ profile: CORRUPT, settings: CORRUPT });
    expect(errors).toEqual([]);
    await context.close();
  });
});
