import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot, startBrowser } from './support/browser';
import { signUpMember, type LiveMember } from './support/liveMembers';
import { startAppServer, type AppServer } from './support/server';
import { connect, liveUrl } from '../server/live/support/liveClient';

// The member screens as a person meets them, in both themes on a phone and a desktop: no serious axe
// violation, and a PNG of each under screenshots/ for a person to look at. Set-up (accounts, profiles, a
// friendship, a waiting request, a message) goes through the API; what is checked is what the page shows.

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
  musicGenres: ['Jazz', 'Metal', 'Indie'],
  favoriteGames: ['Celeste', 'Hades'],
  favoriteShows: ['Dark', 'Severance'],
  connectedServices: { spotify: false, trakt: false, steam: false },
});

async function withProfile(member: LiveMember, theme: 'dark' | 'light'): Promise<void> {
  const profile = profileOf(member.name);
  const saved = await member.context.request.put('/api/me/profile', { headers: { Origin: server.baseURL }, data: { ...profile, updatedAt: Date.now() } });
  expect(saved.status()).toBe(200);
  const settings = JSON.stringify({ theme, profileVisibility: 'public', notifications: false, soundEffects: false, showOnlineStatus: true });
  await member.context.addInitScript(
    ([seeded, seededSettings]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      localStorage.setItem('user_profile', seeded);
      localStorage.setItem('user_settings', seededSettings);
    },
    [JSON.stringify(profile), settings] as const,
  );
}

const post = (member: LiveMember, path: string, data: unknown) => member.context.request.post(path, { headers: { Origin: server.baseURL }, data });

/** A message sent as the app sends one: a frame on /api/live with the member's session, stored once the server acks it. */
async function sendOnLive(member: LiveMember, to: string, clientId: string, text: string): Promise<void> {
  const session = (await member.context.cookies(server.baseURL)).find((cookie) => cookie.name === 'mycelius_session')?.value;
  const tab = connect(liveUrl(server.baseURL), { session, origin: server.baseURL });
  tab.send({ type: 'send', to, clientId, text });
  await tab.waitFor((frame) => frame.type === 'ack', 10_000);
  await tab.close();
}

async function looksFinished(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, name);
}

describe('member screens in both themes, on a phone and a desktop', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      it(`Friends with a request and a conversation, Discover, a friend chat (${theme}, ${label})`, async () => {
        const suffix = `${theme[0]}${label[0]}${Date.now() % 100000}`;
        const [ana, ben, cat] = await Promise.all([
          signUpMember(browser, server, `ana${suffix}`, viewport),
          signUpMember(browser, server, `ben${suffix}`, viewport),
          signUpMember(browser, server, `cat${suffix}`, viewport),
        ]);
        for (const m of [ana, ben, cat]) await withProfile(m, theme);
        expect((await post(ben, '/api/friends/requests', { toUserId: ana.id })).status()).toBe(201);
        const asked = await post(cat, '/api/friends/requests', { toUserId: ana.id });
        expect(asked.status()).toBe(201);
        const requestId = ((await asked.json()) as { request: { id: string } }).request.id;
        expect((await post(ana, `/api/friends/requests/${requestId}/accept`, {})).ok()).toBe(true);
        await sendOnLive(cat, ana.id, `c-${suffix}`, 'Hi Ana! Saw you like Severance too.');

        const page = ana.page;
        await page.goto(`${server.baseURL}/friends`);
        await page.getByRole('heading', { name: 'Your Friends' }).waitFor();
        await page.getByText(/% Match/).first().waitFor();
        await looksFinished(page, `member-friends-${theme}-${label}`);

        await page.goto(`${server.baseURL}/home`);
        await page.getByText(/people found/).waitFor();
        await looksFinished(page, `member-discover-${theme}-${label}`);

        await page.goto(`${server.baseURL}/chat/${cat.id}`);
        await page.getByText('Hi Ana! Saw you like Severance too.').waitFor();
        await looksFinished(page, `member-chat-${theme}-${label}`);

        await page.goto(`${server.baseURL}/connections`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await looksFinished(page, `member-onboarding-${theme}-${label}`);

        for (const m of [ana, ben, cat]) {
          expect(m.errors).toEqual([]);
          await m.context.close();
        }
      });
    }
  }
});
