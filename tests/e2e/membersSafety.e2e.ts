import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot, startBrowser } from './support/browser';
import { startFileAppServer } from './support/browserAndServer';
import type { AppServer } from './support/server';

// safety acceptance in real Chromium against the real server on its own empty database: members
// ana, ben (friends) and cyd. ben keeps his profile to friends -> cyd no longer finds him, ana still does;
// ben blocks ana from her Discover card -> she no longer sees him anywhere and the friendship is gone; ana
// reports cyd from his Discover card -> the operators' `npm run reports` lists it (run on the server's
// DATA_DIR once the server has stopped).

const run = promisify(execFile);

const profileOf = (username: string, musicGenres: string[], favoriteGames: string[]) => ({
  username,
  profilePicture: '',
  hobbies: 'Night walks and vinyl',
  musicGenres,
  favoriteGames,
  favoriteShows: ['Dark'],
  connectedServices: { spotify: false, trakt: false, steam: false },
});
// All three share Dark and Jazz, so each finds the others before any privacy or block.
const people = {
  ana: profileOf('ana', ['Jazz', 'Metal'], ['Celeste']),
  ben: profileOf('ben', ['Jazz'], ['Celeste']),
  cyd: profileOf('cyd', ['Jazz', 'Metal'], ['Hades']),
};
type Name = keyof typeof people;

interface Member {
  page: Page;
  context: BrowserContext;
  errors: string[];
  id: string;
}

let browser: Browser;
let server: AppServer;
beforeAll(async () => {
  browser = await startBrowser();
  server = await startFileAppServer();
});
afterAll(async () => {
  await browser.close();
  // Stopping twice is harmless; the data directory is kept for the CLI, so it is removed here.
  if (server) {
    await server.stop({ keepData: true });
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

async function signUp(name: Name): Promise<Member> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.baseURL });
  await context.addInitScript((profile: string) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    localStorage.setItem('user_profile', profile);
  }, JSON.stringify(people[name]));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.baseURL}/auth`);
  await page.getByLabel('Username', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(`${name}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(`${name}-secret`);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${name}-secret`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/connections', { timeout: 60_000 });
  // The device profile has reached the server: discover ranks by it.
  await expect
    .poll(async () => ((await (await page.request.get('/api/me')).json()) as { profile: { hobbies?: string } | null }).profile?.hobbies, { timeout: 15_000 })
    .toBe('Night walks and vinyl');
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  return { page, context, errors, id: me.user.id };
}

/** A same-origin call from the member's page (the browser sends its Origin, as the app's own calls do). */
async function call(member: Member, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return member.page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

/** Whom the member finds in discover (optionally searching). */
async function discoverNames(member: Member, q?: string): Promise<string[]> {
  const { json } = await call(member, 'GET', `/api/discover${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  return (json as { cards: { username: string; kind: string }[] }).cards.filter((c) => c.kind === 'member').map((c) => c.username);
}

async function friendNames(member: Member): Promise<string[]> {
  const { json } = await call(member, 'GET', '/api/friends');
  return (json as { friends: { username: string }[] }).friends.map((f) => f.username);
}

async function go(member: Member, path: string) {
  await member.page.goto(`${server.baseURL}${path}`);
}

/** A person's card on Discover, or a row on Friends: the list item headed by their name. */
const itemOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('members: privacy, block and report', () => {
  it('friends-only privacy hides ben from cyd, blocking parts ben and ana, and ana reports cyd for the operators', async () => {
    const ana = await signUp('ana');
    const ben = await signUp('ben');
    const cyd = await signUp('cyd');

    // ana and ben become friends (the request flow has its own e2e, membersMeet).
    const asked = await call(ana, 'POST', '/api/friends/requests', { toUserId: ben.id });
    expect(asked.status).toBe(201);
    const requestId = (asked.json as { request: { id: string } }).request.id;
    expect((await call(ben, 'POST', `/api/friends/requests/${requestId}/accept`)).status).toBe(200);
    expect(await friendNames(ana)).toEqual(['ben']);
    expect(await discoverNames(cyd)).toContain('ben');

    // ben keeps his profile to friends, with the Settings switch; the server keeps it.
    await go(ben, '/settings');
    const visibility = ben.page.getByRole('switch', { name: 'Profile Visibility' });
    await expect.poll(() => visibility.isEnabled()).toBe(true);
    // While the switch is on its way to the server, Download, Clear App Data and Log Out wait (disabled), so
    // none of them can leave the switch showing what the server never kept.
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const settingsPath = (url: URL) => url.pathname === '/api/me/settings';
    await ben.page.route(settingsPath, async (route) => {
      if (route.request().method() === 'PUT') await saveHeld;
      await route.fallback();
    });
    await visibility.click();
    const dataActions = ['Download my data', 'Clear App Data', 'Log Out'].map((name) => ben.page.getByRole('button', { name, exact: true }));
    for (const action of dataActions) await expect.poll(() => action.isDisabled()).toBe(true);
    releaseSave();
    for (const action of dataActions) await expect.poll(() => action.isEnabled()).toBe(true);
    await ben.page.unroute(settingsPath);
    await expect.poll(async () => ((await call(ben, 'GET', '/api/me/settings')).json as { profileVisibility: string }).profileVisibility).toBe('private');
    await ben.page.reload();
    await expect.poll(() => ben.page.getByRole('switch', { name: 'Profile Visibility' }).getAttribute('aria-checked')).toBe('false');
    expect(await ben.page.getByText('Visible to friends only').count()).toBe(1);

    // cyd no longer finds ben, in discover or by search; ana, his friend, still does.
    expect(await discoverNames(cyd)).not.toContain('ben');
    expect(await discoverNames(cyd, 'ben')).toEqual([]);
    expect(await discoverNames(ana)).toContain('ben');
    expect(await discoverNames(ana, 'ben')).toEqual(['ben']);

    // ben blocks ana from her card on his Discover page: the menu, then the confirmation dialog. Her card
    // leaves at once, cyd's stays.
    await go(ben, '/home');
    const anaCard = itemOf(ben.page, 'ana');
    await itemOf(ben.page, 'cyd').waitFor();
    await anaCard.getByRole('button', { name: 'More actions for ana' }).click();
    await anaCard.getByRole('button', { name: 'Block ana' }).click();
    const confirmBlock = ben.page.getByRole('dialog', { name: 'Block ana?' });
    await confirmBlock.waitFor();
    expect(await seriousViolations(ben.page)).toEqual([]);
    await screenshot(ben.page, 'members-safety-block-dialog-phone');
    await confirmBlock.getByRole('button', { name: 'Block', exact: true }).click();
    await expect.poll(() => anaCard.count()).toBe(0);
    expect(await confirmBlock.count()).toBe(0);
    expect(await ben.page.getByRole('status').filter({ hasText: 'You blocked ana.' }).count()).toBe(1);
    expect(await itemOf(ben.page, 'cyd').count()).toBe(1);

    // ana no longer sees ben anywhere: not in discover, not by search, not among her friends; the friendship
    // is gone for ben too, and ben's Settings list ana under 'Blocked people'.
    expect(await discoverNames(ana)).not.toContain('ben');
    expect(await discoverNames(ana, 'ben')).toEqual([]);
    expect(await friendNames(ana)).toEqual([]);
    expect(await friendNames(ben)).toEqual([]);
    expect((await call(ana, 'GET', `/api/members/${ben.id}`)).status).toBe(404);
    // ana's own pages agree: her Discover (once cyd's card is there) and her Friends have no ben.
    await go(ana, '/home');
    await itemOf(ana.page, 'cyd').waitFor();
    expect(await itemOf(ana.page, 'ben').count()).toBe(0);
    await go(ana, '/friends');
    await ana.page.getByText('No friends yet!').waitFor();
    expect(await itemOf(ana.page, 'ben').count()).toBe(0);
    await go(ben, '/settings');
    const blocked = ben.page.getByRole('region', { name: 'Blocked people' });
    await blocked.getByRole('button', { name: 'Unblock ana' }).waitFor();
    expect(await seriousViolations(ben.page)).toEqual([]);
    await screenshot(ben.page, 'members-safety-blocked-people-phone');
    await ben.page.setViewportSize(DESKTOP);
    await screenshot(ben.page, 'members-safety-blocked-people-desktop');

    // ana reports cyd from his card on her Discover page: a reason, a note, then the thank-you.
    await go(ana, '/home');
    const cydCard = itemOf(ana.page, 'cyd');
    await cydCard.getByRole('button', { name: 'More actions for cyd' }).click();
    await cydCard.getByRole('button', { name: 'Report cyd' }).click();
    const reportDialog = ana.page.getByRole('dialog', { name: 'Report cyd' });
    await reportDialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await reportDialog.getByRole('textbox', { name: 'Anything else we should know? (optional)' }).fill('Rude in every message');
    expect(await seriousViolations(ana.page)).toEqual([]);
    await screenshot(ana.page, 'members-safety-report-dialog-phone');
    const reportResponse = ana.page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/reports');
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    const reported = await reportResponse;
    expect(reported.status()).toBe(201);
    const reportId = ((await reported.json()) as { id: string }).id;
    await reportDialog.getByRole('status').filter({ hasText: 'Thank you. Your report about cyd was sent and will be reviewed.' }).waitFor();
    await reportDialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => reportDialog.count()).toBe(0);

    for (const member of [ana, ben, cyd]) {
      expect(member.errors).toEqual([]);
      await member.context.close();
    }

    // The operators' CLI, on the server's database once the server has let go of it (PGlite is one process's).
    await server.stop({ keepData: true });
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const listed = await run(process.execPath, ['--import', 'tsx', 'scripts/reports.ts'], { env: { ...inherited, DATA_DIR: server.dataDir } });
    expect(listed.stdout).toMatch(/^\S+ {2}ana reported cyd for harassment\n {2}note: Rude in every message\n/);
    expect(listed.stdout).toContain(`  id: ${reportId}\n1 open report.`);
  }, 240_000);
});
