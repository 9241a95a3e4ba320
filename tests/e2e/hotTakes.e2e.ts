import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, screenshot, startBrowser } from './support/browser';
import { musicArguerProfileJson } from './support/personas';

// The matched Hot Takes chat (/games/hottakes/chat) in Chromium against the demo server, whose AI routes
// answer from the local engine: a whole game, the win on the leaderboard, the saved log, the partner dialog,
// and how a game ends: End debate and its result, Play again, and the question Back asks first.

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PROFILE = musicArguerProfileJson('Tester');
const settings = (theme: 'dark' | 'light') =>
  JSON.stringify({ theme, profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true });
const seed = (theme: 'dark' | 'light') => ({ user_profile: PROFILE, user_settings: settings(theme) });

const textbox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bubbles = (page: Page) => page.locator('[role=log] .message-text');
/** Each message's sender, in order: shown above the first of a group, said to screen readers only on the rest. */
const senders = (page: Page) =>
  page.locator('[role=log] li.message > .message-byline > .message-sender, [role=log] li.message > .visually-hidden');
const promptCard = (page: Page) => page.getByRole('region', { name: "Today's debate" });

/** Holds requests to an API route until released, so a phase can be looked at before it moves on. */
async function gate(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const open = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route: Route) => {
    await open;
    await route.continue();
  });
  return release;
}

async function send(page: Page, text: string): Promise<void> {
  await textbox(page).fill(text);
  await page.keyboard.press('Enter');
}

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/**
 * Plays a matched game to its second reply, checking each phase on the way; `tag` names its screenshots
 * and, when `audit` is set, axe runs on each phase. Returns the partner's name.
 */
async function playToConversation(page: Page, tag: string, audit: boolean): Promise<string> {
  const releasePrompt = await gate(page, '/api/ai/hot-takes/prompt');
  const releaseTake = await gate(page, '/api/ai/hot-takes/persona');

  // loading: a status while the partner is matched and the prompt is written; the input is disabled.
  await page.getByRole('heading', { level: 1, name: 'Hot Takes' }).waitFor();
  await page.getByText('Cooking up a debate topic...').waitFor();
  expect(await textbox(page).getAttribute('aria-disabled')).toBe('true');
  await screenshot(page, `hottakes-loading-${tag}`);
  releasePrompt();

  // user-response: partner and prompt shown; input disabled with a hint until the partner's take is ready.
  await promptCard(page).waitFor();
  const partner = ((await promptCard(page).locator('.hot-prompt-kicker strong').textContent()) ?? '').trim();
  expect(partner).not.toBe('');
  expect(((await promptCard(page).locator('.hot-prompt-text').textContent()) ?? '').trim().length).toBeGreaterThan(10);
  await page.getByText(`Waiting for ${partner}'s hot take...`).waitFor();
  expect(await textbox(page).getAttribute('aria-disabled')).toBe('true');
  expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
  await screenshot(page, `hottakes-waiting-${tag}`);
  if (audit) await expectAxeClean(page, `${tag} waiting`);
  releaseTake();
  await page.waitForFunction(() => !document.querySelector('textarea[aria-disabled="true"]'));
  await page.getByText(`${partner}'s take is locked in. Drop yours below!`).waitFor();
  await screenshot(page, `hottakes-ready-${tag}`);
  if (audit) await expectAxeClean(page, `${tag} ready`);

  // revealing: the system line 0.5 s after the first message, the partner's take 1 s later; input disabled.
  const sentAt = Date.now();
  await send(page, 'Pineapple absolutely belongs on pizza.');
  const revealLine = page.getByText(`Great! Here's what ${partner} said about this:`);
  await revealLine.waitFor();
  const revealedAt = Date.now();
  expect(revealedAt - sentAt).toBeGreaterThanOrEqual(450);
  expect(await textbox(page).getAttribute('aria-disabled')).toBe('true');
  await screenshot(page, `hottakes-revealing-${tag}`);
  await bubbles(page).nth(3).waitFor();
  // Timed from the earliest the take can arrive (1.5 s after the send), not from when this test saw it: on a
  // loaded machine the screenshot above can outlast the take's second, and a late look would eat the reply's wait.
  const takeAt = sentAt + 1500;
  expect(await senders(page).nth(3).textContent()).toBe(partner);
  expect(((await bubbles(page).nth(3).textContent()) ?? '').trim().length).toBeGreaterThan(5);

  // conversation: the brash reply about 1.5 s after the reveal, then later replies in 0.8-2 s.
  await page.waitForFunction(() => !document.querySelector('textarea[aria-disabled="true"]'));
  await bubbles(page).nth(4).waitFor({ timeout: 10_000 });
  expect(Date.now() - takeAt).toBeGreaterThanOrEqual(1300);
  expect(await senders(page).nth(4).textContent()).toBe(partner);
  const repliedAt = Date.now();
  await send(page, 'Sweet and salty is the whole point.');
  await bubbles(page).nth(6).waitFor({ timeout: 10_000 });
  expect(Date.now() - repliedAt).toBeGreaterThanOrEqual(700);
  expect(await senders(page).nth(6).textContent()).toBe(partner);
  await screenshot(page, `hottakes-conversation-${tag}`);
  if (audit) await expectAxeClean(page, `${tag} conversation`);
  return partner;
}

/** Ends a won debate with End debate and checks the result card: focus on its heading, the points, axe. */
async function endDebate(page: Page, tag: string): Promise<number> {
  const count = await bubbles(page).count();
  const points = 100 + 10 * (count - 4);
  const finish = promptCard(page).getByRole('button', { name: 'End debate' });
  await expect(finish.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).resolves.toBe(
    `You're winning: end the debate now for +${points} points, or keep going for more.`,
  );
  await finish.click();
  const heading = page.getByRole('heading', { name: `Debate won: +${points} points` });
  await heading.waitFor({ timeout: 10_000 });
  expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.getByRole('button', { name: 'Play again' }).waitFor();
  await page.getByRole('button', { name: 'Back to games' }).waitFor();
  expect(await textbox(page).getAttribute('aria-disabled')).toBe('true');
  await screenshot(page, `hottakes-result-${tag}`);
  await expectAxeClean(page, `result ${tag}`);
  return points;
}


/** Left before the debate counted: back on /games with no chat log and no points stored, and no page error; closes the page. */
async function expectBackAtGamesWithNothingRecorded(page: Page, errors: string[]): Promise<void> {
  await page.waitForURL('**/games');
  expect(await page.evaluate(() => localStorage.getItem('hottakes_chat_logs'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('user_leaderboard_stats'))).toBeNull();
  expect(errors).toEqual([]);
  await page.context().close();
}

describe('Hot Takes matched chat', () => {
  it('plays a full game; back with more than 4 messages says it records the win first, then saves the log with the partner and the win shows on the leaderboard', async () => {
    const { page, errors } = await openPage(browser, '/games/hottakes/chat', { viewport: PHONE, localStorage: seed('dark') });
    const partner = await playToConversation(page, 'dark-phone', true);
    expect(await bubbles(page).count()).toBe(7);

    const back = page.getByRole('button', { name: 'Back' });
    await back.click();
    const question = page.getByRole('alertdialog', { name: 'Leave the debate?' });
    await question.waitFor();
    await expect(question.textContent()).resolves.toContain(
      'Leaving now ends the debate and records a win: +130 points. The chat is saved in your chat logs.',
    );
    expect(await question.getByRole('button', { name: 'Keep debating' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // Asked, not yet counted.
    expect(await page.evaluate(() => localStorage.getItem('hottakes_chat_logs'))).toBeNull();
    await screenshot(page, 'hottakes-leave-dialog-dark-phone');
    await expectAxeClean(page, 'leave dialog dark phone');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await back.evaluate((el) => el === document.activeElement)).toBe(true);

    await back.click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/games');
    const logs = await page.evaluate(() => JSON.parse(localStorage.getItem('hottakes_chat_logs') ?? '[]') as { partner?: string; summary: string; messages: unknown[] }[]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ partner, summary: 'Hot Takes session with 6 messages' });
    expect(logs[0]!.messages).toHaveLength(7);

    // 7 messages → award 100 + 10 × 3 = 130 on top of the defaults (1250 points, 12 games, 65% of them won).
    await page.goto(page.url().replace('/games', '/leaderboard'));
    const summary = page.getByRole('region', { name: 'Your Stats Summary' });
    await summary.waitFor();
    const stat = (name: string) => summary.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
    await expect(stat('Total Points').textContent()).resolves.toBe('1,380');
    await expect(stat('Games Played').textContent()).resolves.toBe('13');
    await expect(stat('Hot Takes').textContent()).resolves.toBe('980');
    await expect(stat('Win Rate').textContent()).resolves.toBe('69%');
    await expect(stat('Streak').textContent()).resolves.toBe('6');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('leaving before the reveal saves nothing and records no win', async () => {
    const { page, errors } = await openPage(browser, '/games/hottakes/chat', { viewport: PHONE, localStorage: seed('dark') });
    await promptCard(page).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await expectBackAtGamesWithNothingRecorded(page, errors);
  });

  it('the partner dialog: keyboard open, focus inside, Add Friend → Already Friends, Escape returns focus', async () => {
    for (const [viewport, theme, size] of [[PHONE, 'dark', 'phone'], [DESKTOP, 'light', 'desktop']] as const) {
      const { page, errors } = await openPage(browser, '/games/hottakes/chat', { viewport, localStorage: seed(theme) });
      await promptCard(page).waitFor();
      const partner = ((await promptCard(page).locator('.hot-prompt-kicker strong').textContent()) ?? '').trim();
      const avatar = promptCard(page).getByRole('button', { name: `View ${partner}'s profile` });
      await avatar.focus();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: partner });
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await dialog.getByRole('heading', { name: 'Personality' }).waitFor();
      expect(await dialog.locator('.partner-dialog-interests li').count()).toBeGreaterThan(0);
      await screenshot(page, `hottakes-dialog-${theme}-${size}`);
      await expectAxeClean(page, `dialog ${theme}`);

      await dialog.getByRole('button', { name: 'Add Friend' }).click();
      const already = dialog.getByRole('button', { name: 'Already Friends' });
      await already.waitFor();
      expect(await already.isDisabled()).toBe(true);
      await dialog.getByText(`You're now friends with ${partner}!`).waitFor();
      const links = await page.evaluate(() => JSON.parse(localStorage.getItem('mycelius_friends') ?? '[]') as { user_id: string; friend_id: string }[]);
      expect(links).toHaveLength(1);
      expect(links[0]!.user_id).toBe('user-current');
      await screenshot(page, `hottakes-dialog-friends-${theme}-${size}`);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await avatar.evaluate((el) => el === document.activeElement)).toBe(true);

      // Reopened, the partner is now shown as a friend straight away.
      await avatar.click();
      await page.getByRole('dialog', { name: partner }).getByRole('button', { name: 'Already Friends' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('is axe-clean in the light theme and looks right on a desktop, the leave question and the result included', async () => {
    const { page, errors } = await openPage(browser, '/games/hottakes/chat', { viewport: DESKTOP, localStorage: seed('light') });
    const partner = await playToConversation(page, 'light-desktop', true);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('alertdialog', { name: 'Leave the debate?' }).waitFor();
    await screenshot(page, 'hottakes-leave-dialog-light-desktop');
    await expectAxeClean(page, 'leave dialog light desktop');
    await page.getByRole('button', { name: 'Keep debating' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });

    await endDebate(page, 'light-desktop');
    // On the result the header's avatar still opens the partner's profile.
    const avatar = page.locator('.chat-header').getByRole('button', { name: `View ${partner}'s profile` });
    await avatar.click();
    const dialog = page.getByRole('dialog', { name: partner });
    await dialog.getByRole('button', { name: 'Add Friend' }).waitFor({ timeout: 10_000 });
    await expectAxeClean(page, 'result partner dialog light desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await avatar.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('End debate shows "Debate won: +N points"; Play again starts a new game with a different prompt; the leaderboard has the points', async () => {
    const { page, errors } = await openPage(browser, '/games/hottakes/chat', { viewport: PHONE, localStorage: seed('dark') });
    await playToConversation(page, 'result-dark-phone', false);
    const firstPrompt = ((await promptCard(page).locator('.hot-prompt-text').textContent()) ?? '').trim();
    const count = await bubbles(page).count();
    await endDebate(page, 'dark-phone');
    const logs = await page.evaluate(() => JSON.parse(localStorage.getItem('hottakes_chat_logs') ?? '[]') as { summary: string }[]);
    expect(logs).toEqual([expect.objectContaining({ summary: `Hot Takes session with ${count - 1} messages` })]);

    await page.getByRole('button', { name: 'Play again' }).click();
    await promptCard(page).waitFor({ timeout: 10_000 });
    const nextPrompt = ((await promptCard(page).locator('.hot-prompt-text').textContent()) ?? '').trim();
    expect(nextPrompt.length).toBeGreaterThan(10);
    expect(nextPrompt).not.toBe(firstPrompt);
    await expect(bubbles(page).count()).resolves.toBe(1);
    await screenshot(page, 'hottakes-play-again-dark-phone');

    // Nothing said in the new game: Back leaves at once, and the board has the won game's points.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/games');
    await page.goto(page.url().replace('/games', '/leaderboard'));
    const summary = page.getByRole('region', { name: 'Your Stats Summary' });
    await summary.waitFor();
    const stat = (name: string) => summary.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
    // 100 + 10 per message beyond 4, on top of the defaults (1250 points, 850 Hot Takes, 12 games).
    const points = 100 + 10 * (count - 4);
    await expect(stat('Total Points').textContent()).resolves.toBe((1250 + points).toLocaleString('en-US'));
    await expect(stat('Hot Takes').textContent()).resolves.toBe(String(850 + points));
    await expect(stat('Games Played').textContent()).resolves.toBe('13');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('leaving after saying something asks first: nothing is counted or saved before the reveal', async () => {
    const { page, errors } = await openPage(browser, '/games/hottakes/chat', { viewport: DESKTOP, localStorage: seed('dark') });
    await page.waitForFunction(() => document.querySelector('textarea') && !document.querySelector('textarea[aria-disabled="true"]'), undefined, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Send 🔥' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    const question = page.getByRole('alertdialog', { name: 'Leave the debate?' });
    await question.waitFor();
    const partner = ((await promptCard(page).locator('.hot-prompt-kicker strong').textContent()) ?? '').trim();
    await expect(question.textContent()).resolves.toContain(`Nothing is counted or saved: a debate is won once ${partner} has answered your take.`);
    await screenshot(page, 'hottakes-leave-nothing-dark-desktop');
    await expectAxeClean(page, 'leave dialog dark desktop');
    await question.getByRole('button', { name: 'Leave' }).click();
    await expectBackAtGamesWithNothingRecorded(page, errors);
  });
});
