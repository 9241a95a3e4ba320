import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot, settleAnimations } from './support/browser';
import { expectNoPageErrorsAndClose, giveProfile, type LiveMember, openLivePage, signUpMember } from './support/liveMembers';
import { profileWith } from '../support/profiles';
import type { AppServer } from './support/server';
import { connect, liveUrl } from '../server/live/support/liveClient';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';
import { say, sayAndSeeArrive } from './support/messages';

// The member screens as a person meets them, in both themes on a phone and a desktop: no serious axe
// violation, and a PNG of each under screenshots/ for a person to look at. Set-up (accounts, profiles, a
// friendship, a waiting request, a message) goes through the API; what is checked is what the page shows.

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

const profileOf = (username: string) =>
  profileWith({
    username,
    hobbies: 'Night walks, vinyl and long chats about films',
    musicGenres: ['Jazz', 'Metal', 'Indie'],
    favoriteGames: ['Celeste', 'Hades'],
    favoriteShows: ['Dark', 'Severance'],
  });

async function withProfile(member: LiveMember, theme: 'dark' | 'light'): Promise<void> {
  const settings = JSON.stringify({ theme, profileVisibility: 'public', notifications: false, soundEffects: false, showOnlineStatus: true });
  await giveProfile(server, member, profileOf(member.name), { user_settings: settings });
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

/** A modal and its backdrop are what a person sees: the viewport, not the full page behind it. */
async function looksFinishedOnScreen(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await settleAnimations(page);
  await page.screenshot({ path: `screenshots/${name}.png` });
}

/** Opens `path` and waits until the live socket has said 'ready'. */
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
        await page.getByRole('region', { name: 'Conversations' }).getByText('Hi Ana! Saw you like Severance too.').waitFor();
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

        await expectNoPageErrorsAndClose(ana, ben, cat);
      }, 180_000);
    }
  }
});

describe('member live screens in both themes, on a phone and a desktop', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      it(`a live debate with End debate, the AI opponent's header, the match breakdown, a live notice and a block (${theme}, ${label})`, async () => {
        const suffix = `${theme[0]}${label[0]}${String(Date.now() % 100000)}`;
        const [ana, ben, cal] = await Promise.all([
          signUpMember(browser, server, `ana_${suffix}`, viewport),
          signUpMember(browser, server, `ben_${suffix}`, viewport),
          signUpMember(browser, server, `cal_${suffix}`, viewport),
        ]);
        for (const m of [ana, ben, cal]) await withProfile(m, theme);

        // ana and ben matched in Hot Takes, both takes in, three messages: 'End debate' shows with its points rule.
        await ana.page.goto(`${server.baseURL}/games/hottakes/chat`);
        await ana.page.getByText('Finding a debate partner...').waitFor();
        await ben.page.goto(`${server.baseURL}/games/hottakes/chat`);
        await ana.page.getByText(`You vs ${ben.name}`).waitFor({ timeout: 10_000 });
        // cal joins the queue now, alone, so the AI opponent's 10 s pass while ana and ben argue.
        await cal.page.goto(`${server.baseURL}/games/hottakes/chat`);
        await cal.page.getByText('Finding a debate partner...').waitFor();
        await say(ana.page, 'Vinyl sounds better than streaming.');
        await sayAndSeeArrive(ben.page, ana.page, 'Vinyl is a very expensive crackle.', 5_000);
        await sayAndSeeArrive(ana.page, ben.page, 'The crackle is the point.', 5_000);
        await sayAndSeeArrive(ben.page, ana.page, 'Then record your kettle.', 5_000);
        await say(ana.page, 'Already did, it went platinum.');
        await ana.page.getByRole('button', { name: 'End debate' }).waitFor({ timeout: 5_000 });
        await ana.page.getByText(/^You're winning: end the debate now for/).waitFor();
        await looksFinished(ana.page, `member-live-debate-${theme}-${label}`);

        // cal, alone in the queue: after 10 s the AI opponent, its label whole in the header.
        await cal.page.getByText('AI opponent', { exact: true }).waitFor({ timeout: 25_000 });
        // The opponent's name whole beside 'You vs' (the labels take a line of their own when they must).
        const opponent = cal.page.locator('.hot-prompt-kicker strong');
        expect((await opponent.textContent())?.length).toBeGreaterThan(0);
        expect(await opponent.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(await cal.page.locator('.hot-prompt-kicker').getByText('Sample', { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await looksFinished(cal.page, `member-hottakes-ai-header-${theme}-${label}`);

        // The match breakdown of ben's card on ana's Discover.
        await ana.page.getByRole('button', { name: 'End debate' }).click();
        await ana.page.getByText('The debate has ended.').first().waitFor();
        await openLivePage(server, ana.page, '/home');
        const benCard = ana.page.locator('li.match-card').filter({ has: ana.page.getByRole('heading', { name: ben.name, exact: true }) });
        // An 11-character name shows whole on a card, on a phone too.
        expect(await benCard.getByRole('heading', { name: ben.name, exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await benCard.getByRole('button', { name: /% Match$/ }).click();
        const breakdown = ana.page.getByRole('dialog', { name: new RegExp(`match with ${ben.name}$`) });
        await breakdown.waitFor();
        await looksFinishedOnScreen(ana.page, `member-breakdown-${theme}-${label}`);
        await breakdown.getByRole('button', { name: 'Close' }).click();
        await breakdown.waitFor({ state: 'detached' });

        // cal asks ana while she is on Discover: the live notice with 'View'.
        expect((await post(cal, '/api/friends/requests', { toUserId: ana.id })).status()).toBe(201);
        const notice = ana.page.locator('.people-notice').filter({ hasText: `${cal.name} sent you a friend request` });
        await notice.waitFor({ timeout: 10_000 });
        await notice.getByRole('button', { name: 'View' }).waitFor();
        await looksFinishedOnScreen(ana.page, `member-live-notice-${theme}-${label}`);

        // View opens the request; More actions blocks cal: the question, then the confirmation.
        await notice.getByRole('button', { name: 'View' }).click();
        const row = ana.page.getByRole('list', { name: 'Want to be your friend' }).getByRole('listitem').filter({ hasText: cal.name });
        await row.getByRole('button', { name: `More actions for ${cal.name}` }).click();
        await row.getByRole('button', { name: `Block ${cal.name}` }).click();
        const question = ana.page.getByRole('dialog', { name: `Block ${cal.name}?` });
        await question.waitFor();
        await looksFinishedOnScreen(ana.page, `member-block-question-${theme}-${label}`);
        await question.getByRole('button', { name: 'Block', exact: true }).click();
        const blocked = ana.page.getByRole('dialog', { name: `You blocked ${cal.name}.` });
        await blocked.waitFor();
        await looksFinishedOnScreen(ana.page, `member-block-confirmation-${theme}-${label}`);

        await expectNoPageErrorsAndClose(ana, ben, cal);
      }, 300_000);
    }
  }
});

