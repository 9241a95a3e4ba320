import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, settleAnimations } from './support/browser';
import { expectNoPageErrorsAndClose, giveProfile, openLivePage, signUpMember, type LiveMember } from './support/liveMembers';
import { profileWith } from '../support/profiles';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// Moderation in real Chromium against the real server. Set-up through the API (sign-ups, a report) and
// the real `npm run operator` script (the server stopped for it, as its embedded database allows one
// process); every step under test through the screens: the operator opens /admin, sees the report,
// suspends the member for 1 day with a reason by the real buttons, the member's open tab is signed out
// within 2 s, their log-in says until when, and 'Moderation log' lists the action. A plain member gets
// the not-found screen at /admin and 404 from /api/admin.

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

describe('moderation', () => {
  it('an operator suspends a reported member from /admin; the member is signed out at once and told at log-in', { timeout: 300_000 }, async () => {
    const ana = await member('ana_mod', DESKTOP);
    const ben = await member('ben_mod', PHONE);
    const olga = await member('olga_mod', DESKTOP);
    const pat = await member('pat_mod', PHONE);
    await grantOperator('olga_mod');

    const filed = await ana.context.request.post('/api/reports', { headers: { Origin: server.baseURL }, data: { userId: ben.id, reason: 'harassment', note: 'Threats in chat' } });
    expect(filed.status()).toBe(201);

    // Ben is on Discover with his live socket open.
    await openLivePage(server, ben.page, '/home');

    await olga.page.goto(`${server.baseURL}/admin`);
    const reports = olga.page.getByRole('region', { name: 'Open reports' });
    await reports.getByRole('heading', { level: 2, name: 'Open reports' }).waitFor();
    const report = reports.getByRole('article', { name: 'ana_mod reported ben_mod' });
    await report.waitFor();
    expect(await report.textContent()).toContain('Threats in chat');
    expect(await seriousViolations(olga.page)).toEqual([]);
    await shoot(olga.page, 'admin-desktop');
    await olga.page.setViewportSize(PHONE);
    await shoot(olga.page, 'admin-phone');
    await olga.page.setViewportSize(DESKTOP);

    // Keyboard and buttons: the Suspend button opens the dialog; 1 day is chosen; the reason is typed.
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

    // Ben's open tab is signed out within 2 s of the answer.
    await ben.page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: 2_000 });
    expect(Date.now() - actedAt).toBeLessThan(2_000);

    await olga.page.getByRole('status').filter({ hasText: 'Suspended ben_mod for 1 day.' }).waitFor();
    const log = olga.page.getByRole('region', { name: 'Moderation log' });
    await log.getByText('olga_mod: Suspended ben_mod for 1 day').waitFor();
    expect(await log.textContent()).toContain('Threatened another member');
    expect(await reports.getByRole('article', { name: 'ana_mod reported ben_mod' }).getByRole('button', { name: 'Lift suspension' }).count()).toBe(1);
    await shoot(olga.page, 'admin-after-desktop');

    // Ben logs in again: the suspension, and until when.
    await ben.page.goto(`${server.baseURL}/login`);
    await ben.page.getByLabel('Username', { exact: true }).fill('ben_mod');
    await ben.page.getByLabel('Password', { exact: true }).fill('ben_mod-secret');
    await ben.page.getByRole('button', { name: 'Log In' }).click();
    const until = new Date(Date.parse(entry.at) + 24 * 60 * 60 * 1000);
    await ben.page.getByText(`This account is suspended until ${forPeople(until)}.`).waitFor();

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
