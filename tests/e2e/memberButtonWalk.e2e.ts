import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { signUpMember, type LiveMember, befriend, giveProfile, openLivePage } from './support/liveMembers';
import { profileWith } from '../support/profiles';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// The member buttons and links that no flow of the other e2e files presses (docs/testing.md, 'Member buttons
// pressed in e2e'), each pressed once in Chromium with what it does checked on the page. A failed load is
// made by aborting that one request in the browser (no answer, so no 5xx reaches the route-coverage record).

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

const profileOf = (username: string) =>
  profileWith({
    username,
    hobbies: 'Night walks, vinyl and long chats about films',
    musicGenres: ['Jazz', 'Metal', 'Indie', 'Rock', 'Pop'],
    favoriteGames: ['Celeste', 'Hades', 'Minecraft'],
    favoriteShows: ['Dark', 'Severance', 'The Office'],
  });

/** A member with a complete profile on the server and in the browser's copy, so no screen sends them to onboarding. */
async function member(name: string): Promise<LiveMember> {
  const m = await signUpMember(browser, server, name, PHONE);
  await giveProfile(server, m, profileOf(name));
  return m;
}

/** A member with a profile, made without a browser (Node's fetch with the session cookie it was given). */
async function seedMember(name: string): Promise<void> {
  const headers = { Origin: server.baseURL, 'Content-Type': 'application/json' };
  const created = await fetch(`${server.baseURL}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: `${name}-secret` }),
  });
  expect(created.status).toBe(201);
  const cookie = created.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const saved = await fetch(`${server.baseURL}/api/me/profile`, {
    method: 'PUT',
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({ ...profileOf(name), updatedAt: Date.now() }),
  });
  expect(saved.status).toBe(200);
}

/** The next GET of `path` from this page gets no answer at all, as when the network drops. */
async function failNextLoad(page: Page, path: string): Promise<void> {
  await page.route((url) => url.pathname === path, (route) => (route.request().method() === 'GET' ? route.abort('failed') : route.fallback()), { times: 1 });
}

describe('member buttons no other flow presses', () => {
  it("'Try again' after a failed load brings back Discover, Friends, the leaderboard, the Games stats, blocked people, communities and a member chat", async () => {
    const [eve, fin] = await Promise.all([member('eve_walk'), member('fin_walk')]);
    const page = eve.page;
    const retry = page.getByRole('button', { name: 'Try again' });

    await failNextLoad(page, '/api/discover');
    await page.goto(`${server.baseURL}/home`);
    await retry.click();
    await page.getByText(/people found/).waitFor();
    expect(await retry.count()).toBe(0);

    // Friends (no friends yet): back after 'Try again', and its empty state's link opens Discover.
    await failNextLoad(page, '/api/friends');
    await page.goto(`${server.baseURL}/friends`);
    await retry.click();
    await page.getByRole('link', { name: 'Discover people' }).click();
    await page.waitForURL(/\/(dashboard|home)$/);
    await page.getByText(/people found/).waitFor();

    await failNextLoad(page, '/api/leaderboard');
    await page.goto(`${server.baseURL}/leaderboard`);
    await retry.click();
    await page.getByRole('tab').first().waitFor();
    await page.getByText('eve_walk').first().waitFor();
    expect(await retry.count()).toBe(0);

    await failNextLoad(page, '/api/me/stats');
    await page.goto(`${server.baseURL}/games`);
    const stats = page.getByRole('region', { name: 'Your Stats' });
    await stats.getByRole('button', { name: 'Try again' }).click();
    await stats.getByText('Games Played').waitFor();
    expect(await retry.count()).toBe(0);

    await failNextLoad(page, '/api/blocks');
    await page.goto(`${server.baseURL}/settings`);
    await retry.click();
    await page.getByText("You haven't blocked anyone. People you block will be listed here.").waitFor();
    expect(await retry.count()).toBe(0);

    await failNextLoad(page, '/api/me/settings');
    await page.goto(`${server.baseURL}/profile`);
    await retry.click();
    await page.getByRole('group', { name: /Communities/ }).first().waitFor();
    expect(await retry.count()).toBe(0);

    // A member chat that could not load: 'Try again' opens it; 'Back to Friends' leaves it.
    await befriend(server, eve, fin);
    await failNextLoad(page, `/api/chats/${fin.id}/messages`);
    await page.goto(`${server.baseURL}/chat/${fin.id}`);
    await page.getByRole('heading', { name: 'Chat unavailable' }).waitFor();
    await retry.click();
    await page.getByRole('heading', { level: 1, name: 'fin_walk' }).waitFor();
    await failNextLoad(page, `/api/chats/${fin.id}/messages`);
    await page.reload();
    await page.getByRole('link', { name: 'Back to Friends' }).click();
    await page.getByRole('heading', { name: 'Your Friends' }).waitFor();

    for (const m of [eve, fin]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  }, 180_000);

  it("'Leaderboards' on Games, 'Skip to content', removing a picture, and 'Dismiss' on a live notice and on Settings' notice", async () => {
    const [gil, hal] = await Promise.all([member('gil_walk'), member('hal_walk')]);
    const page = gil.page;

    await page.goto(`${server.baseURL}/home`);
    await page.getByText(/people found/).waitFor();

    // The skip link is the first Tab stop and moves focus past the header into the screen.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.querySelector('#main')?.contains(document.activeElement) === true || location.hash === '#main')).toBe(true);

    await page.goto(`${server.baseURL}/games`);
    await page.getByRole('link', { name: 'Leaderboards' }).click();
    await page.waitForURL(/\/leaderboard$/);
    await page.getByRole('tab').first().waitFor();

    // A picture chosen on the profile, then removed: the preview goes and the picker says 'Upload' again.
    await page.goto(`${server.baseURL}/profile`);
    await page.getByLabel('Upload profile picture').setInputFiles({
      name: 'dot.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
    });
    const preview = page.getByRole('img', { name: 'Your profile picture' });
    await preview.waitFor();
    await page.locator('.picture-upload').getByRole('button', { name: 'Remove' }).click();
    await preview.waitFor({ state: 'detached' });
    await page.getByLabel('Upload profile picture').waitFor({ state: 'attached' });

    // hal asks gil while gil is on Settings: the live notice comes; 'Dismiss' takes it away and gil stays put.
    await openLivePage(server, page, '/settings');
    const asked = await hal.context.request.post('/api/friends/requests', { headers: { Origin: server.baseURL }, data: { toUserId: gil.id } });
    expect(asked.status()).toBe(201);
    const notice = page.locator('.people-notice').filter({ hasText: 'hal_walk sent you a friend request' });
    await notice.waitFor({ timeout: 10_000 });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings');

    // Settings' own notice after Clear App Data has 'Dismiss' too.
    await page.getByRole('button', { name: 'Clear App Data' }).click();
    await page.getByRole('alertdialog', { name: 'Clear App Data' }).getByRole('button', { name: 'Clear App Data' }).click();
    const cleared = page.getByRole('status').filter({ hasText: 'App data cleared successfully!' });
    await cleared.waitFor();
    await cleared.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('App data cleared successfully!').waitFor({ state: 'detached' });

    for (const m of [gil, hal]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  }, 180_000);

  it("the session-ended notice: 'Dismiss' takes it away, its 'Log In' opens the log-in screen", async () => {
    for (const choice of ['Dismiss', 'Log In'] as const) {
      const ivo = await member(`ivo_${choice === 'Dismiss' ? 'd' : 'l'}walk`);
      const page = ivo.page;
      await page.goto(`${server.baseURL}/games`);
      await page.getByRole('region', { name: 'Your Stats' }).getByText('Games Played').waitFor();
      // The session ends on the server's side (its cookie gone); the next member call answers 401.
      await ivo.context.clearCookies({ name: 'mycelius_session' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Friends/ }).click();
      // The notice over every screen (the screen that failed says so in its own words too).
      const ended = page.locator('.session-notice').filter({ hasText: 'Your session has ended. Please log in again.' });
      await ended.waitFor();
      if (choice === 'Dismiss') {
        await ended.getByRole('button', { name: 'Dismiss' }).click();
        await ended.waitFor({ state: 'detached' });
      } else {
        await ended.getByRole('link', { name: 'Log In' }).click();
        await page.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
        expect(await ended.count()).toBe(0);
      }
      expect(ivo.errors).toEqual([]);
      await ivo.context.close();
    }
  });

  it("'Show more' on Discover adds the next page of people when more than 50 match", async () => {
    // 52 other members with the same taste (past the 50 of one page); a community that big has no sample people.
    const names = Array.from({ length: 52 }, (_, i) => `more${String(i).padStart(2, '0')}`);
    const queue = [...names];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) await seedMember(name);
      }),
    );
    const viewer = await member('jo_walk');
    const page = viewer.page;
    await page.goto(`${server.baseURL}/home`);
    const cards = page.locator('li.match-card');
    await page.getByText('50+ people found').waitFor();
    expect(await cards.count()).toBe(50);
    await page.getByRole('button', { name: 'Show more' }).click();
    // The rest come under the first 50 (the members of this file's other tests among them), and the count is exact.
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(52);
    await page.getByRole('button', { name: 'Show more' }).waitFor({ state: 'detached' });
    const total = await cards.count();
    await page.getByText(`${String(total)} people found`, { exact: true }).waitFor();
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
  }, 300_000);

  it("'Accept' on a Discover card; a member chat's Back; 'Cancel' in the Block, Report, Remove friend, Clear App Data and Delete account dialogs changes nothing; the bottom navigation and the onboarding contents go where they say", async () => {
    const [kit, lee] = await Promise.all([member('kit_walk'), member('lee_walk')]);
    const page = kit.page;
    // lee asks kit; on kit's Discover lee's card says 'Accept', and pressing it makes them friends.
    expect((await lee.context.request.post('/api/friends/requests', { headers: { Origin: server.baseURL }, data: { toUserId: kit.id } })).status()).toBe(201);
    await page.goto(`${server.baseURL}/home`);
    const leeCard = page.locator('li.match-card').filter({ has: page.getByRole('heading', { name: 'lee_walk', exact: true }) });
    await leeCard.getByRole('button', { name: 'Accept' }).click();
    await leeCard.getByRole('button', { name: 'Friend Added!' }).waitFor();

    // A member chat's Back returns to Friends.
    await page.goto(`${server.baseURL}/chat/${lee.id}`);
    await page.getByRole('heading', { level: 1, name: 'lee_walk' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/friends');
    // Every tab of the bottom navigation, pressed in turn, opens its screen.
    await page.goto(`${server.baseURL}/home`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [tab, path] of [['Leaderboard', '/leaderboard'], ['Games', '/games'], ['Settings', '/settings'], ['Home', '/home'], ['Friends', '/friends']] as const) {
      await nav.getByRole('link', { name: new RegExp(`^${tab}`) }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => nav.getByRole('link', { name: new RegExp(`^${tab}`) }).getAttribute('aria-current'), { message: tab }).toBe('page');
    }

    const row = page.locator('ul.friend-list > li').filter({ has: page.getByRole('heading', { name: 'lee_walk', exact: true }) });

    for (const [item, dialogName] of [['Block lee_walk', 'Block lee_walk?'], ['Report lee_walk', /^Report lee_walk/]] as const) {
      await row.getByRole('button', { name: 'More actions for lee_walk' }).click();
      await row.getByRole('button', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Still friends: the row and its Chat link stay.
      await row.getByRole('link', { name: 'Chat' }).waitFor();
    }
    await row.getByRole('button', { name: 'Remove' }).click();
    const removal = page.getByRole('alertdialog', { name: 'Remove friend?' });
    await removal.getByRole('button', { name: 'Cancel' }).click();
    await removal.waitFor({ state: 'detached' });
    await row.getByRole('link', { name: 'Chat' }).waitFor();
    const friends = (await (await kit.context.request.get('/api/friends')).json()) as { friends: { id: string }[] };
    expect(friends.friends.map((f) => f.id)).toEqual([lee.id]);

    await page.goto(`${server.baseURL}/settings`);
    await page.getByRole('button', { name: 'Clear App Data' }).click();
    const clearing = page.getByRole('alertdialog', { name: 'Clear App Data' });
    await clearing.getByRole('button', { name: 'Cancel' }).click();
    await clearing.waitFor({ state: 'detached' });
    expect(await page.getByText('App data cleared successfully!').count()).toBe(0);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const deletion = page.getByRole('dialog', { name: /Delete account/ });
    await deletion.waitFor();
    await deletion.getByRole('button', { name: 'Cancel' }).click();
    await deletion.waitFor({ state: 'detached' });
    expect((await kit.context.request.get('/api/me')).status()).toBe(200);

    // The contents at the top of onboarding: each link brings its step's heading into view.
    await page.goto(`${server.baseURL}/connections`);
    const steps = page.getByRole('navigation', { name: 'Profile steps' });
    for (const title of ['Your interests', 'Your accounts', 'About you']) {
      await steps.getByRole('link', { name: title }).click();
      const heading = page.getByRole('heading', { level: 2, name: new RegExp(`${title}$`) });
      await expect.poll(() => heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      })).toBe(true);
      expect(new URL(page.url()).hash).toBe(`#onboarding-${title === 'About you' ? 'about' : title === 'Your accounts' ? 'accounts' : 'interests'}`);
    }

    for (const m of [kit, lee]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  }, 180_000);

  it("a game chat whose log cannot be saved (storage full): 'Keep chatting', 'Try again' and 'Leave without saving'", async () => {
    const mo = await member('mo_walk');
    const page = mo.page;
    const bubbles = page.locator('[role=log] .message-text');
    const storedLogs = () => page.evaluate(() => (JSON.parse(localStorage.getItem('killmyvibe_chat_logs') ?? '[]') as unknown[]).length);
    // A full storage, as the browser reports it, for the game's chat logs only (the session and profile keep working).
    const fillStorage = (full: boolean) =>
      page.evaluate((isFull) => {
        type SetItem = (this: Storage, key: string, value: string) => void;
        const w = window as unknown as { __setItem?: SetItem };
        w.__setItem ??= (Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem') as { value: SetItem }).value;
        const original = w.__setItem;
        Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
          if (isFull && key.endsWith('_chat_logs')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          original.call(this, key, value);
        };
      }, full);
    const playAndGoBack = async () => {
      await page.goto(`${server.baseURL}/games/killmyvibe/chat`);
      await page.getByRole('textbox', { name: 'Message' }).fill('Pineapple belongs on pizza');
      await page.keyboard.press('Enter');
      await bubbles.nth(2).waitFor({ timeout: 10_000 });
      await fillStorage(true);
      await page.getByRole('button', { name: 'Back' }).click();
      const banner = page.locator('.chat-save-failed');
      await banner.waitFor();
      return banner;
    };

    // 'Keep chatting': the banner goes and the chat stays as it was.
    let banner = await playAndGoBack();
    await banner.getByRole('button', { name: 'Keep chatting' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await bubbles.count()).toBe(3);
    expect(new URL(page.url()).pathname).toBe('/games/killmyvibe/chat');

    // 'Try again' with room made: the log is saved and the chat closes.
    await page.getByRole('button', { name: 'Back' }).click();
    await banner.waitFor();
    await fillStorage(false);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname === '/games');
    expect(await storedLogs()).toBe(1);

    // 'Leave without saving': the chat closes and no log is added.
    banner = await playAndGoBack();
    await banner.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/games');
    await fillStorage(false);
    expect(await storedLogs()).toBe(1);

    expect(mo.errors).toEqual([]);
    await mo.context.close();
  }, 180_000);

  it("Hot Takes against the AI opponent: 'Try again' after the game could not start; 'Try saving again' and 'Leave without saving' when its log cannot be saved", async () => {
    const nia = await member('nia_walk');
    const page = nia.page;
    const bubbles = page.locator('[role=log] .message-text');
    const say = async (text: string) => {
      await page.waitForFunction(() => document.querySelector('textarea') && !document.querySelector('textarea[aria-disabled="true"]'));
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      await page.keyboard.press('Enter');
    };

    // Alone for 10 s, nia gets the AI opponent; starting that game on the server fails once (no answer).
    await page.route((url) => url.pathname === '/api/games/sessions', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()), { times: 1 });
    // The page's own clock (running as usual), so the search's 10 s are jumped over, not waited out.
    await page.clock.install();
    await page.goto(`${server.baseURL}/games/hottakes/chat`);
    await page.getByText('Finding a debate partner...').waitFor();
    await page.clock.fastForward(10_000);
    const failure = page.locator('.hot-failure');
    await failure.getByRole('button', { name: 'Try again' }).click({ timeout: 20_000 });
    await page.getByText('AI opponent', { exact: true }).waitFor({ timeout: 20_000 });

    await say('Pineapple absolutely belongs on pizza.');
    await bubbles.nth(4).waitFor({ timeout: 15_000 });
    await say('Sweet and salty is the whole point.');
    await bubbles.nth(6).waitFor({ timeout: 15_000 });

    // The device's storage is full for chat logs (each refused write counted): ending cannot save the log.
    await page.evaluate(() => {
      type SetItem = (this: Storage, key: string, value: string) => void;
      const original = (Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem') as { value: SetItem }).value;
      const w = window as unknown as { __refusedLogWrites: number };
      w.__refusedLogWrites = 0;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (key.endsWith('_chat_logs')) {
          w.__refusedLogWrites += 1;
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        original.call(this, key, value);
      };
    });
    const refused = () => page.evaluate(() => (window as unknown as { __refusedLogWrites: number }).__refusedLogWrites);
    await page.getByRole('button', { name: 'End debate' }).click();
    await failure.getByRole('button', { name: 'Try saving again' }).click();
    // The second try was made, and refused again: the card stays.
    await expect.poll(refused, { timeout: 10_000 }).toBe(2);
    await failure.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/games');
    expect(await page.evaluate(() => localStorage.getItem('hottakes_chat_logs'))).toBeNull();

    expect(nia.errors).toEqual([]);
    await nia.context.close();
  }, 180_000);
});
