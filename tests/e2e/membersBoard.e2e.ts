import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';
import { fillInSignUpForm, musicArguerProfileJson } from './support/personas';

// A member's leaderboard of real results in Chromium against the real server and an empty
// database: a new member's zeros, a won Hot Takes game recorded by the server, and a second member who
// sees the first on the board.

const profile = musicArguerProfileJson;
const ayla = { username: 'ayla', email: 'ayla@example.com', password: 'ayla-secret' };
const bram = { username: 'bram', email: 'bram@example.com', password: 'bram-secret' };

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

/** A fresh browser (its own cookies and storage) that signs up as `account` and lands on /connections. */
async function newMember(account: typeof ayla, viewport: { width: number; height: number } = PHONE) {
  const context = await browser.newContext({ viewport, baseURL: server.baseURL });
  await context.addInitScript((seeded: string) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    localStorage.setItem('user_profile', seeded);
  }, profile(account.username));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.baseURL}/auth`);
  await fillInSignUpForm(page, account);
  await page.waitForURL('**/connections');
  return { page, context, errors };
}

const yourStats = (page: Page) => page.getByRole('region', { name: 'Your Stats' }).locator('dd');

async function expectYourStats(page: Page, gamesPlayed: string, points: string) {
  await page.waitForFunction(
    ([games, pts]) => {
      const values = [...document.querySelectorAll('[aria-labelledby="your-stats"] dd')].map((d) => d.textContent);
      return values[0] === games && values[1] === pts;
    },
    [gamesPlayed, points],
  );
  expect(await yourStats(page).allTextContents()).toEqual([gamesPlayed, points]);
}

/** Plays a matched Hot Takes game to 7 messages (a win: 100 + 10 × 3 = 130 points) and leaves it with Back (and Leave in the question it asks first). */
async function winHotTakes(page: Page) {
  const gameStarted = page.waitForResponse((r) => r.url().endsWith('/api/games/sessions') && r.request().method() === 'POST', { timeout: 60_000 });
  // The page's own clock (running as usual), so the search's 10 s below are jumped over, not waited out.
  await page.clock.install();
  await page.goto(`${server.baseURL}/games/hottakes/chat`);
  const started = gameStarted.then(async (r) => {
    expect(r.status()).toBe(201);
    return ((await r.json()) as { gameId: string }).gameId;
  });
  const textbox = page.getByRole('textbox', { name: 'Message' });
  const bubbles = page.locator('[role=log] .message-text');
  // A member alone first searches for another member for 10 s, then the AI opponent takes the seat.
  await page.getByText('Finding a debate partner...').waitFor();
  await page.clock.fastForward(10_000);
  await page.getByText('AI opponent', { exact: true }).waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => document.querySelector('textarea') && !document.querySelector('textarea[aria-disabled="true"]'), undefined, { timeout: 20_000 });
  await textbox.fill('Pineapple absolutely belongs on pizza.');
  await page.keyboard.press('Enter');
  await bubbles.nth(4).waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('textarea[aria-disabled="true"]'));
  await textbox.fill('Sweet and salty is the whole point.');
  await page.keyboard.press('Enter');
  await bubbles.nth(6).waitFor({ timeout: 15_000 });
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/games/results') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Back' }).click();
  // Leaving first says what it counts; nothing is recorded before the answer.
  await page.getByRole('alertdialog', { name: 'Leave the debate?' }).getByRole('button', { name: 'Leave' }).click();
  const response = await recorded;
  expect(response.status()).toBe(201);
  // The result names the game the server started when the AI took the seat; the server values it from the
  // two turns its AI routes answered for that game (7 messages).
  expect(response.request().postDataJSON()).toEqual({ game: 'hottakes', gameId: await started });
  await page.waitForURL('**/games');
}

async function serverStats(page: Page) {
  const response = await page.request.get('/api/me/stats');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { stats: Record<string, number> }).stats;
}

/** The leaderboard's rows as [player, rank, score, win rate, streak]. */
async function boardRows(page: Page) {
  const table = page.getByRole('table', { name: /Players ranked by/ });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => [
      row.querySelector('th .lb-player-inner > span:last-child')?.textContent ?? '',
      ...[...row.querySelectorAll('td')].map((td) => td.textContent ?? ''),
    ]),
  );
}

async function closeAll(...contexts: BrowserContext[]) {
  await Promise.all(contexts.map((c) => c.close()));
}

describe("a member's leaderboard of real results", () => {
  it('starts at zero, counts a won Hot Takes game as the server decides, and shows it to another member', async () => {
    const a = await newMember(ayla);
    await a.page.goto(`${server.baseURL}/games`);
    await expectYourStats(a.page, '0', '0');
    expect(await serverStats(a.page)).toEqual({ totalPoints: 0, gamesPlayed: 0, hotTakesScore: 0, friendsCount: 0, winRate: 0, streak: 0 });

    await winHotTakes(a.page);
    const after = await serverStats(a.page);
    expect(after).toMatchObject({ totalPoints: 130, gamesPlayed: 1, hotTakesScore: 130 });
    await expectYourStats(a.page, '1', '130');
    await screenshot(a.page, 'members-games-hub-after-win-phone');
    // The guest's device figures were not touched: the win is the server's.
    expect(await a.page.evaluate(() => localStorage.getItem('user_leaderboard_stats'))).toBeNull();

    await a.page.goto(`${server.baseURL}/leaderboard`);
    const summary = a.page.getByRole('region', { name: 'Your Stats Summary' });
    await summary.getByText('You are #1 of 1 by Total Points.').waitFor();
    await a.page.getByText('You are the only member on the board so far. Invite friends to climb it together.').waitFor();
    expect(await boardRows(a.page)).toEqual([['ayla (You)', '1', '130', `${after.winRate}%`, `${after.streak}`]]);

    const b = await newMember(bram, DESKTOP);
    await b.page.goto(`${server.baseURL}/leaderboard`);
    await b.page.getByRole('list', { name: 'Top 3 by Total Points' }).waitFor();
    expect(await boardRows(b.page)).toEqual([
      ['ayla', '1', '130', `${after.winRate}%`, `${after.streak}`],
      ['bram (You)', '2', '0', '0%', '0'],
    ]);
    await b.page.getByRole('tab', { name: 'Hot Takes' }).click();
    await b.page.getByRole('tabpanel', { name: 'Hot Takes' }).waitFor();
    await b.page.waitForFunction(() => document.querySelector('#lb-panel')?.getAttribute('aria-busy') === 'false');
    expect((await boardRows(b.page))[0]).toEqual(['ayla', '1', '130', `${after.winRate}%`, `${after.streak}`]);
    // Friends: bram has none yet, so the board says how it would fill.
    await b.page.getByRole('tab', { name: 'Friends' }).click();
    await b.page.getByText('Add friends to see how you compare with them.').waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await closeAll(a.context, b.context);
    // A whole game with the AI's pauses, plus two sign-ups, on a shared two-core machine.
  }, 150_000);

  it('looks finished on a phone and a desktop: the member leaderboard and the Games hub, with no serious axe violations', async () => {
    const c = await newMember({ username: 'cleo', email: 'cleo@example.com', password: 'cleo-secret' }, PHONE);
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await c.page.setViewportSize(viewport);
      await c.page.goto(`${server.baseURL}/leaderboard`);
      await c.page.getByRole('table', { name: /Players ranked by/ }).waitFor();
      await c.page.waitForFunction(() => document.querySelector('#lb-panel')?.getAttribute('aria-busy') === 'false');
      await screenshot(c.page, `members-leaderboard-${size}`);
      expect(await seriousViolations(c.page)).toEqual([]);
      await c.page.goto(`${server.baseURL}/games`);
      await expectYourStats(c.page, '0', '0');
      await screenshot(c.page, `members-games-hub-${size}`);
      expect(await seriousViolations(c.page)).toEqual([]);
    }
    expect(c.errors).toEqual([]);
    await c.context.close();
  }, 90_000);
});
