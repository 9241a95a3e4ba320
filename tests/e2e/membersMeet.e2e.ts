import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// acceptance, in real Chromium against the real server on an empty database: three members
// (ada, bo, cy) with overlapping tastes meet. ada and bo see each other in Discover with the same score and
// the same shared items; ada asks, bo sees the badge and the request and accepts; both see each other in
// Friends and ada is told in the page. Privacy, blocking and reporting follow in the marked place below.

const profileOf = (username: string, musicGenres: string[], favoriteGames: string[], favoriteShows: string[]) => ({
  username,
  profilePicture: '',
  hobbies: 'Long walks and loud records',
  musicGenres,
  favoriteGames,
  favoriteShows,
  connectedServices: { spotify: false, trakt: false, steam: false },
});
// ada and bo share Jazz and Celeste; cy shares Metal and Dark with ada only.
const ada = { account: { username: 'ada', email: 'ada@example.com', password: 'ada-secret' }, profile: profileOf('ada', ['Jazz', 'Metal'], ['Celeste'], ['Dark']) };
const bo = { account: { username: 'bo', email: 'bo@example.com', password: 'bo-secret' }, profile: profileOf('bo', ['Jazz'], ['Celeste'], ['Severance']) };
const cy = { account: { username: 'cy', email: 'cy@example.com', password: 'cy-secret' }, profile: profileOf('cy', ['Metal'], ['Hades'], ['Dark']) };

interface Member {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

/** A fresh browser whose device profile becomes the new member's at sign-up (as a guest turning member). */
async function signUpMember(person: typeof ada): Promise<Member> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.baseURL });
  await context.addInitScript((profile: string) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    localStorage.setItem('user_profile', profile);
  }, JSON.stringify(person.profile));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.baseURL}/auth`);
  await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
  await page.getByLabel('Username', { exact: true }).fill(person.account.username);
  await page.getByLabel('Email', { exact: true }).fill(person.account.email);
  await page.getByLabel('Password', { exact: true }).fill(person.account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(person.account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // Generous: three argon2 sign-ups on an embedded Postgres share two busy cores with the browser.
  await page.waitForURL('**/connections', { timeout: 60_000 });
  // The device profile has reached the server: discover ranks by it.
  await expect
    .poll(async () => ((await (await page.request.get('/api/me')).json()) as { profile: { hobbies?: string } | null }).profile?.hobbies, { timeout: 15_000 })
    .toBe('Long walks and loud records');
  return { page, context, errors };
}

async function go(member: Member, path: string) {
  await member.page.goto(`${server.baseURL}${path}`);
}

/** A card (or friend row) by the person's name. */
const itemOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function cardSays(page: Page, name: string) {
  const card = itemOf(page, name);
  await card.waitFor();
  return { score: await card.locator('.match-badge').textContent(), shared: await card.locator('.match-shared').textContent() };
}

describe('members meet', () => {
  it('A and B find each other alike, A asks, B accepts from the badge, both are friends and A is told', async () => {
    const a = await signUpMember(ada);
    const b = await signUpMember(bo);
    const c = await signUpMember(cy);

    // Discover: the same score both ways, and the items both like.
    await go(a, '/dashboard');
    await go(b, '/dashboard');
    const aSeesB = await cardSays(a.page, 'bo');
    const bSeesA = await cardSays(b.page, 'ada');
    expect(aSeesB.score).toMatch(/^\d+% Match$/);
    expect(bSeesA.score).toBe(aSeesB.score);
    expect(aSeesB.shared).toBe('You both like Jazz and Celeste');
    expect(bSeesA.shared).toBe('You both like Jazz and Celeste');
    expect(await seriousViolations(a.page)).toEqual([]);
    await screenshot(a.page, 'members-meet-discover-phone');

    // A asks B: the card reads 'Request sent' and cannot ask twice.
    await itemOf(a.page, 'bo').getByRole('button', { name: 'Add Friend' }).click();
    const sent = itemOf(a.page, 'bo').getByRole('button', { name: 'Request sent' });
    await sent.waitFor();
    expect(await sent.isDisabled()).toBe(true);

    // B opens the app again: the Friends tab counts the request; Friends lists it under Requests.
    await go(b, '/dashboard');
    const friendsTab = b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends, 1 request', exact: true });
    await friendsTab.waitFor();
    await friendsTab.click();
    const requests = b.page.getByRole('region', { name: 'Requests' });
    await requests.getByRole('heading', { name: 'ada' }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    await screenshot(b.page, 'members-meet-friends-requests-phone');
    await requests.getByRole('button', { name: 'Accept' }).click();

    // Both see each other in Friends; a member friend's Chat is a real conversation (liveChat.e2e.ts).
    const adaRow = itemOf(b.page, 'ada');
    await adaRow.getByRole('button', { name: 'Remove' }).waitFor();
    expect(await adaRow.getByRole('link', { name: 'Chat' }).count()).toBe(1);
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends', exact: true }).waitFor();

    await a.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' }).click();
    const notice = a.page.getByRole('status').filter({ hasText: "You're now friends with bo!" });
    await notice.waitFor();
    await itemOf(a.page, 'bo').getByRole('button', { name: 'Remove' }).waitFor();
    await screenshot(a.page, 'members-meet-friends-phone');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => a.page.getByText("You're now friends with bo!").count()).toBe(0);

    // Desktop views of the member's Discover and Friends.
    await a.page.setViewportSize(DESKTOP);
    await screenshot(a.page, 'members-meet-friends-desktop');
    await go(a, '/dashboard');
    await itemOf(a.page, 'bo').waitFor();
    expect(await itemOf(a.page, 'bo').getByRole('button', { name: 'Friend Added!' }).isDisabled()).toBe(true);
    await screenshot(a.page, 'members-meet-discover-desktop');
    expect(await a.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // PRIVACY, BLOCK AND REPORT (other acceptance steps, the safety work): with a, b and c as
    // they stand here, B sets 'Visible to friends only' -> C no longer finds B in discover or search, A
    // still does; B blocks A -> A no longer sees B anywhere and their friendship is gone; A reports C ->
    // `npm run reports` lists it.

    for (const member of [a, b, c]) {
      expect(member.errors).toEqual([]);
      await member.context.close();
    }
  }, 180_000);
});
