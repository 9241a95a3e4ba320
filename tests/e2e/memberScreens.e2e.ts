import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
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

/** The member's profile on the server and the device; the scene opens in the dark theme, and each look switches it. */
async function withProfile(member: LiveMember): Promise<void> {
  const settings = JSON.stringify({ theme: 'dark', profileVisibility: 'public', notifications: false, soundEffects: false, showOnlineStatus: true });
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

type Look = { theme: 'dark' | 'light'; label: 'phone' | 'desktop'; viewport: { width: number; height: number } };
/** The four looks of every screen: each theme on a phone and on a desktop. */
const LOOKS: readonly Look[] = (['dark', 'light'] as const).flatMap((theme) =>
  ([['phone', PHONE], ['desktop', DESKTOP]] as const).map(([label, viewport]) => ({ theme, label, viewport })),
);

/**
 * The screen in each look, one after the other on the same page: the window resized, and the theme switched the
 * way Settings switches it (the `dark` class on <html>, src/shared/ui/theme.ts). In each: no serious axe
 * violation, `check` holds, and a PNG `<name>-<theme>-<phone|desktop>` (of the whole page, or with `onScreen` of
 * the viewport: see `screenshot`). The scene is set up
 * once for all four looks: it is the same members, messages and debate whatever the window and theme.
 */
async function looksFinishedInEveryLook(page: Page, name: string, options: { onScreen?: boolean; check?: (look: Look) => Promise<void> } = {}): Promise<void> {
  const themeAtStart = await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  for (const look of LOOKS) {
    await page.setViewportSize(look.viewport);
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), look.theme === 'dark');
    await options.check?.(look);
    expect(await seriousViolations(page), `${name} (${look.theme}, ${look.label})`).toEqual([]);
    await screenshot(page, `${name}-${look.theme}-${look.label}`, { onScreen: options.onScreen });
  }
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), themeAtStart === 'dark');
}

/** The whole box of an element is in view along its line: a name or label is shown whole, not cut. */
const shownWhole = (element: HTMLElement | SVGElement) => element.scrollWidth <= element.clientWidth;

/** Opens `path` and waits until the live socket has said 'ready'. */
describe('member screens in both themes, on a phone and a desktop', () => {
  it('Friends with a request and a conversation, Discover, a friend chat and onboarding', async () => {
    const suffix = String(Date.now() % 100000);
    const [ana, ben, cat] = await Promise.all([
      signUpMember(browser, server, `ana${suffix}`, PHONE),
      signUpMember(browser, server, `ben${suffix}`, PHONE),
      signUpMember(browser, server, `cat${suffix}`, PHONE),
    ]);
    for (const m of [ana, ben, cat]) await withProfile(m);
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
    await looksFinishedInEveryLook(page, 'member-friends');

    await page.goto(`${server.baseURL}/home`);
    await page.getByText(/people found/).waitFor();
    await looksFinishedInEveryLook(page, 'member-discover');

    await page.goto(`${server.baseURL}/chat/${cat.id}`);
    await page.getByText('Hi Ana! Saw you like Severance too.').waitFor();
    await looksFinishedInEveryLook(page, 'member-chat');

    await page.goto(`${server.baseURL}/connections`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await looksFinishedInEveryLook(page, 'member-onboarding');

    await expectNoPageErrorsAndClose(ana, ben, cat);
  }, 180_000);
});

describe('member live screens in both themes, on a phone and a desktop', () => {
  it("a live debate with End debate, the AI opponent's header, the match breakdown, a live notice and a block", async () => {
    // Eleven-character names: each must show whole on a card and in the debate's header, on a phone too.
    const suffix = String(Date.now() % 10_000_000).padStart(7, '0');
    const [ana, ben, cal] = await Promise.all([
      signUpMember(browser, server, `ana_${suffix}`, PHONE),
      signUpMember(browser, server, `ben_${suffix}`, PHONE),
      signUpMember(browser, server, `cal_${suffix}`, PHONE),
    ]);
    for (const m of [ana, ben, cal]) await withProfile(m);

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
    await looksFinishedInEveryLook(ana.page, 'member-live-debate');

    // cal, alone in the queue: after 10 s the AI opponent, its label whole in the header.
    await cal.page.getByText('AI opponent', { exact: true }).waitFor({ timeout: 25_000 });
    // The opponent's name whole beside 'You vs' (the labels take a line of their own when they must).
    const opponent = cal.page.locator('.hot-prompt-kicker strong');
    expect((await opponent.textContent())?.length).toBeGreaterThan(0);
    await looksFinishedInEveryLook(cal.page, 'member-hottakes-ai-header', {
      check: async (look) => {
        expect(await opponent.evaluate(shownWhole), `the opponent's name (${look.label})`).toBe(true);
        expect(await cal.page.locator('.hot-prompt-kicker').getByText('Sample', { exact: true }).evaluate(shownWhole), `'Sample' (${look.label})`).toBe(true);
      },
    });

    // The match breakdown of ben's card on ana's Discover.
    await ana.page.getByRole('button', { name: 'End debate' }).click();
    await ana.page.getByText('The debate has ended.').first().waitFor();
    await openLivePage(server, ana.page, '/home');
    const benCard = ana.page.locator('li.match-card').filter({ has: ana.page.getByRole('heading', { name: ben.name, exact: true }) });
    for (const { label, viewport } of LOOKS) {
      await ana.page.setViewportSize(viewport);
      expect(await benCard.getByRole('heading', { name: ben.name, exact: true }).evaluate(shownWhole), `ben's name on the card (${label})`).toBe(true);
    }
    await benCard.getByRole('button', { name: /% Match$/ }).click();
    const breakdown = ana.page.getByRole('dialog', { name: new RegExp(`match with ${ben.name}$`) });
    await breakdown.waitFor();
    await looksFinishedInEveryLook(ana.page, 'member-breakdown', { onScreen: true });
    await breakdown.getByRole('button', { name: 'Close' }).click();
    await breakdown.waitFor({ state: 'detached' });

    // cal asks ana while she is on Discover: the live notice with 'View'.
    expect((await post(cal, '/api/friends/requests', { toUserId: ana.id })).status()).toBe(201);
    const notice = ana.page.locator('.people-notice').filter({ hasText: `${cal.name} sent you a friend request` });
    await notice.waitFor({ timeout: 10_000 });
    await notice.getByRole('button', { name: 'View' }).waitFor();
    await looksFinishedInEveryLook(ana.page, 'member-live-notice', { onScreen: true });

    // View opens the request; More actions blocks cal: the question, then the confirmation.
    await notice.getByRole('button', { name: 'View' }).click();
    const row = ana.page.getByRole('list', { name: 'Want to be your friend' }).getByRole('listitem').filter({ hasText: cal.name });
    await row.getByRole('button', { name: `More actions for ${cal.name}` }).click();
    await row.getByRole('button', { name: `Block ${cal.name}` }).click();
    const question = ana.page.getByRole('dialog', { name: `Block ${cal.name}?` });
    await question.waitFor();
    await looksFinishedInEveryLook(ana.page, 'member-block-question', { onScreen: true });
    await question.getByRole('button', { name: 'Block', exact: true }).click();
    const blocked = ana.page.getByRole('dialog', { name: `You blocked ${cal.name}.` });
    await blocked.waitFor();
    await looksFinishedInEveryLook(ana.page, 'member-block-confirmation', { onScreen: true });

    await expectNoPageErrorsAndClose(ana, ben, cal);
  }, 300_000);
});
