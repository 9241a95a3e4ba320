import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_REPLIES, type BotGameId } from '../../src/domain/botReplies';
import { buildChatLog, welcomeMessage } from '../../src/domain/chat';
import { GAMES } from '../../src/domain/games';
import { seriousViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, recordDialogs, screenshot, startBrowser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 10, 12, 0, 0);

/** Ten saved sessions of a game, newest first: session 10 (newest) to session 1 (oldest). */
function tenLogs(game: BotGameId = 'killmyvibe'): string {
  const logs = Array.from({ length: 10 }, (_, i) => {
    const n = 10 - i;
    const at = BASE + n * DAY;
    const messages = [welcomeMessage(GAMES[game].welcome, at), { id: `${at}-1`, text: `seeded session ${n}`, sender: 'user', timestamp: new Date(at).toISOString(), type: 'text' as const }];
    return buildChatLog(GAMES[game].name, messages, at);
  });
  return JSON.stringify(logs);
}

const textbox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bubbles = (page: Page) => page.locator('[role=log] .message-text');
const storedLogs = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { summary: string; messages: { text: string; type: string }[] }[], key);

describe('bot game chats', () => {
  it('round trip: send, a reply within 3.5 s, emoji, Shift+Enter, disabled send, logs, back saves, eleventh log drops the oldest', async () => {
    const { page, errors } = await openPage(browser, '/games/killmyvibe/chat', { localStorage: { killmyvibe_chat_logs: tenLogs() } });
    await page.getByRole('heading', { level: 1, name: 'Kill My Vibe' }).waitFor();
    await expect(bubbles(page).allTextContents()).resolves.toEqual([GAMES.killmyvibe.welcome]);
    const send = page.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await textbox(page).fill('   ');
    expect(await send.isDisabled()).toBe(true);

    // The box grows with its text between 44 and 120 px, then scrolls.
    const height = () => textbox(page).evaluate((el) => el.getBoundingClientRect().height);
    await textbox(page).fill('');
    expect(await height()).toBe(44);
    await textbox(page).fill('line\n'.repeat(3));
    const three = await height();
    expect(three).toBeGreaterThan(44);
    expect(three).toBeLessThan(120);
    await textbox(page).fill('line\n'.repeat(12));
    expect(await height()).toBe(120);
    await textbox(page).fill('');
    expect(await height()).toBe(44);
    await textbox(page).click();
    await page.keyboard.type('I only listen to polka');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('and sea shanties ');
    expect(await textbox(page).inputValue()).toBe('I only listen to polka\nand sea shanties ');
    const sentAt = Date.now();
    await page.keyboard.press('Enter');
    expect(await textbox(page).inputValue()).toBe('');
    await expect(bubbles(page).nth(1).textContent()).resolves.toBe('I only listen to polka\nand sea shanties ');
    await page.getByText('Kill My Vibe is typing...').waitFor();
    await bubbles(page).nth(2).waitFor({ timeout: 3500 });
    expect(Date.now() - sentAt).toBeLessThan(3500);
    expect(BOT_REPLIES.killmyvibe).toContain(await bubbles(page).nth(2).textContent());

    await page.getByRole('button', { name: 'Send 🔥' }).click();
    await expect(bubbles(page).nth(3).textContent()).resolves.toBe('🔥');
    // An emoji gets no reply: nothing is on its way.
    expect(await page.getByText('Kill My Vibe is typing...').count()).toBe(0);
    expect(await bubbles(page).count()).toBe(4);

    await page.getByRole('button', { name: 'View Chat Logs' }).click();
    await page.getByRole('heading', { level: 2, name: 'Kill My Vibe session with 1 messages' }).first().waitFor();
    await screenshot(page, 'chat-logs-phone');
    await page.getByRole('button', { name: 'Back to Chat' }).click();
    await expect(bubbles(page).count()).resolves.toBe(4);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/games');
    const logs = await storedLogs(page, 'killmyvibe_chat_logs');
    expect(logs).toHaveLength(10);
    expect(logs[0]!.summary).toBe('Kill My Vibe session with 3 messages');
    expect(logs.map((l) => l.messages[1]!.text)).not.toContain('seeded session 1');
    expect(logs[9]!.messages[1]!.text).toBe('seeded session 2');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('markup shows as text and runs nothing; 5,000 characters and emoji-only messages are stored and shown whole', async () => {
    const { page, errors } = await openPage(browser, '/games/patchnotes/chat');
    const dialogs = recordDialogs(page);
    await page.getByRole('heading', { level: 1, name: 'Patch Notes' }).waitFor();
    const xss = '<img src=x onerror=alert(1)>';
    const long = Array.from({ length: 5000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const emojiOnly = '🦆🔥💀';
    for (const text of [xss, long, emojiOnly]) {
      await textbox(page).fill(text);
      await page.keyboard.press('Enter');
    }
    await page.getByText(xss, { exact: true }).waitFor();
    expect(await page.locator('[role=log] img').count()).toBe(0);
    const shownLong = page.locator('[role=log] .message-text', { hasText: long.slice(0, 40) });
    expect(await shownLong.textContent()).toBe(long);
    // Shown whole: wrapped inside the list, no sideways overflow, nothing clipped.
    const fits = await shownLong.evaluate((el) => {
      const log = el.closest('[role=log]')!;
      return { overflowX: log.scrollWidth <= log.clientWidth, clipped: el.scrollHeight > el.clientHeight + 1 };
    });
    expect(fits).toEqual({ overflowX: true, clipped: false });
    await page.getByText(emojiOnly, { exact: true }).waitFor();
    await screenshot(page, 'chat-long-phone');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/games');
    const [log] = await storedLogs(page, 'patchnotes_chat_logs');
    const texts = log!.messages.map((m) => m.text);
    expect(texts).toContain(xss);
    expect(texts).toContain(long);
    expect(texts).toContain(emojiOnly);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is usable by keyboard alone: tab to the box, type, send, tab to an emoji, open the logs and come back', async () => {
    const { page } = await openPage(browser, '/games/fightclub/chat', { viewport: DESKTOP });
    await page.getByRole('heading', { level: 1, name: 'Fight Club' }).waitFor();
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    // Tab from the top until the message box has focus.
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      if (await textbox(page).evaluate((el) => el === document.activeElement)) break;
    }
    expect(await textbox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Goku vs Superman');
    await page.keyboard.press('Enter');
    await expect(bubbles(page).nth(1).textContent()).resolves.toBe('Goku vs Superman');
    expect(await textbox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Back up to the emoji row and send one with the keyboard.
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab');
      if ((await focusedName()).startsWith('Send ') && (await focusedName()) !== 'Send message') break;
    }
    const emoji = (await focusedName()).replace('Send ', '');
    await page.keyboard.press('Enter');
    await page.locator('[role=log] .message-emoji .message-text', { hasText: emoji }).waitFor();
    // Logs toggle by keyboard.
    for (let i = 0; i < 40 && (await focusedName()) !== 'View Chat Logs'; i += 1) await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('View Chat Logs');
    await page.keyboard.press('Enter');
    await page.getByText('No chat logs yet. Start a conversation!').waitFor();
    expect(await focusedName()).toBe('Back to Chat');
    await page.keyboard.press('Enter');
    await textbox(page).waitFor();
    await page.context().close();
  });

  it('has no serious axe violations in both themes, and looks finished on a phone and a desktop', async () => {
    for (const theme of ['dark', 'light'] as const) {
      const settings = JSON.stringify({ theme, profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true });
      for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
        const { page } = await openPage(browser, '/games/guiltypleasure/chat', {
          viewport,
          localStorage: { user_settings: settings, guiltypleasure_chat_logs: tenLogs('guiltypleasure') },
        });
        await page.getByRole('heading', { level: 1, name: 'Guilty Pleasure Guess' }).waitFor();
        await textbox(page).fill('Mine is a 2003 boy band ballad.\nDon\'t tell anyone!');
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: 'Send 😂' }).click();
        await bubbles(page).nth(3).waitFor({ timeout: 3500 });
        await textbox(page).fill('Wait, how did you know?');
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `chat-${theme}-${label}`);
        await page.getByRole('button', { name: 'View Chat Logs' }).click();
        await page.getByRole('heading', { level: 2, name: /session with/ }).first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `chat-logs-${theme}-${label}`);
        await page.context().close();
      }
    }
  });
});
