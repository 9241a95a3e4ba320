import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { signUpMember, befriend, openLivePage } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// chat between members in real Chromium against the real server: two members who are friends,
// each in a browser of their own. A message reaches the other within 1 s without a reload; typing and the
// read mark show; messages written offline arrive once each, in order; a reload keeps the history; the
// conversation list and the unread count on the Friends tab follow.

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

const messageTexts = (page: Page) => page.locator('.message-list .message-text').allTextContents();
const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string) {
  await box(page).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
}

/** Waits for `text` in the chat and returns how long it took from `since`. */
async function arrives(page: Page, text: string, since: number, timeout = 5_000): Promise<number> {
  await page.locator('.message-list .message-text', { hasText: text }).first().waitFor({ timeout });
  return Date.now() - since;
}

describe('live chat between two members', () => {
  it('delivers live, shows typing and marks, survives offline and reload, and keeps the conversation list and badge', async () => {
    const ada = await signUpMember(browser, server, 'ada', PHONE);
    const bo = await signUpMember(browser, server, 'bo', DESKTOP);
    await befriend(server, ada, bo);

    // bo waits on Friends; ada opens the chat from her Friends list (the member friend's Chat link).
    await openLivePage(server, bo.page, '/friends');
    await openLivePage(server, ada.page, '/friends');
    await ada.page.getByRole('listitem').filter({ has: ada.page.getByRole('heading', { name: 'bo', exact: true }) }).getByRole('link', { name: 'Chat' }).click();
    await ada.page.getByRole('heading', { level: 1, name: 'bo' }).waitFor();
    // Focus lands in the message box, as in every chat.
    await expect.poll(() => ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)).toBe('TEXTAREA');
    // bo is online (his socket is open): the dot beside his name.
    await ada.page.locator('.chat-header').getByText('Online').waitFor({ state: 'attached', timeout: 5_000 });

    // ada writes; bo's Friends shows the conversation and the Friends tab the unread count, without a reload.
    await send(ada.page, 'Hello bo');
    const conversations = bo.page.getByRole('region', { name: 'Conversations' });
    const row = conversations.getByRole('link').filter({ hasText: 'ada' });
    await row.filter({ hasText: 'Hello bo' }).waitFor({ timeout: 5_000 });
    await row.filter({ hasText: '1 unread message' }).waitFor({ timeout: 5_000 });
    await bo.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends, 1 unread message', exact: true }).waitFor({ timeout: 5_000 });
    // Delivered to bo's open socket.
    await ada.page.locator('.message-note', { hasText: 'Delivered' }).waitFor({ timeout: 5_000 });
    expect(await seriousViolations(bo.page)).toEqual([]);
    await screenshot(bo.page, 'live-chat-friends-conversations-desktop');

    // bo opens the chat from the list: ada's message is there, and ada sees it read.
    await row.click();
    await bo.page.getByRole('heading', { level: 1, name: 'ada' }).waitFor();
    await arrives(bo.page, 'Hello bo', Date.now());
    await ada.page.locator('.message-note', { hasText: 'Read' }).waitFor({ timeout: 5_000 });

    // Live both ways within 1 s, no reload.
    let at = Date.now();
    await send(ada.page, 'Are you there?');
    expect(await arrives(bo.page, 'Are you there?', at)).toBeLessThanOrEqual(1_000);
    at = Date.now();
    await send(bo.page, 'Right here!');
    expect(await arrives(ada.page, 'Right here!', at)).toBeLessThanOrEqual(1_000);

    // Typing: bo sees it while ada types, and it lapses when she stops.
    await box(ada.page).pressSequentially('Typing a long');
    await bo.page.getByText('ada is typing...').waitFor({ timeout: 3_000 });
    await bo.page.getByText('ada is typing...').waitFor({ state: 'detached', timeout: 8_000 });
    await box(ada.page).fill('');
    expect(await seriousViolations(ada.page)).toEqual([]);
    await screenshot(ada.page, 'live-chat-member-phone');
    await screenshot(bo.page, 'live-chat-member-desktop');

    // ada offline: two messages wait on her device (shown at once), then arrive once each, in order.
    await ada.context.setOffline(true);
    await ada.page.getByText("You're offline. Messages will be sent when you reconnect.").waitFor({ timeout: 5_000 });
    await send(ada.page, 'Offline one');
    await send(ada.page, 'Offline two');
    expect((await messageTexts(ada.page)).slice(-2)).toEqual(['Offline one', 'Offline two']);
    await ada.context.setOffline(false);
    await arrives(bo.page, 'Offline two', Date.now(), 30_000);
    const seen = await messageTexts(bo.page);
    expect(seen).toEqual(['Hello bo', 'Are you there?', 'Right here!', 'Offline one', 'Offline two']);

    // A reload keeps the history, in order, each message once.
    await openLivePage(server, bo.page, `/chat/${encodeURIComponent(ada.id)}`);
    await arrives(bo.page, 'Offline two', Date.now(), 10_000);
    expect(await messageTexts(bo.page)).toEqual(seen);
    await openLivePage(server, ada.page, `/chat/${encodeURIComponent(bo.id)}`);
    await arrives(ada.page, 'Offline two', Date.now(), 10_000);
    expect(await messageTexts(ada.page)).toEqual(seen);

    // Back on Friends, nothing is unread for bo any more.
    await openLivePage(server, bo.page, '/friends');
    await conversations.getByRole('link').filter({ hasText: 'ada' }).filter({ hasText: 'Offline two' }).waitFor({ timeout: 5_000 });
    expect(await conversations.getByText(/unread message/).count()).toBe(0);
    await bo.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends', exact: true }).waitFor();
    await openLivePage(server, ada.page, '/friends');
    // Her own last message reads as hers.
    await ada.page.getByRole('region', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'You: Offline two' }).waitFor({ timeout: 5_000 });
    await screenshot(ada.page, 'live-chat-friends-conversations-phone');
    expect(ada.errors).toEqual([]);
    expect(bo.errors).toEqual([]);
    await ada.context.close();
    await bo.context.close();
  }, 240_000);
});
