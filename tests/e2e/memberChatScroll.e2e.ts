import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { connect, liveUrl } from '../server/live/support/liveClient';
import { signUpMember, type LiveMember, befriend } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// Scrolling in a member chat on a phone: 'Load earlier' puts older messages above without moving what the
// reader was looking at, and the emoji row under the message box scrolls sideways so every emoji is reachable.
// The history is stored through the API; what is checked is what the page shows.

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

/**
 * Stores `text` from `from` to `to` as the app sends a message: a frame on /api/live, stored once the server
 * acks it. A member may send 20 messages in 10 s, so a TOO_MANY_MESSAGES answer waits a second and sends again.
 */
async function store(from: LiveMember, to: LiveMember, clientId: string, text: string): Promise<void> {
  const session = (await from.context.cookies(server.baseURL)).find((cookie) => cookie.name === 'mycelius_session')?.value;
  const tab = connect(liveUrl(server.baseURL), { session, origin: server.baseURL });
  try {
    for (;;) {
      const heard = tab.frames.length;
      tab.send({ type: 'send', to: to.id, clientId, text });
      // This send's answer: an ack, or an error naming its client id, heard after it went out.
      const answer = await tab.waitFor((frame) => tab.frames.indexOf(frame) >= heard && (frame.type === 'ack' || frame.type === 'error') && (frame as { clientId?: string }).clientId === clientId, 10_000);
      if (answer.type === 'ack') return;
      expect((answer as { code?: string }).code, text).toBe('TOO_MANY_MESSAGES');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await tab.close();
  }
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubbles = (page: Page) => log(page).locator('.message-text');

describe('scrolling a member chat on a phone', () => {
  it("'Load earlier' keeps the message that was at the top in place, with the earlier messages above it", async () => {
    const [ivy, jon] = await Promise.all([signUpMember(browser, server, 'ivy', PHONE), signUpMember(browser, server, 'jon', PHONE)]);
    await befriend(server, ivy, jon);
    // 56 messages, taking turns: one page of history is the newest 50, so the first 6 wait behind 'Load earlier'.
    const texts = Array.from({ length: 56 }, (_, i) => `Message ${String(i + 1)} of the long chat`);
    for (const [i, text] of texts.entries()) {
      const [from, to] = i % 2 === 0 ? [ivy, jon] : [jon, ivy];
      await store(from, to, `scroll-${String(i)}`, text);
    }

    const page = ivy.page;
    await page.goto(`${server.baseURL}/chat/${jon.id}`);
    await bubbles(page).filter({ hasText: 'Message 56 of the long chat' }).waitFor();
    expect(await bubbles(page).count()).toBe(50);

    // The reader scrolls up to the oldest message shown; it sits right under 'Load earlier'.
    await log(page).evaluate((el) => (el.scrollTop = 0));
    const earlier = page.getByRole('button', { name: 'Load earlier' });
    await earlier.waitFor();
    const anchor = bubbles(page).filter({ hasText: /^Message 7 of the long chat$/ });
    const before = await anchor.boundingBox();
    expect(before).not.toBeNull();
    const logBox = await log(page).boundingBox();
    expect(before!.y).toBeGreaterThanOrEqual(logBox!.y);
    expect(before!.y + before!.height).toBeLessThanOrEqual(logBox!.y + logBox!.height);

    await earlier.click();
    await bubbles(page).filter({ hasText: /^Message 1 of the long chat$/ }).waitFor();
    expect(await bubbles(page).count()).toBe(56);
    // Nothing older is left, so the button goes.
    await earlier.waitFor({ state: 'detached' });
    const after = await anchor.boundingBox();
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(4);
    expect(Math.abs(after!.x - before!.x)).toBeLessThanOrEqual(1);

    // The six earlier messages are above it, in order, and the list starts with the first one ever sent.
    const shown = await bubbles(page).allTextContents();
    expect(shown.slice(0, 7)).toEqual(texts.slice(0, 7));
    const sixth = await bubbles(page).filter({ hasText: /^Message 6 of the long chat$/ }).boundingBox();
    expect(sixth!.y + sixth!.height).toBeLessThanOrEqual(after!.y);
    // And the reader reaches them by scrolling up.
    await log(page).evaluate((el) => (el.scrollTop = 0));
    const first = await bubbles(page).first().boundingBox();
    expect(first!.y).toBeGreaterThanOrEqual((await log(page).boundingBox())!.y);

    for (const m of [ivy, jon]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  });

  it('the emoji row scrolls sideways at 390 px, and its last emoji scrolls into view and sends', async () => {
    const [kai, lou] = await Promise.all([signUpMember(browser, server, 'kai', PHONE), signUpMember(browser, server, 'lou', PHONE)]);
    await befriend(server, kai, lou);
    const page = kai.page;
    await page.goto(`${server.baseURL}/chat/${lou.id}`);
    const row = page.getByRole('group', { name: 'Quick emojis' });
    const buttons = row.getByRole('button');
    await buttons.first().waitFor();
    expect(await buttons.count()).toBe(10);

    // Wider than the phone: the row scrolls instead of clipping or widening the page.
    const widths = await row.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const last = buttons.last();
    const rowBox = (await row.boundingBox())!;
    const hidden = (await last.boundingBox())!;
    expect(hidden.x + hidden.width).toBeGreaterThan(rowBox.x + rowBox.width);

    // A sideways swipe (a horizontal wheel) over the row brings the last emoji fully into view.
    await page.mouse.move(rowBox.x + rowBox.width / 2, rowBox.y + rowBox.height / 2);
    await page.mouse.wheel(widths.scroll, 0);
    await expect.poll(() => row.evaluate((el) => Math.ceil(el.scrollLeft + el.clientWidth) >= el.scrollWidth), { timeout: 5_000 }).toBe(true);
    const shown = (await last.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(rowBox.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 1);

    // Pressed, it is sent: the emoji shows as kai's message.
    const label = (await last.getAttribute('aria-label')) ?? '';
    const emoji = label.replace(/^Send /, '');
    expect(emoji).not.toBe('');
    await last.click();
    await bubbles(page).filter({ hasText: emoji }).waitFor();
    await log(page).getByText('Sent', { exact: true }).waitFor();

    for (const m of [kai, lou]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  });
});
