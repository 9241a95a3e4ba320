import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatLog, type ChatMessage } from '../../src/domain/chat';
import { allViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, screenshot, startBrowser } from './support/browser';

// Chats by keyboard: the solo Hot Takes chat opens with focus in the message box,
// Tab reaches Send next and then the emoji row, nothing inert (Attach, Voice, disabled buttons) is a Tab stop,
// the screen is a main landmark, and a saved log opens in full; axe-clean in both themes.

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const line = (i: number, text: string, sender = 'user'): ChatMessage => ({
  id: `m${i}`,
  text,
  sender,
  timestamp: new Date(NOW + i * 1000).toISOString(),
  type: 'text',
});
const LONG = 'Pineapple belongs on pizza and anyone who says otherwise has never had it with chilli oil on top.';
const SAVED = [
  line(1, LONG),
  line(2, 'Bold. Wrong, but bold.', 'other'),
  line(3, 'Sweet and salty is the whole point.'),
  line(4, 'Then put fruit on your steak.', 'other'),
  line(5, 'I would, honestly.'),
  line(6, 'Debate over.', 'other'),
  line(7, 'Last word is mine.'),
];
const LOGS = JSON.stringify([buildChatLog('Hot Takes', SAVED, NOW)]);

/** Every Tab stop of the page, in order, starting after the focused element and wrapping round to it. */
async function tabStops(page: Page): Promise<{ label: string | null; inert: boolean }[]> {
  const stops: { label: string | null; inert: boolean }[] = [];
  const start = await page.evaluateHandle(() => document.activeElement);
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => el === document.activeElement, start)) break;
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        const label = el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? null;
        const inert = el?.getAttribute('aria-disabled') === 'true' || (el instanceof HTMLButtonElement && el.disabled);
        return { label, inert };
      }),
    );
  }
  return stops;
}

const settings = (theme: 'dark' | 'light') =>
  JSON.stringify({ theme, profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true });

const textbox = (page: Page) => page.getByRole('main').getByRole('textbox', { name: 'Message' });
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? null;
  });

describe('chat by keyboard (/chat)', () => {
  for (const [label, viewport, theme] of [['phone', PHONE, 'dark'], ['desktop', DESKTOP, 'light']] as const) {
    it(`opens with focus in the message box, Tab reaches Send then the emojis, nothing inert is a Tab stop, and axe finds nothing (${label}, ${theme})`, async () => {
      const { page, errors } = await openPage(browser, '/chat', { viewport, localStorage: { hottakes_chat_logs: LOGS, user_settings: settings(theme) } });
      await page.getByRole('heading', { level: 1, name: 'Hot Takes' }).waitFor();
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('TEXTAREA');
      await expect(page.getByRole('main').getByRole('textbox', { name: 'Message' }).count()).resolves.toBe(1);

      await page.keyboard.type('Cereal is a soup.');
      const stops = await tabStops(page);
      // Message box, Send, then the ten emojis; Attach and Voice ('coming soon') are not Tab stops.
      expect(stops.slice(0, 3).map((s) => s.label)).toEqual(['Send message', 'Send 😂', 'Send 🔥']);
      expect(stops.filter((s) => s.label?.startsWith('Send ') && s.label !== 'Send message')).toHaveLength(10);
      expect(stops.filter((s) => s.inert)).toEqual([]);
      expect(stops.map((s) => s.label)).not.toContain('Attach (coming soon)');
      expect(stops.map((s) => s.label)).not.toContain('Voice (coming soon)');

      const violations = await allViolations(page);
      expect(violations).toEqual([]);
      await screenshot(page, `chat-keyboard-${label}`);

      // While the judges deliberate (1.2 s) the emojis are disabled: the row is then no Tab stop at all.
      await textbox(page).focus();
      await page.keyboard.press('Enter');
      await page.locator('.emoji-button:disabled').first().waitFor();
      const waiting = await tabStops(page);
      expect(waiting.filter((s) => s.inert)).toEqual([]);
      expect(waiting.map((s) => s.label)).not.toContain('Quick emojis');
      await page.getByText(/^Alright, the results are in!/).waitFor();
      await textbox(page).focus();

      await page.getByRole('button', { name: 'View Chat Logs' }).click();
      await page.getByRole('button', { name: 'Read full log' }).waitFor();
      await screenshot(page, `chat-logs-list-${label}`);
      await page.getByRole('button', { name: 'Read full log' }).click();
      const full = page.getByRole('article', { name: 'Hot Takes session with 7 messages' });
      await expect(full.locator('li').allTextContents()).resolves.toEqual([
        `You: ${LONG}`,
        'Hot Takes: Bold. Wrong, but bold.',
        'You: Sweet and salty is the whole point.',
        'Hot Takes: Then put fruit on your steak.',
        'You: I would, honestly.',
        'Hot Takes: Debate over.',
        'You: Last word is mine.',
      ]);
      await expect(page.getByRole('textbox').count()).resolves.toBe(0);
      expect((await allViolations(page)).filter((v) => v.impact !== 'minor')).toEqual([]);
      await screenshot(page, `chat-log-full-${label}`);

      await page.getByRole('button', { name: 'Back to logs' }).click();
      await expect(focused(page)).resolves.toBe('Read full log');
      expect(errors).toEqual([]);
    });
  }
});
