import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, settleAnimations } from './support/browser';
import { signUpMember } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAppServerAndInboxAroundTests } from './support/browserAndServer';
import { linkIn, type SmtpInbox } from '../support/smtpInbox';

// 'Change email' as a person meets it, with the mail really sent to an SMTP server on loopback: Settings
// asks for the new address and the password, the link goes to the new address, and the address changes
// only once the link's page is opened (here in a second browser, signed out) and 'Confirm email' pressed.
// The old address is told; a used link says so.

let browser: Browser;
let server: AppServer;
let inbox: SmtpInbox;
runBrowserAppServerAndInboxAroundTests((started) => ({ browser, server, inbox } = started));

async function shoot(page: Page, name: string) {
  mkdirSync('/tmp/email-shots', { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await settleAnimations(page);
    await page.screenshot({ path: `/tmp/email-shots/${name}-${theme}.png`, fullPage: true });
  }
}

const addressOf = (mail: { to?: unknown }) => (mail.to as { value: { address: string }[] }).value[0]?.address;

describe('changing the email', () => {
  it("Settings sends a link to the new address; opening it and pressing 'Confirm email' changes it, once", { timeout: 180_000 }, async () => {
    const kit = await signUpMember(browser, server, 'kit_mail', PHONE);
    const page = kit.page;
    await page.goto(`${server.baseURL}/settings`);
    const section = page.getByRole('region', { name: 'Email' });
    await section.getByText('Your email is kit_mail@example.com.').waitFor();
    await section.getByRole('button', { name: 'Change email' }).click();
    const form = section.getByRole('form', { name: 'Change your email' });
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('Email is required').waitFor();
    await form.getByText('Password is required').waitFor();
    await form.getByLabel('New email').fill('kit.new@example.com');
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('That password is not correct').waitFor();
    expect(await form.getByLabel('New email').inputValue()).toBe('kit.new@example.com');
    await shoot(page, 'settings-email-phone');
    await form.getByLabel('Current password').fill('kit_mail-secret');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await section.getByRole('status').filter({ hasText: 'We sent a link to kit.new@example.com. Your email changes once you open it.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'settings-email-sent-desktop');
    // Not yet: the address is the old one until the link is opened.
    await page.reload();
    await page.getByRole('region', { name: 'Email' }).getByText('Your email is kit_mail@example.com.').waitFor();

    await expect.poll(() => inbox.messages.filter((m) => m.subject === 'Confirm your new email for Mycelius').length, { timeout: 15_000 }).toBe(1);
    const mail = inbox.messages.find((m) => m.subject === 'Confirm your new email for Mycelius')!;
    expect(addressOf(mail)).toBe('kit.new@example.com');
    const link = linkIn(mail, '/confirm-email');

    // Opened on another device, signed out.
    const other = await browser.newContext({ viewport: PHONE, baseURL: server.baseURL });
    const otherPage = await other.newPage();
    const errors: string[] = [];
    otherPage.on('pageerror', (error) => errors.push(String(error)));
    await otherPage.goto(link);
    await otherPage.getByRole('heading', { level: 1, name: 'Confirm your new email' }).waitFor();
    await shoot(otherPage, 'confirm-email-phone');
    const confirmed = otherPage.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/email-change/confirm');
    await otherPage.getByRole('button', { name: 'Confirm email' }).click();
    expect((await confirmed).status()).toBe(200);
    await otherPage.getByRole('status').filter({ hasText: 'Your email is now kit.new@example.com.' }).waitFor();
    expect(await seriousViolations(otherPage)).toEqual([]);
    await shoot(otherPage, 'confirm-email-done-phone');

    await expect.poll(() => inbox.messages.filter((m) => m.subject === 'Your Mycelius email was changed').length, { timeout: 15_000 }).toBe(1);
    expect(addressOf(inbox.messages.find((m) => m.subject === 'Your Mycelius email was changed')!)).toBe('kit_mail@example.com');

    // Settings shows the new address; the link does not work twice.
    await page.reload();
    await page.getByRole('region', { name: 'Email' }).getByText('Your email is kit.new@example.com.').waitFor();
    await otherPage.goto(link);
    await otherPage.getByRole('button', { name: 'Confirm email' }).click();
    await otherPage.getByRole('alert').filter({ hasText: 'This confirmation link has expired or was already used.' }).waitFor();
    expect(errors).toEqual([]);
    expect(kit.errors).toEqual([]);
    await other.close();
    await kit.context.close();
  });
});
