import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';
import { musicArguerProfileJson } from './support/personas';
import { say, sayAndSeeArrive } from './support/messages';

// Hot Takes against a person in Chromium against the real server: two members
// matched over the live channel, both takes revealed, a live argument, Back asking first, 'End debate' ending it for both,
// and the server's result on both leaderboards; a member alone gets the AI opponent after 10 s.

const profile = musicArguerProfileJson;

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

async function newMember(username: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: server.baseURL });
  await context.addInitScript((seeded: string) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    localStorage.setItem('user_profile', seeded);
  }, profile(username));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.baseURL}/auth`);
  await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(`${username}-secret`);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${username}-secret`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/connections');
  return { page, context, errors };
}

const bubbles = (page: Page) => page.locator('[role=log] .message-text');

async function hotTakesScore(page: Page, username: string): Promise<string> {
  await page.goto(`${server.baseURL}/leaderboard`);
  await page.getByRole('tab', { name: 'Hot Takes' }).click();
  await page.getByRole('tabpanel', { name: 'Hot Takes' }).waitFor();
  await page.waitForFunction(() => document.querySelector('#lb-panel')?.getAttribute('aria-busy') === 'false');
  const rows = await page
    .getByRole('table', { name: /Players ranked by/ })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th .lb-player-inner > span:last-child')?.textContent ?? '', tr.querySelectorAll('td')[1]?.textContent ?? '']));
  return rows.find(([player]) => player?.replace(' (You)', '') === username)?.[1] ?? 'missing';
}

describe('Hot Takes against a member', () => {
  it('matches two members, reveals both takes, carries the argument live, ends for both and records the result on both boards', async () => {
    const a = await newMember('dara', PHONE);
    const b = await newMember('emil', DESKTOP);

    await a.page.goto(`${server.baseURL}/games/hottakes/chat`);
    await a.page.getByText('Finding a debate partner...').waitFor();
    await screenshot(a.page, 'live-debate-searching-phone');
    await b.page.goto(`${server.baseURL}/games/hottakes/chat`);

    // Matched: each sees the other as the opponent, with the same prompt.
    await a.page.getByText('You vs emil').waitFor({ timeout: 8_000 });
    await b.page.getByText('You vs dara').waitFor({ timeout: 8_000 });
    const prompt = await a.page.locator('.hot-prompt-text').textContent();
    expect(await b.page.locator('.hot-prompt-text').textContent()).toBe(prompt);

    await say(a.page, 'Guitar solos should be longer.');
    await a.page.getByText("Waiting for emil's hot take...").first().waitFor();
    // Dara's take stays hidden from Emil until he has written his.
    expect(await bubbles(b.page).allTextContents()).not.toContain('Guitar solos should be longer.');
    await say(b.page, 'Guitar solos are the skip button.');

    // SPEC's reveal: the line, then the other take, within 1.5 s and a bit.
    for (const [page, name, take] of [
      [a.page, 'emil', 'Guitar solos are the skip button.'],
      [b.page, 'dara', 'Guitar solos should be longer.'],
    ] as const) {
      await page.getByText(`Great! Here's what ${name} said about this:`).waitFor({ timeout: 3_000 });
      await page.locator('[role=log] .message-text', { hasText: take }).waitFor({ timeout: 3_000 });
    }
    await screenshot(a.page, 'live-debate-revealed-phone');
    await screenshot(b.page, 'live-debate-revealed-desktop');

    // Three messages: with the two takes, 5 counted, so a win worth 110 for both.
    await sayAndSeeArrive(a.page, b.page, 'A solo is a story without words.', 1_000);
    await sayAndSeeArrive(b.page, a.page, 'A story nobody asked for.', 1_000);
    await sayAndSeeArrive(a.page, b.page, 'Then skip it, I will not.', 1_000);

    // Won: each sees 'End debate' with what it records. Emil's Back asks first and says the same; he keeps debating.
    for (const page of [a.page, b.page]) {
      await page.getByText("You're winning: end the debate now for +110 points, or keep going for more.").waitFor({ timeout: 2_000 });
    }
    await screenshot(a.page, 'live-debate-winning-phone');
    await b.page.getByRole('button', { name: 'Back' }).click();
    const question = b.page.getByRole('alertdialog', { name: 'Leave the debate?' });
    expect(await question.textContent()).toContain('Leaving now ends the debate for dara too, and you both win +110 points.');
    await screenshot(b.page, 'live-debate-leave-question-desktop');
    await question.getByRole('button', { name: 'Keep debating' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await a.page.getByText('The debate has ended.').count()).toBe(0);

    // Dara presses 'End debate': both see the end and the result.
    await a.page.getByRole('button', { name: 'End debate' }).click();
    await a.page.getByText('You ended the debate.').waitFor({ timeout: 2_000 });
    await b.page.getByText('dara left the debate.').waitFor({ timeout: 2_000 });
    for (const page of [a.page, b.page]) {
      await page.getByText('The debate has ended.').first().waitFor();
      await page.getByText('You won! +110 points').waitFor();
      expect(await page.getByRole('textbox', { name: 'Message' }).getAttribute('aria-disabled')).toBe('true');
    }
    await screenshot(a.page, 'live-debate-ended-phone');
    await screenshot(b.page, 'live-debate-ended-desktop');
    expect(await seriousViolations(a.page)).toEqual([]);
    expect(await seriousViolations(b.page)).toEqual([]);

    await a.page.getByRole('button', { name: 'Back to games' }).click();
    await a.page.waitForURL('**/games');
    expect(await hotTakesScore(a.page, 'dara')).toBe('110');
    expect(await hotTakesScore(a.page, 'emil')).toBe('110');
    expect(await hotTakesScore(b.page, 'dara')).toBe('110');
    expect(await hotTakesScore(b.page, 'emil')).toBe('110');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 120_000);

  it('a member alone gets the AI opponent after 10 s', async () => {
    const c = await newMember('fern', DESKTOP);
    // The page's own clock (running as usual), so the 10 s are jumped over rather than waited out.
    await c.page.clock.install();
    await c.page.goto(`${server.baseURL}/games/hottakes/chat`);
    const searching = c.page.getByText('Finding a debate partner...');
    await searching.waitFor();
    await screenshot(c.page, 'live-debate-searching-desktop');
    // 8 s after the search showed (its 10 s began a moment before): still searching, then 2 s more.
    await c.page.clock.fastForward(8_000);
    expect(await searching.isVisible()).toBe(true);
    expect(await c.page.getByText('AI opponent', { exact: true }).count()).toBe(0);
    await c.page.clock.fastForward(2_000);
    await c.page.getByText('AI opponent', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(c.page, 'live-debate-ai-opponent-desktop');
    expect(c.errors).toEqual([]);
    await c.context.close();
  }, 60_000);
});
