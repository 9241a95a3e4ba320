import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, PHONE, screenshot } from './support/browser';
import { readerProfileJson } from './support/personas';
import { signUpMember, type LiveMember } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// The member buttons no other flow presses, each pressed in Chromium with the step under test done in the
// page only (the set-up around it goes through the API). 'Cancel' on my own request, 'Remove' on a friend
// and 'Unblock' once failed in the browser only: Chromium sends their DELETE with no body and no
// Content-Length, which the server refused. scripts/routeCoverage.ts checks after the run that every
// route the client calls was answered with a success to a page like these.

type Member = LiveMember;

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

/** Set-up through the API, as the member's own browser (its cookie, our Origin). */
async function api(member: Member, method: 'POST' | 'DELETE', path: string, data?: unknown): Promise<unknown> {
  const response = await member.context.request.fetch(path, { method, headers: { Origin: server.baseURL }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

async function askFriend(from: Member, to: Member): Promise<string> {
  const { request } = (await api(from, 'POST', '/api/friends/requests', { toUserId: to.id })) as { request: { id: string } };
  return request.id;
}

async function befriend(a: Member, b: Member): Promise<void> {
  const requestId = await askFriend(a, b);
  await api(b, 'POST', `/api/friends/requests/${encodeURIComponent(requestId)}/accept`);
}

async function serverSays<T>(member: Member, path: string): Promise<T> {
  return (await (await member.context.request.get(path)).json()) as T;
}

const requestsRegion = (page: Page) => page.getByRole('region', { name: 'Requests' });
const row = (page: Page, list: string, name: string) =>
  requestsRegion(page).getByRole('list', { name: list }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('member buttons in the browser', () => {
  it("'Cancel' on my own request, 'Decline' on one to me, and 'Remove' on a friend all succeed and the screen shows it", async () => {
    const ana = await signUpMember(browser, server, 'ana', PHONE);
    const ben = await signUpMember(browser, server, 'ben', PHONE);
    const cyd = await signUpMember(browser, server, 'cyd', PHONE);
    await askFriend(ana, ben);
    await askFriend(cyd, ana);

    await ana.page.goto(`${server.baseURL}/friends`);
    const mine = row(ana.page, 'Waiting for an answer', 'ben');
    const theirs = row(ana.page, 'Want to be your friend', 'cyd');
    await mine.waitFor();
    await theirs.waitFor();

    // Cancel my request to ben: the row goes, and ben has nothing waiting.
    await mine.getByRole('button', { name: 'Cancel' }).click();
    await mine.waitFor({ state: 'detached' });
    expect(await serverSays(ben, '/api/friends/requests')).toEqual({ incoming: [], outgoing: [] });

    // Decline cyd's request: the Requests section is gone, and cyd's request with it.
    await theirs.getByRole('button', { name: 'Decline' }).click();
    await requestsRegion(ana.page).waitFor({ state: 'detached' });
    expect(await serverSays(cyd, '/api/friends/requests')).toEqual({ incoming: [], outgoing: [] });
    expect(await ana.page.getByRole('alert').count()).toBe(0);

    // Remove a friend: asked first, then gone from the list.
    await befriend(ben, ana);
    await ana.page.reload();
    const friend = ana.page.locator('ul.friend-list > li').filter({ has: ana.page.getByRole('heading', { name: 'ben', exact: true }) });
    const question = ana.page.getByRole('alertdialog', { name: 'Remove friend?' });
    // Pressed as soon as the row shows: the list may still be read again (the accepted friendship reaches
    // the page after it loads), and Remove must ask all the same.
    await friend.getByRole('button', { name: 'Remove' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Remove' }).click();
    await question.waitFor({ state: 'detached' });
    await ana.page.getByText('No friends yet!').waitFor();
    expect(await ana.page.getByRole('alert').count()).toBe(0);
    expect(await serverSays(ben, '/api/friends')).toEqual({ friends: [] });

    for (const member of [ana, ben, cyd]) {
      expect(member.errors).toEqual([]);
      await member.context.close();
    }
  }, 180_000);

  it("a friend's row stays where it first showed while the conversations above it load, so a press lands on it", async () => {
    const fay = await signUpMember(browser, server, 'fay', PHONE);
    const gus = await signUpMember(browser, server, 'gus', PHONE);
    await befriend(gus, fay);
    // The conversations answer late, as on a slow connection; the friends list does not wait for them.
    let answerChats!: () => void;
    const chatsHeld = new Promise<void>((resolve) => (answerChats = resolve));
    await fay.page.route('**/api/chats', async (route) => {
      await chatsHeld;
      await route.continue();
    });
    await fay.page.goto(`${server.baseURL}/friends`);
    const remove = fay.page.locator('ul.friend-list > li').filter({ has: fay.page.getByRole('heading', { name: 'gus', exact: true }) }).getByRole('button', { name: 'Remove' });
    await remove.waitFor();
    const first = await remove.boundingBox();
    await fay.page.getByRole('region', { name: 'Conversations' }).getByText('Loading conversations...').waitFor();
    await screenshot(fay.page, 'member-conversations-loading-phone');
    answerChats();
    await fay.page.getByText('No conversations yet. Open Chat beside a friend below to say hi.').waitFor();
    expect(await remove.boundingBox()).toEqual(first);

    for (const member of [fay, gus]) {
      expect(member.errors).toEqual([]);
      await member.context.close();
    }
  }, 120_000);

  it("'Unblock' in Settings -> Blocked people succeeds, and 'Download my data' saves the member's file", async () => {
    const dee = await signUpMember(browser, server, 'dee', PHONE);
    const eli = await signUpMember(browser, server, 'eli', PHONE);
    await api(dee, 'POST', '/api/blocks', { userId: eli.id });

    await dee.page.goto(`${server.baseURL}/settings`);
    const blocked = dee.page.getByRole('region', { name: 'Blocked people' });
    await blocked.getByRole('button', { name: 'Unblock eli' }).click();
    await blocked.getByText("You haven't blocked anyone. People you block will be listed here.").waitFor();
    expect(await blocked.getByRole('alert').count()).toBe(0);
    expect(await serverSays(dee, '/api/blocks')).toEqual({ blocked: [] });

    const download = dee.page.waitForEvent('download');
    await dee.page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    const text = await (await file.createReadStream()).toArray();
    const saved = JSON.parse(Buffer.concat(text).toString('utf8')) as { server?: unknown };
    expect(JSON.stringify(saved.server)).toContain('"dee"');

    for (const member of [dee, eli]) {
      expect(member.errors).toEqual([]);
      await member.context.close();
    }
  }, 180_000);

  it("'Generate' on the AI Profile Summary, after the Spotify and Trakt access tokens lapsed, refreshes both and writes the summary", async () => {
    const { page, context, errors } = await openPage(browser, '/profile', { localStorage: { user_profile: readerProfileJson } });
    for (const [name, key] of [['Spotify', 'spotify'], ['Trakt', 'trakt']] as const) {
      await page.getByRole('button', { name: `Connect ${name}` }).click();
      await page.waitForURL('**/demo/**');
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL('**/profile');
      await page.locator(`.taste-offer-${key}`).getByRole('button', { name: 'Not now' }).click();
      await page.getByRole('button', { name: `Disconnect ${name}` }).waitFor();
    }
    // Set-up: the access tokens' lifetimes have passed (the demo provider knows neither any more).
    await page.evaluate(() => {
      localStorage.setItem('spotify_access_token', 'lapsed-spotify-token');
      localStorage.setItem('trakt_access_token', 'lapsed-trakt-token');
    });

    const summary = page.getByRole('region', { name: 'AI Profile Summary' });
    await summary.getByRole('button', { name: 'Generate' }).click();
    await summary.getByRole('button', { name: 'Regenerate' }).waitFor({ timeout: 60_000 });
    expect(((await summary.locator('.ai-summary__text').textContent()) ?? '').length).toBeGreaterThan(0);
    // Both services were refreshed, not dropped: new access tokens are stored and both still read Connected.
    const tokens = await page.evaluate(() => [localStorage.getItem('spotify_access_token'), localStorage.getItem('trakt_access_token')]);
    expect(tokens).not.toContain('lapsed-spotify-token');
    expect(tokens).not.toContain('lapsed-trakt-token');
    expect(tokens.every((token) => token !== null && token !== '')).toBe(true);
    await page.getByRole('button', { name: 'Disconnect Spotify' }).waitFor();
    await page.getByRole('button', { name: 'Disconnect Trakt' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
