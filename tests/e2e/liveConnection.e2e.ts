import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { signUpMember, type LiveMember, openLivePage } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// live channel in real Chromium against the real server: two members in two browsers. A friend
// request reaches the other one's page without a reload; the browser going offline, and the server going
// away and coming back (same port, same database), show and clear the banner.

type Member = LiveMember;

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

/** A browser with a new member signed in (through the API, sharing the browser's cookies). */
function signUp(username: string): Promise<Member> {
  return signUpMember(browser, server, username, PHONE);
}

describe('live connection (two members)', () => {
  it('shows a friend request live, the offline note, and Reconnecting... while the server restarts', async () => {
    const ada = await signUp('ada');
    const bo = await signUp('bo');
    await openLivePage(server, bo.page, '/friends');

    // ada asks; bo's page says so without a reload.
    const asked = await ada.context.request.post('/api/friends/requests', { headers: { Origin: server.baseURL }, data: { toUserId: bo.id } });
    expect(asked.status()).toBe(201);
    const notice = bo.page.getByRole('status').filter({ hasText: 'ada sent you a friend request' });
    await notice.waitFor({ timeout: 5_000 });

    // The browser offline: the offline note; back online: it goes.
    const offline = bo.page.getByText("You're offline. Messages will be sent when you reconnect.");
    await bo.context.setOffline(true);
    await offline.waitFor({ timeout: 5_000 });
    await bo.context.setOffline(false);
    await offline.waitFor({ state: 'detached', timeout: 20_000 });

    // The server stops: 'Reconnecting...'; a new server on the same port and database: the banner goes.
    const reconnecting = bo.page.getByText('Reconnecting...');
    await server.halt();
    await reconnecting.waitFor({ timeout: 10_000 });
    await server.restart();
    await reconnecting.waitFor({ state: 'detached', timeout: 30_000 });
    expect(bo.errors).toEqual([]);
    await ada.context.close();
    await bo.context.close();
  }, 180_000);
});
