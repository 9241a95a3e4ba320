import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, startBrowser } from './support/browser';
import { expectNoPageErrorsAndClose, type LiveMember, openLivePage, signUpMember } from './support/liveMembers';
import { startFileAppServer } from './support/browserAndServer';
import type { AppServer } from './support/server';

// Every open screen stays true, in real Chromium against the real server: what one member does reaches
// the other's open window over /api/live within 1 s with no reload (an answered or cancelled request, an
// ended friendship, a block), a request sent as the other page loads still shows, Discover right after
// onboarding ranks the profile as last edited, a log-out leaves nothing for the next guest, a log-in on a
// second browser changes nobody's score, and a profile edit shows on the member's other browser within 2 s.
// Set-up goes through the API; only the step under test uses the screens.

/** How soon the change must reach the other window's live channel, from the moment the server answered. */
const LIVE_BOUND_MS = 1_000;
/**
 * How soon the other window's screen must show it: the frame, then the screen fetching its list again. On an
 * idle machine that is well under a second; this bound holds on a two-core machine shared with other runs.
 */
const SCREEN_BOUND_MS = 3_000;

let browser: Browser;
let server: AppServer;
beforeAll(async () => {
  browser = await startBrowser();
  server = await startFileAppServer();
  // The server's first password hash is by far its slowest (argon2 starting up on a loaded machine).
  await (await signUpMember(browser, server, 'pushwarmup', PHONE)).context.close();
}, 240_000);
afterAll(async () => {
  console.info('live push timings (ms)', timings);
  await browser?.close();
  await server?.stop();
});

let updatedAt = 1_000;
const taste = {
  hobbies: 'Long walks and loud records',
  musicGenres: ['Jazz', 'Metal'],
  favoriteGames: ['Celeste'],
  favoriteShows: ['Dark'],
};

async function member(name: string, profile: Partial<typeof taste> & Record<string, unknown> = taste): Promise<LiveMember> {
  const someone = await signUpMember(browser, server, name, PHONE);
  await putProfile(someone, { ...taste, ...profile });
  return someone;
}

async function putProfile(someone: LiveMember, profile: Record<string, unknown>): Promise<void> {
  updatedAt += 1;
  const response = await someone.context.request.put('/api/me/profile', {
    headers: { Origin: server.baseURL },
    data: { username: someone.name, profilePicture: '', ...profile, updatedAt },
  });
  expect(response.status()).toBe(200);
}

async function api(someone: LiveMember, method: 'POST' | 'DELETE', path: string, data?: unknown) {
  const response = await someone.context.request.fetch(path, { method, headers: { Origin: server.baseURL }, ...(data === undefined ? {} : { data }) });
  expect(response.status()).toBeLessThan(300);
  return response.status() === 204 ? null : ((await response.json()) as Record<string, { id: string }>);
}

async function ask(from: LiveMember, to: LiveMember): Promise<string> {
  return (await api(from, 'POST', '/api/friends/requests', { toUserId: to.id }))!.request!.id;
}

async function befriend(one: LiveMember, other: LiveMember): Promise<void> {
  await api(other, 'POST', `/api/friends/requests/${await ask(one, other)}/accept`);
}

/** Every frame each page's live channel heard, with when (the test's clock). */
const framesOf = new WeakMap<Page, { at: number; type: string }[]>();

function hearFrames(page: Page) {
  if (framesOf.has(page)) return;
  const frames: { at: number; type: string }[] = [];
  framesOf.set(page, frames);
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      const at = Date.now();
      if (typeof frame.payload === 'string') frames.push({ at, type: (JSON.parse(frame.payload) as { type: string }).type });
    }),
  );
}

/** The member's screen open at `path`, its live channel connected (the Friends tab is drawn and the socket open). */
async function open(someone: LiveMember, path: string): Promise<void> {
  hearFrames(someone.page);
  await openLivePage(server, someone.page, path);
}

const itemOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const friendsTab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const incoming = (page: Page) => page.getByRole('list', { name: 'Want to be your friend' });
const outgoing = (page: Page) => page.getByRole('list', { name: 'Waiting for an answer' });

const timings: Record<string, { frame: number; screen: number }> = {};

/**
 * Runs the step on the actor's page, waits for the server's answer to `path`, then for the other window to
 * show `seen`; records (under `name`) how long after the answer the other window's channel heard
 * `frameType` and its screen showed it, and holds both to their bounds.
 */
async function seenWithin(
  name: string,
  actor: Page,
  path: string,
  step: () => Promise<void>,
  other: Page,
  frameType: string,
  seen: () => Promise<unknown>,
  screenBoundMs = SCREEN_BOUND_MS,
): Promise<void> {
  const heard = framesOf.get(other) ?? [];
  const before = heard.length;
  const answered = actor.waitForResponse((response) => new URL(response.url()).pathname.startsWith(path) && response.request().method() !== 'GET');
  await step();
  expect((await answered).status()).toBeLessThan(300);
  const answeredAt = Date.now();
  await seen();
  const screen = Date.now() - answeredAt;
  await expect.poll(() => heard.slice(before).some((frame) => frame.type === frameType)).toBe(true);
  const frame = heard.slice(before).find((f) => f.type === frameType)!.at - answeredAt;
  timings[name] = { frame, screen };
  expect(frame).toBeLessThan(LIVE_BOUND_MS);
  expect(screen).toBeLessThan(screenBoundMs);
}

describe('open screens stay true without a reload', () => {
  it('an accepted request turns the sender\'s Discover card into a friend and updates their Friends; a declined or cancelled one leaves the other\'s lists', async () => {
    const ada = await member('pushada');
    const bo = await member('pushbo');

    // Ada asked Bo from Discover and stays there; Bo accepts on Friends.
    await open(ada, '/dashboard');
    await itemOf(ada.page, 'pushbo').getByRole('button', { name: 'Add Friend' }).click();
    await itemOf(ada.page, 'pushbo').getByRole('button', { name: 'Request sent' }).waitFor();
    await open(bo, '/friends');
    await incoming(bo.page).getByRole('heading', { name: 'pushada' }).waitFor();
    await seenWithin(
      'accept',
      bo.page,
      '/api/friends/requests',
      () => incoming(bo.page).getByRole('button', { name: 'Accept' }).click(),
      ada.page,
      'people.changed',
      () => itemOf(ada.page, 'pushbo').getByRole('button', { name: 'Friend Added!' }).waitFor({ timeout: 10_000 }),
    );
    await screenshot(ada.page, 'live-push-accepted-discover-phone');

    // Decline: Ada, on Friends, sees her request to Cy leave 'Waiting for an answer'.
    const cy = await member('pushcy');
    await ask(ada, cy);
    await open(ada, '/friends');
    await outgoing(ada.page).getByRole('heading', { name: 'pushcy' }).waitFor();
    await open(cy, '/friends');
    await seenWithin(
      'decline',
      cy.page,
      '/api/friends/requests',
      () => incoming(cy.page).getByRole('button', { name: 'Decline' }).click(),
      ada.page,
      'people.changed',
      () => outgoing(ada.page).waitFor({ state: 'detached', timeout: 10_000 }),
    );

    // Cancel: Cy, on Friends, sees Ada's request and the tab's count go.
    await ask(ada, cy);
    await open(cy, '/friends');
    await friendsTab(cy.page, 'Friends, 1 request').waitFor();
    await open(ada, '/friends');
    await seenWithin(
      'cancel',
      ada.page,
      '/api/friends/requests',
      () => outgoing(ada.page).getByRole('button', { name: 'Cancel' }).click(),
      cy.page,
      'people.changed',
      async () => {
        await incoming(cy.page).waitFor({ state: 'detached', timeout: 10_000 });
        await friendsTab(cy.page, 'Friends').waitFor({ timeout: 10_000 });
      },
    );

    await expectNoPageErrorsAndClose(ada, bo, cy);
  }, 180_000);

  it('an ended friendship and a block leave the other\'s open Friends', async () => {
    const dee = await member('pushdee');
    const eli = await member('pusheli');
    const fay = await member('pushfay');
    await befriend(dee, eli);
    await befriend(dee, fay);

    await open(eli, '/friends');
    await itemOf(eli.page, 'pushdee').waitFor();
    await open(dee, '/friends');
    await itemOf(dee.page, 'pusheli').getByRole('button', { name: 'Remove' }).click();
    const question = dee.page.getByRole('alertdialog', { name: 'Remove friend?' });
    await seenWithin(
      'unfriend',
      dee.page,
      '/api/friends/',
      () => question.getByRole('button', { name: 'Remove' }).click(),
      eli.page,
      'people.changed',
      () => itemOf(eli.page, 'pushdee').waitFor({ state: 'detached', timeout: 10_000 }),
    );
    await eli.page.getByText('No friends yet!').waitFor();

    // Dee blocks Fay from her row's More actions; Fay's Friends no longer lists Dee.
    await open(fay, '/friends');
    await itemOf(fay.page, 'pushdee').waitFor();
    const fayRow = itemOf(dee.page, 'pushfay');
    await fayRow.getByRole('button', { name: 'More actions for pushfay' }).click();
    await fayRow.getByRole('button', { name: 'Block pushfay' }).click();
    const confirmBlock = dee.page.getByRole('dialog', { name: 'Block pushfay?' });
    await seenWithin(
      'block',
      dee.page,
      '/api/blocks',
      () => confirmBlock.getByRole('button', { name: 'Block', exact: true }).click(),
      fay.page,
      'people.changed',
      () => itemOf(fay.page, 'pushdee').waitFor({ state: 'detached', timeout: 10_000 }),
    );

    await expectNoPageErrorsAndClose(dee, eli, fay);
  }, 180_000);

  it('a request sent while the other page loads, before its live channel opens, still appears', async () => {
    const gus = await member('pushgus');
    const hal = await member('pushhal');
    // Hal's page loads its requests (none yet); his socket is held until Gus's request is stored.
    let requestSent!: () => void;
    const sent = new Promise<void>((resolve) => (requestSent = resolve));
    await hal.page.routeWebSocket('**/api/live', async (ws) => {
      await sent;
      ws.connectToServer();
    });
    const listed = hal.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/friends/requests');
    await hal.page.goto(`${server.baseURL}/friends`);
    await listed;
    await ask(gus, hal);
    requestSent();
    await incoming(hal.page).getByRole('heading', { name: 'pushgus' }).waitFor({ timeout: 10_000 });
    await friendsTab(hal.page, 'Friends, 1 request').waitFor();

    await expectNoPageErrorsAndClose(gus, hal);
  }, 120_000);
});

describe('Discover ranks the profile as last edited', () => {
  it("lists a member who shares everything when 'Start Exploring' follows the last chip at once", async () => {
    await member('pushivy');
    const jon = await signUpMember(browser, server, 'pushjon', PHONE);
    await jon.page.goto(`${server.baseURL}/connections`);
    await jon.page.getByRole('heading', { name: 'Build Your Profile' }).waitFor();
    await jon.page.getByRole('textbox', { name: 'Favorite Hobbies' }).fill(taste.hobbies);
    const region = (name: string) => jon.page.getByRole('region', { name, exact: true });
    const addChip = async (list: string, label: string, item: string) => {
      const input = region(list).getByRole('textbox', { name: label });
      await input.fill(item);
      await input.press('Enter');
    };
    await addChip('Music Genres', 'Add a music genre', 'Jazz');
    await addChip('Music Genres', 'Add a music genre', 'Metal');
    await addChip('Favorite Games', 'Add a favorite game', 'Celeste');
    await addChip('Favorite Shows & Movies', 'Add a favorite show or movie', 'Dark');
    await jon.page.getByRole('button', { name: 'Start Exploring' }).click();
    await jon.page.waitForURL('**/dashboard');
    await itemOf(jon.page, 'pushivy').waitFor({ timeout: 10_000 });
    expect(await jon.page.getByText('0 people found').count()).toBe(0);
    await expectNoPageErrorsAndClose(jon);
  }, 120_000);

  it("opens Discover's cards, not 'Complete Your Profile', when this browser learns of the completed profile only after Discover asked", async () => {
    await member('pushlea');
    // Signed up in this browser, the profile completed elsewhere: this device's copy is still empty.
    const mia = await member('pushmia');
    // The session's own check of /api/me goes through; the profile sync's read of it comes late, so Discover
    // first judges the gate on the empty copy, and the live channel has opened by the time the profile lands.
    let reads = 0;
    await mia.page.route('**/api/me', async (route) => {
      reads += 1;
      if (route.request().method() === 'GET' && reads > 1) await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await mia.page.goto(`${server.baseURL}/dashboard`);
    await itemOf(mia.page, 'pushlea').getByRole('button', { name: 'Add Friend' }).waitFor({ timeout: 10_000 });
    expect(await mia.page.getByRole('heading', { name: 'Complete Your Profile' }).count()).toBe(0);
    await expectNoPageErrorsAndClose(mia);
  }, 120_000);
});

describe('a device holds one person at a time', () => {
  it("after a member logs out, 'Continue as guest' opens an empty profile", async () => {
    const kay = await member('pushkay');
    await kay.page.goto(`${server.baseURL}/profile`);
    await expect.poll(() => kay.page.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue(), { timeout: 10_000 }).toBe(taste.hobbies);
    await kay.page.goto(`${server.baseURL}/settings`);
    await kay.page.getByRole('button', { name: 'Log Out' }).click();
    await kay.page.getByRole('alertdialog', { name: 'Log Out' }).getByRole('button', { name: 'Log Out' }).click();
    await kay.page.waitForURL('**/auth');
    await kay.page.getByRole('button', { name: 'Continue as guest' }).click();
    await kay.page.getByRole('heading', { name: 'Build Your Profile' }).waitFor();
    expect(await kay.page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('');
    expect(await kay.page.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue()).toBe('');
    expect(await kay.page.getByRole('list', { name: 'Your Music Genres' }).getByRole('listitem').count()).toBe(0);
    const left = await kay.page.evaluate(() => Object.keys(localStorage).filter((key) => key !== 'user_settings' && key !== 'user_profile'));
    expect(left.filter((key) => /profile_sync|member_|outbox|ai_profile|steam|token|chat_logs/.test(key))).toEqual([]);
    await expectNoPageErrorsAndClose(kay);
  }, 120_000);

  it("a log-in on a second browser keeps the member's connected taste and both members' scores", async () => {
    const connected = {
      connectedServices: { spotify: true, trakt: false, steam: true },
      connectedTaste: { spotifyGenres: ['jazz', 'metal'], steamGames: [{ name: 'Celeste', hours: 120 }] },
    };
    const lia = await member('pushlia', connected);
    const max = await member('pushmax', connected);
    const scoreOf = async (viewer: LiveMember, name: string) => {
      const page = (await (await viewer.context.request.get('/api/discover')).json()) as { cards: { username: string; similarityScore: number }[] };
      return page.cards.find((card) => card.username === name)?.similarityScore;
    };
    const before = [await scoreOf(lia, 'pushmax'), await scoreOf(max, 'pushlia')];
    expect(before[0]).toBeGreaterThan(0);

    // Lia logs in on a second browser, which has no token and no Steam id, and opens the connect cards.
    const phone = await browser.newContext({ viewport: PHONE, baseURL: server.baseURL });
    const page = await phone.newPage();
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel('Username').fill('pushlia');
    await page.getByLabel('Password').fill('pushlia-secret');
    await page.getByRole('button', { name: 'Log In' }).click();
    // Her profile is complete, so the log-in lands on Home; then the connect cards open on this browser too.
    await page.waitForURL('**/home');
    await page.goto(`${server.baseURL}/connections`);
    await page.getByRole('heading', { name: 'Build Your Profile' }).waitFor();
    // Longer than the profile sync's pause, so anything this browser would write has been sent.
    await page.waitForTimeout(3_000);
    const { profile } = (await (await page.request.get('/api/me')).json()) as { profile: typeof connected };
    expect(profile).toMatchObject(connected);
    expect([await scoreOf(lia, 'pushmax'), await scoreOf(max, 'pushlia')]).toEqual(before);
    await phone.close();
    for (const someone of [lia, max]) await someone.context.close();
  }, 120_000);

  it("a profile edited on one browser shows on the member's other open browser within 2 s", async () => {
    const ned = await member('pushned');
    const laptop = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseURL });
    const loggedIn = await laptop.request.post('/api/auth/login', { headers: { Origin: server.baseURL }, data: { username: 'pushned', password: 'pushned-secret' } });
    expect(loggedIn.status()).toBe(200);
    const other = await laptop.newPage();
    hearFrames(other);
    const socket = other.waitForEvent('websocket');
    await other.goto(`${server.baseURL}/profile`);
    await socket;
    await expect.poll(() => other.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue(), { timeout: 10_000 }).toBe(taste.hobbies);

    await ned.page.goto(`${server.baseURL}/profile`);
    await expect.poll(() => ned.page.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue(), { timeout: 10_000 }).toBe(taste.hobbies);
    const typed = Date.now();
    // The typing device sends the profile after its 1 s pause; from that save the other device has 2 s.
    await seenWithin(
      'profile',
      ned.page,
      '/api/me/profile',
      () => ned.page.getByRole('textbox', { name: 'Favorite Hobbies' }).fill('Rowing at dawn'),
      other,
      'profile.changed',
      () => expect.poll(() => other.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue(), { interval: 50, timeout: 10_000 }).toBe('Rowing at dawn'),
      2_000,
    );
    console.info('profile shown on the other browser', Date.now() - typed, 'ms after typing');
    await laptop.close();
    await ned.context.close();
  }, 120_000);
});
