import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, settleAnimations } from './support/browser';
import { befriend, expectNoPageErrorsAndClose, giveProfile, openLivePage, signUpMember, type LiveMember } from './support/liveMembers';
import { profileWith } from '../support/profiles';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// Moderation in real Chromium against the real server, one flow from the report to every action.
// Set-up through the API (sign-ups, a friendship, one plain report) and the real `npm run operator`
// script (the server stopped for it, as its embedded database allows one process); every step under
// test through the screens: ana reports one of ben's chat messages with its own 'Report message'
// button; the operator opens /admin, sees the report with the message, suspends ben for 1 day by the
// real buttons, ben's open tab is signed out within 2 s and his log-in says until when; the operator
// lifts the suspension and ben logs in again; dismisses another report; deletes ben's account, which
// signs him out again and leaves his password refused. 'Moderation log' lists each action. A plain
// member gets the not-found screen at /admin and 404 from /api/admin.

const run = promisify(execFile);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** docs/product.md's date for people: '2 March 2026, 12:00 UTC'. */
const forPeople = (at: Date) =>
  `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')} UTC`;

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

async function member(name: string, viewport: { width: number; height: number }): Promise<LiveMember> {
  const m = await signUpMember(browser, server, name, viewport);
  await giveProfile(server, m, profileWith({ username: name, hobbies: 'Moderation testing', musicGenres: ['Krautrock'] }));
  return m;
}

/** `npm run operator -- --grant <name>` on the server's database, with the server stopped meanwhile. */
async function grantOperator(name: string): Promise<void> {
  await server.halt();
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', '--grant', name], { env: { ...inherited, DATA_DIR: server.dataDir } });
  expect(stdout).toBe(`${name} is now an operator.\n`);
  await server.restart();
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync('/tmp/operators-shots', { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await settleAnimations(page);
    await page.screenshot({ path: `/tmp/operators-shots/${name}-${theme}.png`, fullPage: true });
  }
}

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });
async function send(page: Page, text: string) {
  await box(page).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.locator('.message-mine .message-note', { hasText: /Sent|Delivered|Read/ }).last().waitFor({ timeout: 5_000 });
}

async function logIn(page: Page, name: string) {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Username', { exact: true }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(`${name}-secret`);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Opens an action's dialog from a report, gives the reason, presses the action's button; the answer. */
async function act(page: Page, report: Locator, button: string, dialogName: string, reason: string) {
  await report.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  const answered = page.waitForResponse((response) => response.url().includes('/api/admin/') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: button }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  return response;
}

describe('moderation', () => {
  it('a reported message reaches /admin; the operator suspends, lifts, dismisses and deletes, each signing the member out at once where it should', { timeout: 300_000 }, async () => {
    const ana = await member('ana_mod', DESKTOP);
    const ben = await member('ben_mod', PHONE);
    const olga = await member('olga_mod', DESKTOP);
    const pat = await member('pat_mod', PHONE);
    await befriend(server, ana, ben);
    const plain = await pat.context.request.post('/api/reports', { headers: { Origin: server.baseURL }, data: { userId: ana.id, reason: 'spam', note: 'Sends links' } });
    expect(plain.status()).toBe(201);
    await grantOperator('olga_mod');

    // ben writes to ana; ana reports his message with its own button.
    await openLivePage(server, ben.page, `/chat/${ana.id}`);
    await openLivePage(server, ana.page, `/chat/${ben.id}`);
    await send(ben.page, 'hello there');
    await send(ben.page, 'Meet me outside or else');
    const threat = ana.page.getByRole('listitem').filter({ hasText: 'Meet me outside or else' });
    await threat.waitFor({ timeout: 5_000 });
    await threat.getByRole('button', { name: 'Report message' }).click();
    const reportDialog = ana.page.getByRole('dialog', { name: 'Report ben_mod' });
    await reportDialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await reportDialog.getByRole('textbox', { name: 'Anything else we should know? (optional)' }).fill('Threats in chat');
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await reportDialog.getByRole('status').filter({ hasText: 'Thank you. Your report about ben_mod was sent and will be reviewed.' }).waitFor();
    await reportDialog.getByRole('button', { name: 'Done' }).click();

    // ben waits on Discover with his live socket open.
    await openLivePage(server, ben.page, '/home');

    await olga.page.goto(`${server.baseURL}/admin`);
    const reports = olga.page.getByRole('region', { name: 'Open reports' });
    await reports.getByRole('heading', { level: 2, name: 'Open reports' }).waitFor();
    const report = reports.getByRole('article', { name: 'ana_mod reported ben_mod' });
    await report.waitFor();
    expect(await report.textContent()).toContain('Threats in chat');
    const messages = report.getByRole('region', { name: 'Messages' });
    expect(await messages.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('hello there'), expect.stringContaining('Meet me outside or else')]);
    expect(await seriousViolations(olga.page)).toEqual([]);
    await shoot(olga.page, 'admin-desktop');
    await olga.page.setViewportSize(PHONE);
    await shoot(olga.page, 'admin-phone');
    await olga.page.setViewportSize(DESKTOP);

    // Suspend: 1 day is chosen; ben's open tab is signed out within 2 s of the answer.
    await report.getByRole('button', { name: 'Suspend' }).click();
    const dialog = olga.page.getByRole('dialog', { name: 'Suspend ben_mod' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: '1 day' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Threatened another member');
    await shoot(olga.page, 'admin-dialog-desktop');
    const answered = olga.page.waitForResponse((response) => response.url().includes('/api/admin/members/') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const { entry } = (await response.json()) as { entry: { at: string } };
    const actedAt = Date.now();
    await ben.page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: 2_000 });
    expect(Date.now() - actedAt).toBeLessThan(2_000);

    await olga.page.getByRole('status').filter({ hasText: 'Suspended ben_mod for 1 day.' }).waitFor();
    const log = olga.page.getByRole('region', { name: 'Moderation log' });
    await log.getByText('olga_mod: Suspended ben_mod for 1 day').waitFor();
    expect(await log.textContent()).toContain('Threatened another member');
    await shoot(olga.page, 'admin-after-desktop');

    // ben logs in again: the suspension, and until when.
    await logIn(ben.page, 'ben_mod');
    const until = new Date(Date.parse(entry.at) + 24 * 60 * 60 * 1000);
    await ben.page.getByText(`This account is suspended until ${forPeople(until)}.`).waitFor();

    // Lift: ben's log-in works again.
    await act(olga.page, report, 'Lift suspension', 'Lift the suspension of ben_mod', 'Apologised, first offence');
    await olga.page.getByRole('status').filter({ hasText: 'Lifted the suspension of ben_mod.' }).waitFor();
    await log.getByText('olga_mod: Lifted the suspension of ben_mod').waitFor();
    await report.getByRole('button', { name: 'Suspend' }).waitFor();
    await logIn(ben.page, 'ben_mod');
    await ben.page.waitForURL((url) => url.pathname !== '/login', { timeout: 5_000 });
    await openLivePage(server, ben.page, '/home');

    // Dismiss: the other report leaves the list.
    const spam = reports.getByRole('article', { name: 'pat_mod reported ana_mod' });
    await act(olga.page, spam, 'Dismiss', 'Dismiss the report about ana_mod', 'Links were to a gig listing');
    await olga.page.getByRole('status').filter({ hasText: 'Dismissed a report about ana_mod.' }).waitFor();
    await spam.waitFor({ state: 'detached' });
    await log.getByText('olga_mod: Dismissed a report about ana_mod').waitFor();

    // Delete: ben's open tab is signed out again at once, his reports close, his password is refused.
    await act(olga.page, report, 'Delete account', 'Delete the account of ben_mod', 'Threatened again after the lift');
    const deletedAt = Date.now();
    await ben.page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: 2_000 });
    expect(Date.now() - deletedAt).toBeLessThan(2_000);
    await olga.page.getByRole('status').filter({ hasText: 'Deleted the account of ben_mod.' }).waitFor();
    await report.waitFor({ state: 'detached' });
    await reports.getByText('No open reports.').waitFor();
    await log.getByText('olga_mod: Deleted the account of ben_mod').waitFor();
    await logIn(ben.page, 'ben_mod');
    await ben.page.getByText('Invalid username or password').waitFor();

    // A plain member: the app's not-found screen, and the API answers as for an unknown route.
    await pat.page.goto(`${server.baseURL}/admin`);
    await pat.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await pat.page.getByRole('heading', { name: 'Open reports' }).count()).toBe(0);
    const hidden = await pat.context.request.get('/api/admin/reports');
    expect(hidden.status()).toBe(404);
    expect(await hidden.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route.' } });

    await expectNoPageErrorsAndClose(ana, ben, olga, pat);
  });
});
