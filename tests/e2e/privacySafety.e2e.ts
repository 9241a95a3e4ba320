import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { befriend, expectNoPageErrorsAndClose, giveProfile, openLivePage, signUpMember, type LiveMember } from './support/liveMembers';
import { profileWith } from '../support/profiles';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// Settings' 'Privacy and safety' in real Chromium against the real server, each member in a browser of their
// own: set-up (sign-up, profiles, friendships) through the API, every step under test through the screens.
// 'No one' refuses and the card reads 'Not accepting requests'; 'Friends of friends' lets in exactly those;
// 'Send read receipts' off and the other side never sees 'Read'; typing off and no '{name} is typing...'.

// A taste nobody else in the e2e database has, so these three rank first on each other's Discover.
const profileOf = (username: string) =>
  profileWith({ username, hobbies: 'Kite building', musicGenres: ['Zydeco', 'Gamelan'], favoriteGames: ['Outer Wilds'], favoriteShows: ['Twin Peaks'] });

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

async function member(name: string, viewport: { width: number; height: number }): Promise<LiveMember> {
  const m = await signUpMember(browser, server, name, viewport);
  await giveProfile(server, m, profileOf(name));
  return m;
}

const cardOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const safetySection = (page: Page) => page.getByRole('region', { name: 'Privacy and safety' });

/** Makes a choice on the Settings screen and waits until the server has it. */
async function choose(page: Page, control: ReturnType<Page['getByRole']>) {
  await control.waitFor();
  await expect.poll(() => control.isEnabled(), { timeout: 10_000 }).toBe(true);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/me/safety') && response.request().method() === 'PUT');
  await control.click();
  expect((await saved).status()).toBe(200);
}

async function openSettings(page: Page) {
  await page.goto(`${server.baseURL}/settings`);
  await safetySection(page).getByRole('heading', { name: 'Privacy and safety' }).waitFor();
}

/** Whether '{name} is typing...' or a 'Read' note ever shows on the page from now on (a recorder in the page). */
async function recordNeverShown(page: Page) {
  await page.evaluate(() => {
    const seen = { typing: false, read: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const look = () => {
      if (document.querySelector('.typing-indicator')) seen.typing = true;
      for (const note of document.querySelectorAll('.message-note')) if (note.textContent?.includes('Read')) seen.read = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    look();
  });
}
const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { __seen: { typing: boolean; read: boolean } }).__seen);

describe("'Privacy and safety' between members", () => {
  it("refuses requests by the setting, lets friends of friends in, and keeps reads and typing private", async () => {
    const ada = await member('ada_priv', PHONE);
    const bo = await member('bo_priv', DESKTOP);
    const cy = await member('cy_priv', PHONE);
    await befriend(server, bo, cy);

    // bo: 'No one', through the screen.
    await openSettings(bo.page);
    const group = safetySection(bo.page).getByRole('group', { name: 'Who can send you friend requests' });
    expect(await group.getByRole('radio').count()).toBe(3);
    expect(await group.getByRole('radio', { name: 'Everyone' }).isChecked()).toBe(true);
    await choose(bo.page, group.getByRole('radio', { name: 'No one' }));
    expect(await seriousViolations(bo.page)).toEqual([]);
    await screenshot(bo.page, 'settings-privacy-safety-desktop');

    // ada's Discover: bo's button reads 'Not accepting requests' and cannot be pressed; so does cy's, bo's friend.
    await ada.page.goto(`${server.baseURL}/dashboard`);
    const closed = cardOf(ada.page, 'bo_priv').getByRole('button', { name: 'Not accepting requests' });
    await closed.waitFor({ timeout: 15_000 });
    expect(await closed.isDisabled()).toBe(true);
    await cy.page.goto(`${server.baseURL}/dashboard`);
    // cy is bo's friend already: the card says so, not 'Not accepting requests'.
    await cardOf(cy.page, 'bo_priv').getByRole('button', { name: 'Friend Added!' }).waitFor({ timeout: 15_000 });
    await screenshot(ada.page, 'discover-not-accepting-requests-phone');

    // 'Friends of friends': ada has no friend in common with bo, so still no; once ada and cy are friends, she may ask.
    await choose(bo.page, group.getByRole('radio', { name: 'Friends of friends' }));
    await ada.page.reload();
    await cardOf(ada.page, 'bo_priv').getByRole('button', { name: 'Not accepting requests' }).waitFor({ timeout: 15_000 });
    await befriend(server, ada, cy);
    await ada.page.reload();
    const add = cardOf(ada.page, 'bo_priv').getByRole('button', { name: 'Add Friend' });
    await add.waitFor({ timeout: 15_000 });
    await add.click();
    await cardOf(ada.page, 'bo_priv').getByRole('button', { name: 'Request sent' }).waitFor();

    // bo accepts (set-up), then switches off 'Send read receipts' and 'Send typing indicator' on the screen.
    const requests = (await (await bo.context.request.get('/api/friends/requests')).json()) as { incoming: { id: string }[] };
    const accepted = await bo.context.request.post(`/api/friends/requests/${requests.incoming[0]?.id ?? ''}/accept`, { headers: { Origin: server.baseURL } });
    expect(accepted.ok()).toBe(true);
    await choose(bo.page, safetySection(bo.page).getByRole('switch', { name: 'Send read receipts' }));
    await choose(bo.page, safetySection(bo.page).getByRole('switch', { name: 'Send typing indicator' }));
    expect(await safetySection(bo.page).getByRole('switch', { name: 'Send read receipts' }).getAttribute('aria-checked')).toBe('false');

    // ada writes; bo reads it in the chat, types and answers. ada sees 'Delivered', never 'Read', never bo typing.
    await openLivePage(server, ada.page, `/chat/${bo.id}`);
    await recordNeverShown(ada.page);
    await ada.page.getByRole('textbox', { name: 'Message' }).fill('Hello from ada');
    await ada.page.getByRole('button', { name: 'Send message' }).click();
    await openLivePage(server, bo.page, `/chat/${ada.id}`);
    await bo.page.locator('.message-list .message-text', { hasText: 'Hello from ada' }).waitFor({ timeout: 10_000 });
    await ada.page.locator('.message-note', { hasText: 'Delivered' }).waitFor({ timeout: 10_000 });
    await bo.page.getByRole('textbox', { name: 'Message' }).pressSequentially('Typing slowly, unseen', { delay: 40 });
    await bo.page.getByRole('button', { name: 'Send message' }).click();
    // bo's answer comes after his read and his typing on the same socket and bus: had they been told, ada would have them.
    await ada.page.locator('.message-list .message-text', { hasText: 'Typing slowly, unseen' }).waitFor({ timeout: 10_000 });
    expect(await seenOn(ada.page)).toEqual({ typing: false, read: false });
    expect(await ada.page.locator('.message-note', { hasText: 'Read' }).count()).toBe(0);
    // ada still sends hers: bo sees his answer read.
    await bo.page.locator('.message-note', { hasText: 'Read' }).waitFor({ timeout: 10_000 });
    await screenshot(ada.page, 'chat-no-read-receipt-phone');

    await expectNoPageErrorsAndClose(ada, bo, cy);
  }, 300_000);
});
