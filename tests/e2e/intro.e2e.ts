import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ANIM_INTRO, introForGame, type IntroInfo } from '../../src/domain/gameIntros';
import { GAME_IDS } from '../../src/domain/games';
import { seriousViolations } from './support/axe';
import { DESKTOP, letPageCatchUp, openPage, PHONE, screenshot, startBrowser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

const INTROS: { path: string; intro: IntroInfo }[] = [
  ...GAME_IDS.map((game) => ({ path: `/games/${game}/anim`, intro: introForGame(game)! })),
  { path: '/gameanim', intro: GAME_ANIM_INTRO },
];

const LIGHT = {
  user_settings: JSON.stringify({ theme: 'light', profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true }),
};

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Opens an intro through the hub with the page clock frozen just after the loading caption, for a still look. */
async function frozenIntro(game: string, name: string, options: Parameters<typeof openPage>[2] = {}) {
  const opened = await openPage(browser, '/games', { ...options, clock: 'stopped' });
  const { page } = opened;
  await page.getByRole('link', { name, exact: true }).click();
  const intro = introForGame(game)!;
  await page.getByRole('heading', { level: 1, name: intro.title }).waitFor();
  await letPageCatchUp(page);
  // The loading caption shows at 2.5 s; the hand-over at 4 s is 1.5 s of page time away and never comes.
  await page.clock.runFor(2_500);
  await page.getByRole('main', { name: intro.title }).getByRole('status').filter({ hasText: intro.loadingText }).waitFor();
  return opened;
}

/**
 * Runs work that needs the page's own timers (axe queues its checks on setTimeout) on the frozen clock:
 * the clock is nudged 1 ms at a time until the work is done, so the intro stays where it was.
 */
async function withClockNudged<T>(page: Page, work: Promise<T>): Promise<T> {
  let done = false;
  const tracked = work.finally(() => {
    done = true;
  });
  const before = await page.evaluate(() => Date.now());
  while (!done) await page.clock.runFor(1);
  expect((await page.evaluate(() => Date.now())) - before).toBeLessThan(1000);
  return tracked;
}

describe('game intros', () => {
  it('every intro shows its loading caption at 2.5 s and lands on its own chat route at 4 s', async () => {
    for (const { path, intro } of INTROS) {
      const { page, context, errors } = await openPage(browser, path, { clock: 'stopped' });
      await page.getByRole('heading', { level: 1, name: intro.title }).waitFor();
      await letPageCatchUp(page);
      const caption = page.getByRole('main', { name: intro.title }).getByRole('status');
      await page.clock.runFor(2_499);
      await letPageCatchUp(page);
      expect(await caption.textContent(), `${path} at 2,499 ms`).toBe('');
      await page.clock.runFor(1);
      await caption.filter({ hasText: intro.loadingText }).waitFor();
      await page.clock.runFor(1_499);
      await letPageCatchUp(page);
      expect(pathOf(page), `${path} at 3,999 ms`).toBe(path);
      await page.clock.runFor(1);
      await page.waitForURL((url) => url.pathname === intro.chatRoute, { timeout: 5_000 });
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it('opens from the hub by click; its back control returns to /games and the chat never follows', async () => {
    const { page, context, errors } = await openPage(browser, '/games', { clock: 'stopped' });
    await page.getByRole('link', { name: 'Hot Takes', exact: true }).click();
    await page.waitForURL('**/games/hottakes/anim');
    await page.getByRole('heading', { level: 1, name: 'HOT TAKES' }).waitFor();
    await letPageCatchUp(page);
    await page.getByRole('button', { name: 'Back to Games' }).click();
    await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
    // Nothing may take us to the chat: run the page's clock well past the 4 s mark.
    await page.clock.runFor(6_000);
    await letPageCatchUp(page);
    expect(pathOf(page)).toBe('/games');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the browser's back button cancels the intro too", async () => {
    const { page, context } = await openPage(browser, '/games', { clock: 'stopped' });
    await page.getByRole('link', { name: 'Fight Club' }).click();
    await page.getByRole('heading', { level: 1, name: 'FIGHT CLUB' }).waitFor();
    await letPageCatchUp(page);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
    await page.clock.runFor(6_000);
    await letPageCatchUp(page);
    expect(pathOf(page)).toBe('/games');
    await context.close();
  });

  it('Skip goes straight to the chat', async () => {
    const { page, context } = await openPage(browser, '/games/emojistory/anim');
    await page.getByRole('button', { name: 'Skip intro' }).click();
    await page.waitForURL('**/games/emojistory/chat', { timeout: 2000 });
    await context.close();
  });

  it('an unknown game shows the not-found screen', async () => {
    const { page, context } = await openPage(browser, '/games/chess/anim');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});

describe('games hub', () => {
  it('keeps the tracking-service games and Quests inert', async () => {
    const { page, context } = await openPage(browser, '/games');
    const tracking = page.getByRole('region', { name: 'Trakt' });
    await tracking.waitFor();
    expect(await tracking.getByRole('link').count()).toBe(0);
    for (const name of ['Rate It Together', 'Ship It', 'Main Character Energy', 'Movie Mount Rushmore', 'Quests']) {
      const tile = page.getByRole('button', { name, exact: true });
      await expect(tile.getAttribute('aria-disabled')).resolves.toBe('true');
      // force: Playwright will not click what is marked aria-disabled; a user still can.
      await tile.click({ force: true });
      expect(pathOf(page), name).toBe('/games');
    }
    await expect(page.getByText('Coming soon', { exact: true }).count()).resolves.toBe(5);
    await context.close();
  });

  it('every card and game is reachable by keyboard, focus is visible, and Enter opens an intro', async () => {
    const { page, context } = await openPage(browser, '/games', { viewport: DESKTOP });
    await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest('#main')) return null;
        // A card's stretched link draws its focus ring on the card.
        const ringed = el.classList.contains('stretched') ? el.closest('.card')! : el;
        return { href: el.getAttribute('href'), text: el.textContent?.trim() ?? '', outline: getComputedStyle(ringed).outlineStyle };
      });
      if (!focused) continue;
      expect(focused.outline).not.toBe('none');
      reached.push(focused.href ?? focused.text);
    }
    for (const game of GAME_IDS) expect(reached).toContain(`/games/${game}/anim`);
    expect(reached).toContain('/leaderboard');
    expect(reached).toContain('Quests');

    await page.getByRole('link', { name: 'Patch Notes' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/games/patchnotes/anim');
    await context.close();
  });

  it('has no serious or critical axe violations on the hub and an intro, in dark and light', async () => {
    for (const [theme, storage] of [['dark', {}], ['light', LIGHT]] as const) {
      const { page, context } = await openPage(browser, '/games', { localStorage: storage });
      await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      const violations = await seriousViolations(page);
      expect(violations, `hub ${theme}: ${JSON.stringify(violations)}`).toEqual([]);
      await context.close();

      const frozen = await frozenIntro('hottakesfm', 'Hot Takes FM', { localStorage: storage });
      const introViolations = await withClockNudged(frozen.page, seriousViolations(frozen.page));
      expect(pathOf(frozen.page)).toBe('/games/hottakesfm/anim');
      expect(introViolations, `intro ${theme}: ${JSON.stringify(introViolations)}`).toEqual([]);
      await frozen.context.close();
    }
  });

  it('fits a phone and a desktop: nothing scrolls sideways and the intro texts sit inside the screen', async () => {
    const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page, context } = await openPage(browser, '/games', { viewport });
      await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
      expect(await noSidewaysScroll(page), `hub at ${label}`).toBe(true);
      await screenshot(page, `hub-${label}`);
      await context.close();

      for (const [game, name, theme] of [['hottakes', 'Hot Takes', 'dark'], ['twotruthsvibe', 'Two Truths and a Vibe', 'light']] as const) {
        const frozen = await frozenIntro(game, name, { viewport, localStorage: theme === 'light' ? LIGHT : {} });
        expect(await noSidewaysScroll(frozen.page), `${game} intro at ${label}`).toBe(true);
        for (const text of [introForGame(game)!.title, introForGame(game)!.loadingText]) {
          const box = await frozen.page.getByText(text, { exact: true }).boundingBox();
          expect(box, `"${text}" at ${label}`).not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
          expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
        }
        await screenshot(frozen.page, `intro-${game}-${theme}-${label}`);
        await frozen.context.close();
      }
    }
  });

  it('stops the bubbles floating when reduced motion is asked for', async () => {
    const { page, context } = await openPage(browser, '/games');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('link', { name: 'Kill My Vibe' }).click();
    await page.getByRole('heading', { level: 1, name: 'KILL MY VIBE' }).waitFor();
    const names = await page.evaluate(() =>
      [...document.querySelectorAll('.intro-bubble')].map((b) => getComputedStyle(b).animationName),
    );
    expect(names).toHaveLength(32);
    expect(new Set(names)).toEqual(new Set(['none']));
    await context.close();
  });
});
