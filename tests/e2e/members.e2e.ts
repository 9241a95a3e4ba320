import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, screenshot, settleAnimations, startBrowser, type OpenOptions } from './support/browser';
import { startFileAppServer } from './support/browserAndServer';
import type { AppServer } from './support/server';
import { fillInSignUpForm } from './support/personas';

// Members in real Chromium against the real server. This file starts its own servers, each on
// an empty database: one for the account flows and one for the log-in throttle, which counts failures per
// client and would otherwise refuse every later log-in from 127.0.0.1 in the run.

// A 1×1 PNG: a real image data URL, as the picture upload stores after downscaling.
const PICTURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const guestProfile = {
  username: 'Juno',
  profilePicture: PICTURE,
  hobbies: 'Bouldering and film nights',
  musicGenres: ['Jazz', 'Metal'],
  favoriteGames: ['Celeste'],
  favoriteShows: ['Dark'],
  connectedServices: { spotify: false, trakt: true, steam: true },
};
const juno = { username: 'juno', email: 'juno@example.com', password: 'secret123' };

let browser: Browser;
let flows: AppServer;
let throttled: AppServer;
beforeAll(async () => {
  browser = await startBrowser();
  // One after the other: each boots its own embedded Postgres.
  flows = await startFileAppServer();
  throttled = await startFileAppServer();
});
afterAll(async () => {
  await browser.close();
  await Promise.all([flows?.stop(), throttled?.stop()]);
});

const open = (server: AppServer, path: string, options: OpenOptions = {}) => openPage(browser, path, { ...options, baseURL: server.baseURL });

/** Submits the log-in form and waits for the server's answer. */
async function logIn(page: Page, username: string, password: string) {
  await page.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Log In' }).click();
  return (await answer).status();
}

async function me(page: Page) {
  const response = await page.request.get('/api/me');
  return { status: response.status(), body: response.ok() ? ((await response.json()) as { user: { username: string }; profile: Record<string, unknown> | null }) : null };
}

function withoutTime(profile: Record<string, unknown> | null | undefined) {
  if (!profile) return profile;
  const { updatedAt: _updatedAt, ...rest } = profile;
  return rest;
}

const formAlert = (page: Page) => page.locator('form .form-error[role="alert"]');

describe('members', () => {
  it("a guest's device profile becomes the member's at sign-up, and a fresh browser that logs in gets it back", async () => {
    const a = await open(flows, '/auth', { localStorage: { user_profile: JSON.stringify(guestProfile) } });
    await fillInSignUpForm(a.page, juno);
    await a.page.waitForURL('**/connections');
    await expect.poll(async () => withoutTime((await me(a.page)).body?.profile), { timeout: 10_000 }).toEqual(guestProfile);
    expect((await me(a.page)).body?.user.username).toBe('juno');
    expect(a.errors).toEqual([]);
    await a.context.close();

    const b = await open(flows, '/login');
    expect(await logIn(b.page, 'juno', juno.password)).toBe(200);
    // Her profile is complete: the log-in lands on Home, which lists people for it (not 'Complete Your Profile').
    await b.page.waitForURL('**/home');
    await b.page.getByRole('heading', { name: 'Discover Friends' }).waitFor();
    await b.page.getByRole('list', { name: 'Suggested friends' }).waitFor({ timeout: 10_000 });
    expect(await b.page.getByText('Complete Your Profile').count()).toBe(0);
    await expect.poll(() => b.page.evaluate(() => JSON.parse(localStorage.getItem('user_profile') ?? 'null')), { timeout: 10_000 }).toEqual(guestProfile);
    await b.page.goto(`${flows.baseURL}/profile`);
    await expect.poll(() => b.page.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue()).toBe('Bouldering and film nights');
    expect(await b.page.getByRole('list', { name: 'Your Music Genres' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Jazz'),
      expect.stringContaining('Metal'),
    ]);
    expect(await b.page.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(PICTURE);

    // An edit on this browser is written locally at once and reaches the server after the pause.
    await b.page.getByRole('textbox', { name: 'Favorite Hobbies' }).fill('Bouldering, film nights and chess');
    await expect.poll(async () => (await me(b.page)).body?.profile?.hobbies, { timeout: 10_000 }).toBe('Bouldering, film nights and chess');

    // Log Out (SPEC) also ends the server session and returns to a guest on /auth.
    await b.page.goto(`${flows.baseURL}/settings`);
    await b.page.getByText('Signed in as').waitFor();
    await b.page.getByRole('button', { name: 'Log Out' }).click();
    const question = b.page.getByRole('alertdialog', { name: 'Log Out' });
    await expect(question.textContent()).resolves.toContain('Are you sure you want to log out?');
    await question.getByRole('button', { name: 'Log Out' }).click();
    await b.page.waitForURL('**/auth');
    expect((await me(b.page)).status).toBe(401);
    expect(await b.page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(b.errors).toEqual([]);
    await b.context.close();
  });

  it('server errors show where they belong on /auth and /login, with no serious axe violations, on a phone and a desktop', async () => {
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page, context } = await open(flows, '/auth', { viewport });
      await fillInSignUpForm(page, { ...juno, email: `other-${size}@example.com` });
      const username = page.getByLabel('Username', { exact: true });
      await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await username.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('That username is taken');
      expect(new URL(page.url()).pathname).toBe('/auth');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `members-signup-taken-${size}`);

      await page.goto(`${flows.baseURL}/login`);
      expect(await logIn(page, 'juno', 'wrongpass')).toBe(401);
      await expect.poll(() => formAlert(page).textContent()).toBe('Invalid username or password');
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('wrongpass');
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `members-login-error-${size}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }
  });

  it('offline: sign-up says so and keeps everything typed; back online the same submit creates the account', async () => {
    const { page, context, errors } = await open(flows, '/auth');
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await context.setOffline(true);
    await fillInSignUpForm(page, { username: 'lyra', email: 'lyra@example.com', password: 'lyra-secret' });
    await expect.poll(() => formAlert(page).textContent()).toBe('You appear to be offline. Please check your connection and try again.');
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('lyra');
    expect(await page.getByLabel('Confirm Password', { exact: true }).inputValue()).toBe('lyra-secret');
    expect(new URL(page.url()).pathname).toBe('/auth');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/connections');
    expect((await me(page)).body?.user.username).toBe('lyra');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a profile edit made offline stays on the device, marked pending, and reaches the server when the browser is back online', async () => {
    const { page, context, errors } = await open(flows, '/auth', { localStorage: { user_profile: JSON.stringify(guestProfile) } });
    await fillInSignUpForm(page, { username: 'nova', email: 'nova@example.com', password: 'nova-secret' });
    await page.waitForURL('**/connections');
    await expect.poll(async () => (await me(page)).body?.profile?.hobbies, { timeout: 10_000 }).toBe('Bouldering and film nights');
    await page.goto(`${flows.baseURL}/profile`);
    const hobbies = page.getByRole('textbox', { name: 'Favorite Hobbies' });
    await expect.poll(() => hobbies.inputValue()).toBe('Bouldering and film nights');

    await context.setOffline(true);
    await hobbies.fill('Stargazing');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('member_profile_sync') ?? 'null')?.pending), { timeout: 10_000 })
      .toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user_profile') ?? 'null')?.hobbies)).toBe('Stargazing');

    await context.setOffline(false);
    await expect.poll(async () => (await me(page)).body?.profile?.hobbies, { timeout: 15_000 }).toBe('Stargazing');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('member_profile_sync') ?? 'null')?.pending)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a profile edit made while the page is still checking the session reaches the server, not lost to the older copy there', async () => {
    const { page, context, errors } = await open(flows, '/auth', { localStorage: { user_profile: JSON.stringify(guestProfile) } });
    await fillInSignUpForm(page, { username: 'vela', email: 'vela@example.com', password: 'vela-secret' });
    await page.waitForURL('**/connections');
    await expect.poll(async () => (await me(page)).body?.profile?.hobbies, { timeout: 10_000 }).toBe('Bouldering and film nights');

    // The next page load's session check (and the sync's read after it) answers only after 3 s.
    let asked = 0;
    let answered = 0;
    await page.route('**/api/me', async (route) => {
      asked += 1;
      if (asked <= 2) await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
      answered += 1;
    });
    await page.goto(`${flows.baseURL}/profile`);
    const hobbies = page.getByRole('textbox', { name: 'Favorite Hobbies' });
    await expect.poll(() => hobbies.inputValue()).toBe('Bouldering and film nights');
    await hobbies.fill('Rowing at dawn');
    // Typed while the session check was still unanswered: nothing was listening for profile edits yet.
    expect(answered).toBe(0);

    await expect.poll(async () => (await me(page)).body?.profile?.hobbies, { timeout: 15_000 }).toBe('Rowing at dawn');
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue(), { timeout: 10_000 }).toBe('Rowing at dawn');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a session that ends on the server (a 401 on the next sync) returns to a guest with the notice and a way to log in', async () => {
    const { page, context, errors } = await open(flows, '/auth');
    await fillInSignUpForm(page, { username: 'ceres', email: 'ceres@example.com', password: 'ceres-secret' });
    await page.waitForURL('**/connections');
    await page.goto(`${flows.baseURL}/profile`);
    const hobbies = page.getByRole('textbox', { name: 'Favorite Hobbies' });
    await hobbies.waitFor();
    // The cookie goes (as when the session expires); the next member call answers 401.
    await context.clearCookies();
    await hobbies.fill('Astronomy');
    const notice = page.getByRole('alert').filter({ hasText: 'Your session has ended. Please log in again.' });
    await notice.waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('member_profile_sync'))).toBeNull();
    // The device keeps the edit: nothing typed is lost.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user_profile') ?? 'null')?.hobbies)).toBe('Astronomy');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'screenshots/members-session-ended-phone.png' });
    await notice.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByRole('alert').filter({ hasText: 'Your session has ended' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Delete account asks for the password; a wrong one is refused, the right one returns to a guest on /auth and the account cannot log in', async () => {
    const vega = { username: 'vega', email: 'vega@example.com', password: 'vega-secret' };
    const { page, context, errors } = await open(flows, '/auth');
    await fillInSignUpForm(page, vega);
    await page.waitForURL('**/connections');
    await page.goto(`${flows.baseURL}/settings`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('That password is not correct');
    expect(await seriousViolations(page)).toEqual([]);
    // The modal covers the viewport, so the picture is of the viewport rather than the whole page.
    await settleAnimations(page);
    await page.screenshot({ path: 'screenshots/members-delete-dialog-phone.png' });
    await page.setViewportSize(DESKTOP);
    await settleAnimations(page);
    await page.screenshot({ path: 'screenshots/members-delete-dialog-desktop.png' });

    await dialog.getByLabel('Password').fill('vega-secret');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL('**/auth');
    expect((await me(page)).status).toBe(401);

    await page.goto(`${flows.baseURL}/login`);
    expect(await logIn(page, 'vega', 'vega-secret')).toBe(401);
    await expect.poll(() => formAlert(page).textContent()).toBe('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('wrong password: the message and still /login; the 6th failed attempt gets the throttle message', async () => {
    const orion = { username: 'orion', email: 'orion@example.com', password: 'orion-secret' };
    const signer = await open(throttled, '/auth');
    await fillInSignUpForm(signer.page, orion);
    await signer.page.waitForURL('**/connections');
    await signer.context.close();

    const { page, context } = await open(throttled, '/login');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await logIn(page, 'orion', `wrong-${attempt}`), `attempt ${attempt}`).toBe(401);
      await expect.poll(() => formAlert(page).textContent()).toBe('Invalid username or password');
      expect(new URL(page.url()).pathname).toBe('/login');
    }
    expect(await logIn(page, 'orion', 'wrong-6')).toBe(429);
    await expect.poll(() => formAlert(page).textContent()).toBe('Too many attempts. Try again in 15 minutes.');
    // Even the right password waits now.
    expect(await logIn(page, 'orion', 'orion-secret')).toBe(429);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
