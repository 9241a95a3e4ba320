import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { befriend, expectNoPageErrorsAndClose, giveProfile, openLivePage, signUpMember, type LiveMember } from './support/liveMembers';
import { profileWith } from '../support/profiles';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// 'Show read receipts from others' and muting a chat in real Chromium against the real server, each member
// in a browser of their own: set-up (sign-up, profiles, friendships) through the API, every step under test
// through the screens. Reads off -> the sender never sees 'Read'; a chat muted from its More actions menu
// gives no notice, keeps its unread on its Conversations row but out of the Friends tab's count, holds after
// a reload and in a second tab, and Unmute brings the notices back.

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

async function member(name: string, viewport: { width: number; height: number }): Promise<LiveMember> {
  const m = await signUpMember(browser, server, name, viewport);
  await giveProfile(server, m, profileWith({ username: name, hobbies: 'Quiet evenings' }));
  return m;
}

const safetySection = (page: Page) => page.getByRole('region', { name: 'Privacy and safety' });

/** The page in both themes and both sizes the app is checked at (screenshots/ as the other e2e files). */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await screenshot(page, `${name}-${label}-${theme}`);
    }
  }
  await page.evaluate(() => document.documentElement.classList.toggle('dark', true));
  if (size) await page.setViewportSize(size);
}

/** Whether a 'Read' note or a live notice ever shows on the page from now on (a recorder in the page). */
async function recordFromNow(page: Page) {
  await page.evaluate(() => {
    const seen = { read: false, notices: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const look = () => {
      for (const note of document.querySelectorAll('.message-note')) if (note.textContent?.includes('Read')) seen.read = true;
      for (const notice of document.querySelectorAll('.people-notice p')) {
        const text = notice.textContent ?? '';
        if (!seen.notices.includes(text)) seen.notices.push(text);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    look();
  });
}
const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { __seen: { read: boolean; notices: string[] } }).__seen);

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
}

const rowOf = (page: Page, name: string) => page.getByRole('link').filter({ has: page.locator('.conversation-name', { hasText: name }) });

describe('Read receipts shown and muted chats between members', () => {
  it("'Show read receipts from others' off: the sender never sees 'Read', live or after a reload", async () => {
    const ada = await member('ada_seen', PHONE);
    const bo = await member('bo_seen', DESKTOP);
    await befriend(server, ada, bo);

    await ada.page.goto(`${server.baseURL}/settings`);
    const shown = safetySection(ada.page).getByRole('switch', { name: 'Show read receipts from others' });
    await expect.poll(() => shown.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await shown.getAttribute('aria-checked')).toBe('true');
    const saved = ada.page.waitForResponse((response) => response.url().endsWith('/api/me/safety') && response.request().method() === 'PUT');
    await shown.click();
    expect((await saved).status()).toBe(200);
    expect(await shown.getAttribute('aria-checked')).toBe('false');
    // Separate: ada still sends her own.
    expect(await safetySection(ada.page).getByRole('switch', { name: 'Send read receipts' }).getAttribute('aria-checked')).toBe('true');
    expect(await seriousViolations(ada.page)).toEqual([]);
    await shots(ada.page, 'settings-show-read-receipts');

    await openLivePage(server, ada.page, `/chat/${bo.id}`);
    await recordFromNow(ada.page);
    await send(ada.page, 'Did you read this?');
    await openLivePage(server, bo.page, `/chat/${ada.id}`);
    await bo.page.locator('.message-list .message-text', { hasText: 'Did you read this?' }).waitFor({ timeout: 10_000 });
    await send(bo.page, 'I did');
    // bo's answer comes after his read on the same socket and bus: had it been told, ada would have it.
    await ada.page.locator('.message-list .message-text', { hasText: 'I did' }).waitFor({ timeout: 10_000 });
    expect((await seenOn(ada.page)).read).toBe(false);
    await ada.page.locator('.message-note', { hasText: 'Delivered' }).waitFor();
    // ada sends her receipts: bo sees his answer read.
    await bo.page.locator('.message-note', { hasText: 'Read' }).waitFor({ timeout: 10_000 });

    await openLivePage(server, ada.page, `/chat/${bo.id}`);
    await ada.page.locator('.message-list .message-text', { hasText: 'Did you read this?' }).waitFor();
    await ada.page.locator('.message-note', { hasText: 'Delivered' }).waitFor();
    expect(await ada.page.locator('.message-note', { hasText: 'Read' }).count()).toBe(0);

    await expectNoPageErrorsAndClose(ada, bo);
  }, 300_000);

  it('a chat muted from its More actions menu gives no notice and stays out of the tab count, on every tab, until Unmute', async () => {
    const cy = await member('cy_mute', DESKTOP);
    const dee = await member('dee_mute', PHONE);
    await befriend(server, cy, dee);
    await openLivePage(server, dee.page, `/chat/${cy.id}`);
    await send(dee.page, 'First, before any mute');

    // cy mutes dee's chat from the chat's own menu.
    await openLivePage(server, cy.page, `/chat/${dee.id}`);
    await cy.page.locator('.message-list .message-text', { hasText: 'First, before any mute' }).waitFor({ timeout: 10_000 });
    await cy.page.getByRole('button', { name: 'More actions for dee_mute' }).click();
    const muteItem = cy.page.getByRole('button', { name: 'Mute', exact: true });
    await muteItem.waitFor();
    expect(await seriousViolations(cy.page)).toEqual([]);
    await shots(cy.page, 'chat-more-actions-mute');
    const muted = cy.page.waitForResponse((response) => response.url().endsWith(`/api/chats/${dee.id}/mute`) && response.request().method() === 'PUT');
    await muteItem.click();
    expect((await muted).status()).toBe(200);
    await cy.page.locator('.chat-header').getByRole('img', { name: 'Muted' }).waitFor();

    // Away from that chat, dee writes: no notice, the row counts it, the Friends tab does not.
    await openLivePage(server, cy.page, '/friends');
    await recordFromNow(cy.page);
    await send(dee.page, 'Muted hello');
    const row = rowOf(cy.page, 'dee_mute');
    await row.getByText('1 unread message').waitFor({ timeout: 10_000 });
    await row.getByRole('img', { name: 'Muted' }).waitFor();
    expect(await cy.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends', exact: true }).count()).toBe(1);
    expect(await cy.page.locator('.nav-badge').count()).toBe(0);
    expect((await seenOn(cy.page)).notices).toEqual([]);
    expect(await seriousViolations(cy.page)).toEqual([]);
    await shots(cy.page, 'conversations-muted');

    // It holds after a reload and in a second tab.
    await openLivePage(server, cy.page, '/friends');
    await rowOf(cy.page, 'dee_mute').getByRole('img', { name: 'Muted' }).waitFor({ timeout: 10_000 });
    const second = await cy.context.newPage();
    second.on('pageerror', (error) => cy.errors.push(String(error)));
    await openLivePage(server, second, '/friends');
    await rowOf(second, 'dee_mute').getByRole('img', { name: 'Muted' }).waitFor({ timeout: 10_000 });
    await recordFromNow(cy.page);
    await send(dee.page, 'Still muted');
    await rowOf(second, 'dee_mute').getByText('2 unread messages').waitFor({ timeout: 10_000 });
    await rowOf(cy.page, 'dee_mute').getByText('2 unread messages').waitFor({ timeout: 10_000 });
    expect((await seenOn(cy.page)).notices).toEqual([]);

    // Unmute in the second tab: the first tab's row loses its mark at once, and dee's next message is told there.
    await openLivePage(server, second, `/chat/${dee.id}`);
    await second.getByRole('button', { name: 'More actions for dee_mute' }).click();
    await second.getByRole('button', { name: 'Unmute', exact: true }).click();
    await expect.poll(() => rowOf(cy.page, 'dee_mute').getByRole('img', { name: 'Muted' }).count(), { timeout: 10_000 }).toBe(0);
    await openLivePage(server, second, '/friends');
    await send(dee.page, 'Loud again');
    await cy.page.locator('.people-notice', { hasText: 'New message from dee_mute' }).waitFor({ timeout: 10_000 });
    await cy.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends, 1 unread message' }).waitFor({ timeout: 10_000 });

    await second.close();
    await expectNoPageErrorsAndClose(cy, dee);
  }, 300_000);
});
