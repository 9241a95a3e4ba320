import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, startBrowser } from './support/browser';
import { signUpMember, type LiveMember } from './support/liveMembers';
import { startAppServer, type AppServer } from './support/server';

// The member buttons and links that no flow of the other e2e files presses (docs/testing.md, 'Member buttons
// pressed in e2e'), each pressed once in Chromium with what it does checked on the page. A failed load is
// made by aborting that one request in the browser (no answer, so no 5xx reaches the route-coverage record).

let browser: Browser;
let server: AppServer;
beforeAll(async () => {
  browser = await startBrowser();
  server = await startAppServer(inject('distDir'));
});
afterAll(async () => {
  await browser.close();
  await server?.stop();
});

const profileOf = (username: string) => ({
  username,
  profilePicture: '',
  hobbies: 'Night walks, vinyl and long chats about films',
  musicGenres: ['Jazz', 'Metal', 'Indie', 'Rock', 'Pop'],
  favoriteGames: ['Celeste', 'Hades', 'Minecraft'],
  favoriteShows: ['Dark', 'Severance', 'The Office'],
  connectedServices: { spotify: false, trakt: false, steam: false },
});

/** A member with a complete profile on the server and in the browser's copy, so no screen sends them to onboarding. */
async function member(name: string): Promise<LiveMember> {
  const m = await signUpMember(browser, server, name, PHONE);
  const profile = profileOf(name);
  const saved = await m.context.request.put('/api/me/profile', { headers: { Origin: server.baseURL }, data: { ...profile, updatedAt: Date.now() } });
  expect(saved.status()).toBe(200);
  await m.context.addInitScript((seeded) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    localStorage.setItem('user_profile', seeded);
  }, JSON.stringify(profile));
  return m;
}

async function befriend(a: LiveMember, b: LiveMember): Promise<void> {
  const asked = await a.context.request.post('/api/friends/requests', { headers: { Origin: server.baseURL }, data: { toUserId: b.id } });
  expect(asked.status()).toBe(201);
  const { request } = (await asked.json()) as { request: { id: string } };
  const accepted = await b.context.request.post(`/api/friends/requests/${encodeURIComponent(request.id)}/accept`, { headers: { Origin: server.baseURL } });
  expect(accepted.ok()).toBe(true);
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
    await befriend(eve, fin);
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
  });
});
