import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatLog, type ChatMessage } from '../../src/domain/chat';
import { allViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, screenshot, startBrowser } from './support/browser';

// Chats by keyboard (issue 15, item 7): the solo Hot Takes chat opens with focus in the message box,
// Tab reaches Send next, the screen is a main landmark, and a saved log opens in full.

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

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? null;
  });

describe('chat by keyboard (/chat)', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`opens with focus in the message box, Tab reaches Send, and axe finds no landmark issue (${label})`, async () => {
      const { page, errors } = await openPage(browser, '/chat', { viewport, localStorage: { hottakes_chat_logs: LOGS } });
      await page.getByRole('heading', { level: 1, name: 'Hot Takes' }).waitFor();
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('TEXTAREA');
      await expect(page.getByRole('main').getByRole('textbox', { name: 'Message' }).count()).resolves.toBe(1);

      await page.keyboard.type('Cereal is a soup.');
      await page.keyboard.press('Tab');
      await expect(focused(page)).resolves.toBe('Send message');

      const violations = await allViolations(page);
      const landmarkIssues = violations.filter((v) => v.id === 'region' || v.id.startsWith('landmark'));
      expect(landmarkIssues).toEqual([]);
      expect(violations.filter((v) => v.impact !== 'minor')).toEqual([]);
      await screenshot(page, `chat-keyboard-${label}`);

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
