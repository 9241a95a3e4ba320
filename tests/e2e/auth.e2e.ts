import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { appUrl, baseURL, DESKTOP, openPage, PHONE, screenshot, startBrowser } from './support/browser';

// Sign-up now creates a member account on the server and log-in checks it, so every valid
// sign-up uses a name of its own and every log-in uses an account made first. 'Continue as guest' keeps the
// device-only app. Members' own flows are in members.e2e.ts.

/** Creates a member account straight through the API (no browser, so no Origin header to check). */
async function createAccount(username: string, password: string) {
  const response = await fetch(appUrl('/api/auth/signup'), {
    method: 'POST',
    // As the app's own page would send it: the server refuses writes from any other origin.
    headers: { 'Content-Type': 'application/json', Origin: baseURL() },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  expect(response.status).toBe(201);
}

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Waits until the 500 ms fade-in has finished, so screenshots and colour checks see the settled screen. */
async function settled(page: Page, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The error tied to a labelled input: its text, whether it is red and directly under the input. */
async function errorFor(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const id = input.getAttribute('aria-describedby');
    const message = id ? document.getElementById(id) : null;
    if (!message) return null;
    const color = getComputedStyle(message).color.match(/\d+/g)!.map(Number);
    const inputBox = input.getBoundingClientRect();
    const box = message.getBoundingClientRect();
    return {
      text: message.textContent,
      invalid: input.getAttribute('aria-invalid'),
      red: color[0]! > 180 && color[0]! > color[1]! + 60 && color[0]! > color[2]! + 60,
      under: box.top >= inputBox.bottom - 1 && box.top - inputBox.bottom < 16 && Math.abs(box.left - inputBox.left) < 4,
    };
  });
}

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

const signUpGood = { Username: 'mira', Email: 'mira@example.com', Password: 'secret1', 'Confirm Password': 'secret1' };
/** A valid sign-up with a name no other test uses: each valid one creates an account. */
const freshSignUp = (name: string) => ({ ...signUpGood, Username: name, Email: `${name}@example.com` });

const signUpCases: [keyof typeof signUpGood, string, string][] = [
  ['Username', '', 'Username is required'],
  ['Username', '    ', 'Username is required'],
  ['Email', '', 'Email is required'],
  ['Email', 'mira@example', 'Please enter a valid email'],
  ['Email', 'mira @example.com', 'Please enter a valid email'],
  ['Password', '', 'Password is required'],
  ['Password', '12345', 'Password must be at least 6 characters'],
  ['Confirm Password', 'secret2', 'Passwords do not match'],
];

const logInCases: [string, string, string][] = [
  ['Username', '', 'Username is required'],
  ['Username', '   ', 'Username is required'],
  ['Password', '', 'Password is required'],
  ['Password', '12345', 'Password must be at least 6 characters'],
];

describe('sign-up (/auth)', () => {
  it('shows every docs/product.md message in red under its own field, and only there', async () => {
    const { page, context, errors } = await openPage(browser, '/auth');
    for (const [label, value, message] of signUpCases) {
      await page.goto(appUrl('/auth'));
      await settled(page, 'Create Account');
      const values: Record<string, string> = { ...signUpGood, [label]: value };
      if (label === 'Password') values['Confirm Password'] = value;
      await fillForm(page, values);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      for (const other of Object.keys(signUpGood)) {
        const error = await errorFor(page, other);
        if (other === label) {
          expect(error, `${label}=${JSON.stringify(value)}`).toEqual({ text: message, invalid: 'true', red: true, under: true });
        } else {
          expect(error, `${other} when ${label}=${JSON.stringify(value)}`).toBeNull();
        }
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        await page.getByLabel(label, { exact: true }).getAttribute('id'),
      );
      expect(new URL(page.url()).pathname).toBe('/auth');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a valid submit creates the account, fades out and reaches /connections as a member', async () => {
    const { page, context, errors } = await openPage(browser, '/auth');
    await settled(page, 'Create Account');
    await fillForm(page, freshSignUp('mirafade'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // The fade-out runs while the address is still /auth; the move comes after the 500 ms delay.
    await page.waitForFunction(() => document.querySelector('.screen.fade-out') !== null && location.pathname === '/auth');
    await page.waitForURL('**/connections');
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe('mirafade');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Continue as guest' reaches /connections after the fade without asking the server for an account", async () => {
    const { page, context, errors } = await openPage(browser, '/auth');
    const accountCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/')) accountCalls.push(request.url());
    });
    await settled(page, 'Create Account');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForFunction(() => document.querySelector('.screen.fade-out') !== null && location.pathname === '/auth');
    await page.waitForURL('**/connections');
    expect(accountCalls).toEqual([]);
    expect((await page.request.get('/api/me')).status()).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Sign in' goes to /login", async () => {
    const { page, context } = await openPage(browser, '/auth');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
    await context.close();
  });

  it("'Sign in' while the account is being created leaves at once; the new account's session is ended, and it can be logged in to", async () => {
    const { page, context } = await openPage(browser, '/auth');
    await settled(page, 'Create Account');
    // The server's answer is held until the person has left the form.
    let release!: () => void;
    const left = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/signup', async (route) => {
      const response = await route.fetch();
      await left;
      await route.fulfill({ response });
    });
    await fillForm(page, freshSignUp('hollis'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Creating account…' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();

    const loggedOut = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/logout');
    release();
    await loggedOut;
    // Still a guest here: the server no longer knows this browser as the new member.
    await expect.poll(async () => (await page.request.get(appUrl('/api/me'))).status()).toBe(401);
    expect(new URL(page.url()).pathname).toBe('/login');

    await fillForm(page, { Username: 'hollis', Password: 'secret1' });
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/connections');
    await context.close();
  });

  it('works by keyboard alone: Tab through the fields, Enter submits', async () => {
    const { page, context } = await openPage(browser, '/auth');
    await settled(page, 'Create Account');
    for (const [label, value] of Object.entries(freshSignUp('mirakeys'))) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent);
      expect(focused).toBe(label);
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL('**/connections');
    await context.close();
  });
});

describe('log-in (/login)', () => {
  it('shows every docs/product.md message in red under its own field, and only there', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    for (const [label, value, message] of logInCases) {
      await page.goto(appUrl('/login'));
      await settled(page, 'Log In');
      await fillForm(page, { Username: 'mira', Password: 'secret1', [label]: value });
      await page.getByRole('button', { name: 'Log In' }).click();
      for (const other of ['Username', 'Password']) {
        const error = await errorFor(page, other);
        if (other === label) expect(error, `${label}=${JSON.stringify(value)}`).toEqual({ text: message, invalid: 'true', red: true, under: true });
        else expect(error).toBeNull();
      }
      expect(new URL(page.url()).pathname).toBe('/login');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the placeholder and a masked password; an unknown account is refused, a real one reaches /connections', async () => {
    await createAccount('lumen', 'secret1');
    const { page, context } = await openPage(browser, '/login');
    await settled(page, 'Log In');
    await expect(page.getByText('Welcome back to the Mycelius network').isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Username').getAttribute('placeholder')).toBe('Enter your username');
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    // Any name and password used to get in; now the server says no and the form stays.
    await fillForm(page, { Username: 'someone_else', Password: 'wrongpass' });
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await fillForm(page, { Username: 'lumen', Password: 'secret1' });
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/connections');
    await context.close();
  });

  it("'Create one' goes to /auth", async () => {
    const { page, context } = await openPage(browser, '/login');
    await page.getByText("Don't have an account?").waitFor();
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await context.close();
  });

  it('works by keyboard alone: Tab through the fields, Enter submits', async () => {
    await createAccount('lumenkeys', 'secret1');
    const { page, context } = await openPage(browser, '/login');
    await settled(page, 'Log In');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lumenkeys');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await page.keyboard.type('secret1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/connections');
    await context.close();
  });
});

describe('auth screens: accessibility and looks', () => {
  it('have no serious axe violations, with and without errors, and look finished on a phone and a desktop', async () => {
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const [route, heading, submit, name] of [
        ['/auth', 'Create Account', 'Sign Up', 'signup'],
        ['/login', 'Log In', 'Log In', 'login'],
      ] as const) {
        const { page, context } = await openPage(browser, route, { viewport });
        await settled(page, heading);
        expect(await seriousViolations(page), `${route} ${size}`).toEqual([]);
        await screenshot(page, `auth-${name}-${size}`);
        await page.getByRole('button', { name: submit }).click();
        await page.locator('.field-error').first().waitFor();
        expect(await seriousViolations(page), `${route} ${size} with errors`).toEqual([]);
        await screenshot(page, `auth-${name}-errors-${size}`);
        // Nothing spills sideways on a narrow screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await context.close();
      }
    }
  });

  it('keep the light theme readable too', async () => {
    const { page, context } = await openPage(browser, '/auth', { viewport: PHONE });
    await settled(page, 'Create Account');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'auth-signup-errors-light-phone');
    await context.close();
  });
});
