import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/browser';
import { openLivePage, signUpMember } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAppServerAndInboxAroundTests } from './support/browserAndServer';
import { linkIn, type SmtpInbox } from '../support/smtpInbox';

// 'Forgot password?' as a person meets it, with the mail really sent to an SMTP server on loopback: the
// link in it opens 'Choose a new password'; afterwards the old password no longer works, and the member's
// other signed-in browser is signed out.

let browser: Browser;
let server: AppServer;
let inbox: SmtpInbox;
runBrowserAppServerAndInboxAroundTests((started) => ({ browser, server, inbox } = started));

describe('password reset by email', () => {
  it("'Forgot password?' mails a link; it sets a new password, signs this browser in and the other one out", async () => {
    const rae = await signUpMember(browser, server, 'rae_reset', PHONE);
    // Signed in on a laptop too, with the app open there.
    const laptop = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseURL });
    expect((await laptop.request.post('/api/auth/login', { headers: { Origin: server.baseURL }, data: { username: 'rae_reset', password: 'rae_reset-secret' } })).status()).toBe(200);
    const laptopPage = await laptop.newPage();
    await openLivePage(server, laptopPage, '/friends');

    // The phone has forgotten: it logs out and asks for a link from the log-in screen.
    const phone = await browser.newContext({ viewport: PHONE, baseURL: server.baseURL });
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('rae_reset@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses that address, we sent a link to reset the password.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await expect.poll(() => inbox.messages.filter((m) => m.subject === 'Reset your Mycelius password').length, { timeout: 15_000 }).toBe(1);
    const link = linkIn(inbox.messages.find((m) => m.subject === 'Reset your Mycelius password')!, '/reset-password');
    expect(link.startsWith(`${server.baseURL}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    // Signed in here, landing where a log-in would (a member with no profile yet builds one).
    await page.waitForURL(/\/(home|connections)$/, { timeout: 15_000 });
    expect((await phone.request.get('/api/me')).status()).toBe(200);

    // The laptop's session ended with the reset: its next call says so.
    await laptopPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Games/ }).click();
    await laptopPage.locator('.session-notice').filter({ hasText: 'Your session has ended. Please log in again.' }).waitFor({ timeout: 10_000 });

    // The old password no longer works; the new one does; the link works once.
    const stranger = await browser.newContext({ baseURL: server.baseURL });
    const oldPassword = await stranger.request.post('/api/auth/login', { headers: { Origin: server.baseURL }, data: { username: 'rae_reset', password: 'rae_reset-secret' } });
    expect(oldPassword.status()).toBe(401);
    await stranger.close();
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-pass');
    await page.getByLabel('Confirm password', { exact: true }).fill('third-pass');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This reset link has expired or was already used.' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();

    await expect.poll(() => inbox.messages.filter((m) => m.subject === 'Your Mycelius password was changed').length, { timeout: 15_000 }).toBe(1);
    expect(errors).toEqual([]);
    for (const context of [phone, laptop, rae.context]) await context.close();
  }, 180_000);
});
