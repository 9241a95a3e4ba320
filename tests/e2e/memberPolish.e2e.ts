import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, settleAnimations } from './support/browser';
import { giveProfile, openLivePage, signUpMember, type LiveMember } from './support/liveMembers';
import { profileWith } from '../support/profiles';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// The member app's rough edges in real Chromium against the real server, pressing the real buttons: a live notice
// floats below the header with 'View', which opens the request; the request's More actions blocks; the block
// says what happened and the Friends tab count goes; a new chat prompts a hello; a message sent offline says
// 'Waiting to send' until the server has it, and the offline strip never covers the chat header.

const profileOf = (username: string) => profileWith({ username, hobbies: 'Night walks and vinyl', musicGenres: ['Jazz', 'Metal'], favoriteGames: ['Celeste'], favoriteShows: ['Dark'] });

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

/** A member with a complete profile on the server and on the device (set-up only). */
async function member(name: string, viewport: { width: number; height: number } = PHONE): Promise<LiveMember> {
  const m = await signUpMember(browser, server, name, viewport);
  await giveProfile(server, m, profileOf(name));
  return m;
}

async function shot(page: Page, name: string) {
  await settleAnimations(page);
  await page.screenshot({ path: `screenshots/${name}.png` });
}

const friendsTab = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Friends/ });

describe('member polish', () => {
  it('a request notice floats below the header with View; More actions on the request blocks; the block says so and the count goes', async () => {
    const ana = await member('ana_polish');
    const ben = await member('ben_polish');
    // ben's socket is ready before ana asks, so the request arrives as a live push and not only in the next count.
    await openLivePage(server, ben.page, '/home');
    await ben.page.getByRole('list', { name: 'Suggested friends' }).waitFor({ timeout: 20_000 });
    const title = ben.page.getByRole('heading', { level: 1, name: 'Discover Friends' });
    const before = await title.boundingBox();

    await ana.page.goto(`${server.baseURL}/home`);
    const benCard = ana.page.locator('li.match-card').filter({ has: ana.page.getByRole('heading', { name: 'ben_polish', exact: true }) });
    const asked = ana.page.waitForResponse((response) => response.url().endsWith('/api/friends/requests') && response.request().method() === 'POST');
    await benCard.getByRole('button', { name: 'Add Friend' }).click();
    expect((await asked).status()).toBe(201);

    const notice = ben.page.locator('.people-notice').filter({ hasText: 'ana_polish sent you a friend request' });
    await notice.waitFor({ timeout: 10_000 });
    // Over the page, not in it: the page did not move, and the notice starts below the header.
    expect(await title.boundingBox()).toEqual(before);
    const header = await ben.page.locator('header').first().boundingBox();
    const toast = await notice.boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(await seriousViolations(ben.page)).toEqual([]);
    await shot(ben.page, 'polish-request-notice-phone');
    await expect.poll(() => friendsTab(ben.page).getAttribute('aria-label')).toBe('Friends, 1 request');

    await notice.getByRole('button', { name: 'View' }).click();
    await ben.page.waitForURL('**/friends');
    const requests = ben.page.getByRole('list', { name: 'Want to be your friend' });
    const row = requests.getByRole('listitem').filter({ hasText: 'ana_polish' });
    await row.waitFor();
    // Nobody is a friend yet: Friends' own empty state speaks, no 'Conversations' with 'Say hi to a friend!'.
    await ben.page.getByText('No friends yet!').waitFor();
    expect(await ben.page.getByRole('heading', { name: 'Conversations' }).count()).toBe(0);
    expect(await ben.page.getByText('Say hi to a friend!').count()).toBe(0);
    await shot(ben.page, 'polish-friends-request-row-phone');

    await row.getByRole('button', { name: 'More actions for ana_polish' }).click();
    await row.getByRole('button', { name: 'Block ana_polish' }).click();
    await ben.page.getByRole('dialog', { name: 'Block ana_polish?' }).getByRole('button', { name: 'Block', exact: true }).click();
    const blocked = ben.page.getByRole('dialog', { name: 'You blocked ana_polish.' });
    await blocked.waitFor();
    expect(await blocked.textContent()).toContain(
      'You and ana_polish no longer see each other anywhere in Mycelius. Your friendship and any friend requests between you have ended. You can unblock ana_polish in Settings.',
    );
    expect(await seriousViolations(ben.page)).toEqual([]);
    await shot(ben.page, 'polish-blocked-dialog-phone');
    // The count is asked again at once: no stale '1' on the Friends tab.
    await expect.poll(async () => [await friendsTab(ben.page).getAttribute('aria-label'), await friendsTab(ben.page).locator('.nav-badge').count()], { timeout: 3_000 }).toEqual([null, 0]);
    await blocked.getByRole('button', { name: 'Done' }).click();
    await blocked.waitFor({ state: 'detached' });
    // Not a blank screen: Friends as it now is.
    expect(await ben.page.getByRole('heading', { level: 1, name: 'Your Friends' }).isVisible()).toBe(true);
    expect(await requests.count()).toBe(0);

    for (const m of [ana, ben]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  }, 600_000);

  it('a new chat prompts a hello; a message sent offline says Waiting to send until the server has it; the offline strip never covers the header', async () => {
    const cyd = await member('cyd_polish');
    const dee = await member('dee_polish', DESKTOP);
    const asked = await cyd.context.request.post('/api/friends/requests', { headers: { Origin: server.baseURL }, data: { toUserId: dee.id } });
    const requestId = ((await asked.json()) as { request: { id: string } }).request.id;
    expect((await dee.context.request.post(`/api/friends/requests/${requestId}/accept`, { headers: { Origin: server.baseURL } })).status()).toBe(200);

    for (const [m, other, size] of [[cyd, dee, 'phone'], [dee, cyd, 'desktop']] as const) {
      await m.page.goto(`${server.baseURL}/chat/${other.id}`);
      await m.page.getByRole('heading', { level: 1, name: other.name }).waitFor();
      const log = m.page.getByRole('log', { name: 'Messages' });
      await log.getByText('No messages yet').waitFor();
      expect(await log.textContent()).toContain(`Say hello to ${other.name}! Messages arrive right away, and you see when they are read.`);
      await shot(m.page, `polish-new-chat-${size}`);
    }

    const box = cyd.page.getByRole('textbox', { name: 'Message' });
    await box.fill('First hello');
    await cyd.page.keyboard.press('Enter');
    const log = cyd.page.getByRole('log', { name: 'Messages' });
    // Stored: 'Sent', or already 'Read' when dee's open chat marks it read before the check looks.
    await log.getByRole('listitem').filter({ hasText: 'First hello' }).getByText(/^(Sent|Read)$/).waitFor({ timeout: 5_000 });

    await cyd.context.setOffline(true);
    const strip = cyd.page.locator('.live-banner');
    await strip.waitFor({ timeout: 10_000 });
    await box.fill('Typed while offline');
    await cyd.page.keyboard.press('Enter');
    const queued = log.getByRole('listitem').filter({ hasText: 'Typed while offline' });
    await queued.getByText('Waiting to send').waitFor();
    await box.fill('And another');
    await cyd.page.keyboard.press('Enter');
    // Both wait, each marked; one sender's messages in a row are one group under one name.
    await log.getByRole('listitem').filter({ hasText: 'And another' }).getByText('Waiting to send').waitFor();
    expect(await log.locator('.message-byline .message-sender').allTextContents()).toEqual(['You']);
    // The strip is above the chat, never over its header; the composer is still on screen.
    const stripBox = await strip.boundingBox();
    const chatHeader = await cyd.page.locator('.chat-header').boundingBox();
    expect(chatHeader!.y).toBeGreaterThanOrEqual(stripBox!.y + stripBox!.height - 1);
    const composer = await box.boundingBox();
    expect(composer!.y + composer!.height).toBeLessThanOrEqual(PHONE.height);
    await shot(cyd.page, 'polish-chat-offline-phone');

    await cyd.context.setOffline(false);
    // Acknowledged: the mark goes (dee has the chat open, so it may go straight to 'Read' on the newest).
    await expect.poll(() => queued.getByText('Waiting to send').count(), { timeout: 15_000 }).toBe(0);
    await dee.page.getByRole('log', { name: 'Messages' }).getByText('Typed while offline').waitFor({ timeout: 5_000 });

    for (const m of [cyd, dee]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  }, 600_000);
});
