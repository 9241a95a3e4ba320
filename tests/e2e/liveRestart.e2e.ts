import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { signUpMember, type LiveMember, befriend, openLivePage } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// acceptance for a server restart mid-chat, in real Chromium against the real server: two member
// friends with their chat open in two browsers. The server stops: 'Reconnecting...'; what ada writes meanwhile
// shows at once as pending; a new server on the same port and database: bo gets each message once, in order,
// ada's marks move on, and a reload of both keeps the history. Then the same after a reload of ada while her
// messages still wait on the device: the page needs the server to load at all (there is no service worker),
// so ada's live socket alone is kept from the restarted server, by routing it in her browser.

type Member = LiveMember;

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

/** Opens the chat with `friend` and waits until the live socket has said 'ready'. */
async function openChat(member: Member, friend: Member) {
  await openLivePage(server, member.page, `/chat/${encodeURIComponent(friend.id)}`);
}

const messageTexts = (page: Page) => page.locator('.message-list .message-text').allTextContents();
const reconnecting = (page: Page) => page.getByText('Reconnecting...');
/** My message in the list; a pending one carries no mark. */
const mine = (page: Page, text: string) => page.locator('.message-list .message-mine', { hasText: text });

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
}

/** Waits for `text` in the chat and returns how long it took from `since`. */
async function arrives(page: Page, text: string, since: number, timeout: number): Promise<number> {
  await page.locator('.message-list .message-text', { hasText: text }).first().waitFor({ timeout });
  return Date.now() - since;
}

async function expectPending(page: Page, texts: string[]) {
  expect((await messageTexts(page)).slice(-texts.length)).toEqual(texts);
  // Queued on the device, not yet stored by the server: each says so.
  for (const text of texts) expect(await mine(page, text).locator('.message-note').allTextContents()).toEqual(['Waiting to send']);
}

describe('live chat across a server restart', () => {
  it('queues while the server is down, delivers once in order after the restart, and keeps the history, also across a reload', async () => {
    const ada = await signUpMember(browser, server, 'ada', PHONE);
    const bo = await signUpMember(browser, server, 'bo', DESKTOP);
    await befriend(server, ada, bo);
    await openChat(bo, ada);
    await openChat(ada, bo);
    await send(ada.page, 'Before the stop');
    await arrives(bo.page, 'Before the stop', Date.now(), 5_000);
    await mine(ada.page, 'Before the stop').locator('.message-note', { hasText: 'Read' }).waitFor({ timeout: 5_000 });

    // The server stops mid-chat: 'Reconnecting...'; ada's two messages show at once, pending, and reach no one.
    await server.halt();
    await reconnecting(ada.page).waitFor({ timeout: 10_000 });
    await send(ada.page, 'Down one');
    await send(ada.page, 'Down two');
    await expectPending(ada.page, ['Down one', 'Down two']);
    expect(await messageTexts(bo.page)).toEqual(['Before the stop']);

    // Same port, same database: bo gets each once, in order, within the reconnect backoff's 15 s cap of the
    // server answering, and ada's marks move from pending to read.
    await server.restart();
    const answered = Date.now();
    expect(await arrives(bo.page, 'Down two', answered, 20_000)).toBeLessThanOrEqual(17_000);
    const afterRestart = ['Before the stop', 'Down one', 'Down two'];
    expect(await messageTexts(bo.page)).toEqual(afterRestart);
    await reconnecting(ada.page).waitFor({ state: 'detached', timeout: 20_000 });
    await mine(ada.page, 'Down two').locator('.message-note', { hasText: 'Read' }).waitFor({ timeout: 10_000 });
    expect(await messageTexts(ada.page)).toEqual(afterRestart);
    expect(await messageTexts(bo.page)).toEqual(afterRestart);

    // A reload of both: the history, each message once.
    await openChat(bo, ada);
    await arrives(bo.page, 'Down two', Date.now(), 10_000);
    expect(await messageTexts(bo.page)).toEqual(afterRestart);
    await openChat(ada, bo);
    await arrives(ada.page, 'Down two', Date.now(), 10_000);
    expect(await messageTexts(ada.page)).toEqual(afterRestart);

    // Down again; ada writes two more, then reloads while they still wait on her device (her live socket is
    // refused, as by a server that is not there): the chat shows them as pending, after the history.
    await server.halt();
    await reconnecting(ada.page).waitFor({ timeout: 10_000 });
    await send(ada.page, 'Queued one');
    await send(ada.page, 'Queued two');
    await expectPending(ada.page, ['Queued one', 'Queued two']);
    let refuseLive = true;
    await ada.context.routeWebSocket(/\/api\/live$/, (route) => {
      if (refuseLive) void route.close({ code: 1011, reason: 'Not there' });
      else route.connectToServer();
    });
    await server.restart();
    await ada.page.goto(`${server.baseURL}/chat/${encodeURIComponent(bo.id)}`);
    await ada.page.getByRole('heading', { level: 1, name: 'bo' }).waitFor({ timeout: 10_000 });
    await reconnecting(ada.page).waitFor({ timeout: 10_000 });
    expect(await messageTexts(ada.page)).toEqual([...afterRestart, 'Queued one', 'Queued two']);
    await expectPending(ada.page, ['Queued one', 'Queued two']);
    await reconnecting(bo.page).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await messageTexts(bo.page)).toEqual(afterRestart);

    // Her socket reaches the server again: each arrives once, in order, and is one entry in her chat too.
    refuseLive = false;
    const everything = [...afterRestart, 'Queued one', 'Queued two'];
    await arrives(bo.page, 'Queued two', Date.now(), 30_000);
    expect(await messageTexts(bo.page)).toEqual(everything);
    await mine(ada.page, 'Queued two').locator('.message-note', { hasText: 'Read' }).waitFor({ timeout: 10_000 });
    expect(await messageTexts(ada.page)).toEqual(everything);

    // A last reload of both: the whole history, each message once.
    await openChat(bo, ada);
    await arrives(bo.page, 'Queued two', Date.now(), 10_000);
    expect(await messageTexts(bo.page)).toEqual(everything);
    await ada.page.goto(`${server.baseURL}/chat/${encodeURIComponent(bo.id)}`);
    await arrives(ada.page, 'Queued two', Date.now(), 10_000);
    expect(await messageTexts(ada.page)).toEqual(everything);
    expect(ada.errors).toEqual([]);
    expect(bo.errors).toEqual([]);
    await ada.context.close();
    await bo.context.close();
  }, 300_000);
});
