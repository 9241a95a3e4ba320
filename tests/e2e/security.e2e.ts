import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, settleAnimations } from './support/browser';
import { expectNoPageErrorsAndClose, giveProfile, openLivePage, signUpMember, type LiveMember } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAppServerAndInboxAroundTests } from './support/browserAndServer';
import { profileWith } from '../support/profiles';
import type { SmtpInbox } from '../support/smtpInbox';

// Settings' 'Security' in real Chromium against the real server: a member signed in on three browsers
// signs one out from its row and then every other one; each signed-out browser, its live socket open,
// says 'Your session has ended. Please log in again.' within 2 s. Changing the password through the form
// refuses a wrong current one, signs the other browser out at once, mails the member, and from then on
// only the new password logs in.

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ENDED = 'Your session has ended. Please log in again.';

let browser: Browser;
let server: AppServer;
let inbox: SmtpInbox;
runBrowserAppServerAndInboxAroundTests((started) => ({ browser, server, inbox } = started));

async function member(name: string): Promise<LiveMember> {
  const m = await signUpMember(browser, server, name, DESKTOP);
  await giveProfile(server, m, profileWith({ username: name, hobbies: 'Security testing', musicGenres: ['Ambient'] }));
  return m;
}

/** Another browser of the member, signed in through the API, with the app open and its live socket ready. */
async function anotherBrowser(name: string, userAgent: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.baseURL, userAgent });
  const signedIn = await context.request.post('/api/auth/login', { headers: { Origin: server.baseURL }, data: { username: name, password: `${name}-secret` }, timeout: 120_000 });
  expect(signedIn.status()).toBe(200);
  await context.request.put('/api/me/profile', { headers: { Origin: server.baseURL }, data: { ...profileWith({ username: name }), updatedAt: 1 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await openLivePage(server, page, '/friends');
  return { context, page, errors };
}

async function signedOutWithin2s(page: Page, since: number): Promise<void> {
  await page.locator('.session-notice').filter({ hasText: ENDED }).waitFor({ timeout: 2_000 });
  expect(Date.now() - since).toBeLessThan(2_000);
}

async function security(page: Page): Promise<Locator> {
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Security' }) });
  await section.waitFor();
  return section;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync('/tmp/security-shots', { recursive: true });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await settleAnimations(page);
      const section = await security(page);
      await section.screenshot({ path: `/tmp/security-shots/${name}-${viewport.width}-${theme}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize(DESKTOP);
}

describe("Settings' Security", () => {
  it("'Sign out' on a row and 'Sign out everywhere else' sign those browsers out within 2 s", async () => {
    const sam = await member('sam_sec');
    const phone = await anotherBrowser('sam_sec', IPHONE_SAFARI);
    const laptop = await anotherBrowser('sam_sec', WINDOWS_FIREFOX);

    await openLivePage(server, sam.page, '/settings');
    const section = await security(sam.page);
    const list = section.getByRole('list', { name: 'Signed-in devices' });
    const rows = () => list.getByRole('listitem').allTextContents();
    await expect.poll(rows, { timeout: 10_000 }).toEqual([
      'Chrome on LinuxThis deviceActive now',
      'Firefox on WindowsActive nowSign out',
      'Safari on iPhoneActive nowSign out',
    ]);
    expect(await seriousViolations(sam.page)).toEqual([]);
    await shoot(sam.page, 'devices');

    await section.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
    const rowAt = Date.now();
    await signedOutWithin2s(phone.page, rowAt);
    await expect.poll(rows).toEqual(['Chrome on LinuxThis deviceActive now', 'Firefox on WindowsActive nowSign out']);

    await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const everywhereAt = Date.now();
    await signedOutWithin2s(laptop.page, everywhereAt);
    await section.getByText('No other device is signed in.').waitFor();
    expect(await rows()).toEqual(['Chrome on LinuxThis deviceActive now']);
    await shoot(sam.page, 'only-this-device');

    // This browser stays signed in.
    expect((await sam.context.request.get('/api/me')).status()).toBe(200);
    expect(await sam.page.locator('.session-notice').count()).toBe(0);
    expect([...phone.errors, ...laptop.errors]).toEqual([]);
    await phone.context.close();
    await laptop.context.close();
    await expectNoPageErrorsAndClose(sam);
  }, 240_000);

  it('changes the password through the form: the other browser is signed out at once, a mail says so, only the new password logs in', async () => {
    const kit = await member('kit_sec');
    const laptop = await anotherBrowser('kit_sec', WINDOWS_FIREFOX);

    await openLivePage(server, kit.page, '/settings');
    const section = await security(kit.page);
    const form = section.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('kit-new-secret');
    await form.getByLabel('Confirm new password', { exact: true }).fill('kit-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }).waitFor({ timeout: 30_000 });
    await shoot(kit.page, 'wrong-current');

    await form.getByLabel('Current password', { exact: true }).fill('kit_sec-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('status').filter({ hasText: 'Your password was changed. Every other device was signed out.' }).waitFor({ timeout: 30_000 });
    const changedAt = Date.now();
    await signedOutWithin2s(laptop.page, changedAt);
    await shoot(kit.page, 'changed');
    expect((await kit.context.request.get('/api/me')).status()).toBe(200);

    await expect.poll(() => inbox.messages.filter((m) => m.subject === 'Your Mycelius password was changed').length, { timeout: 15_000 }).toBe(1);
    const mail = inbox.messages.find((m) => m.subject === 'Your Mycelius password was changed')!;
    expect(mail.to).toMatchObject({ value: [{ address: 'kit_sec@example.com' }] });
    expect(mail.text).toContain('every other device that was signed in has been signed out');

    // The log-in form: the old password is refused, the new one signs in.
    const fresh = await browser.newContext({ viewport: PHONE, baseURL: server.baseURL });
    const page = await fresh.newPage();
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel('Username', { exact: true }).fill('kit_sec');
    await page.getByLabel('Password', { exact: true }).fill('kit_sec-secret');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid username or password').waitFor({ timeout: 30_000 });
    await page.getByLabel('Password', { exact: true }).fill('kit-new-secret');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/(home|connections)$/, { timeout: 30_000 });
    expect((await fresh.request.get('/api/me')).status()).toBe(200);

    expect(laptop.errors).toEqual([]);
    await fresh.close();
    await laptop.context.close();
    await expectNoPageErrorsAndClose(kit);
  }, 240_000);
});
