import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, startBrowser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('app start', () => {
  it('replaces / with /intro, shows the tagline, then lands on /auth after 3.5 s', async () => {
    const { page, errors } = await openPage(browser, '/');
    await page.waitForURL('**/intro');
    await expect(page.getByText('Connect. Explore. Grow.').isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const start = Date.now();
    await page.waitForURL('**/auth', { timeout: 8000 });
    const waited = Date.now() - start;
    expect(waited).toBeGreaterThan(2500);
    // History was replaced: going back does not return to the splash.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('looks finished on a phone and a desktop', async () => {
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page } = await openPage(browser, '/intro', { viewport });
      await page.getByRole('heading', { name: 'Mycelius' }).waitFor();
      await screenshot(page, `splash-${label}`);
      await page.goto(page.url().replace('/intro', '/games'));
      await page.getByRole('heading', { name: 'Games' }).waitFor();
      await screenshot(page, `games-${label}`);
      await page.context().close();
    }
  });
});
