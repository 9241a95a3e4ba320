import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { PHONE, startBrowser } from './support/browser';
import { openLivePage, signUpMember } from './support/liveMembers';
import { startFileAppServer } from './support/browserAndServer';
import type { AppServer } from './support/server';

// Passkeys in real Chromium with its virtual authenticator (the DevTools WebAuthn domain): a platform
// authenticator that keeps discoverable credentials and verifies the user. The app is reached on
// localhost, the one http origin WebAuthn accepts, so the relying party id is 'localhost'.

let browser: Browser;
let server: AppServer;
beforeAll(async () => {
  browser = await startBrowser();
  server = await startFileAppServer({ hostname: 'localhost' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('passkeys', () => {
  it('a member adds a passkey in Settings, signs in with it without a name, removes it, and then it no longer signs in', async () => {
    const ana = await signUpMember(browser, server, 'ana_passkey', PHONE);
    const { page, context } = ana;
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    const logOut = async () => {
      await page.getByRole('button', { name: 'Log Out' }).click();
      await page.getByRole('alertdialog', { name: 'Log Out' }).getByRole('button', { name: 'Log Out' }).click();
      await page.waitForURL(/\/auth$/);
    };
    // A first load that fails offers 'Try again' (the request aborted in the browser: no answer, no 5xx).
    await page.route((url) => url.pathname === '/api/me/passkeys', (route) => (route.request().method() === 'GET' ? route.abort('failed') : route.fallback()), { times: 1 });
    await openLivePage(server, page, '/settings');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByRole('alert').filter({ hasText: 'Your passkeys could not be loaded.' }).waitFor();
    await section.getByRole('button', { name: 'Try again' }).click();
    await section.getByText('You have no passkeys yet.').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Password is required').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('That password is not correct').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('ana_passkey-secret');
    await dialog.getByLabel('Name (optional)').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Passkey added.' }).waitFor();
    await section.getByRole('button', { name: 'Dismiss' }).click();
    await section.getByText('Passkey added.').waitFor({ state: 'detached' });
    const list = section.getByRole('list', { name: 'Passkeys' });
    await list.getByText('Work laptop').waitFor();
    await expect.poll(() => list.getByText(/^Added /).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    const credentials = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);

    // Logged out, the log-in screen signs in with the passkey alone.
    await section.getByRole('button', { name: 'Add a passkey' }).waitFor();
    await logOut();
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/(home|connections)$/, { timeout: 15_000 });
    const me = (await (await context.request.get('/api/me')).json()) as { user: { username: string } };
    expect(me.user.username).toBe('ana_passkey');

    // Removed in Settings, with a question first.
    await openLivePage(server, page, '/settings');
    const question = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await list.getByRole('button', { name: 'Remove Work laptop' }).click();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    await list.getByRole('button', { name: 'Remove Work laptop' }).click();
    await question.getByText('"Work laptop" will no longer sign you in.').waitFor();
    await question.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('status').filter({ hasText: 'Passkey removed.' }).waitFor();
    await section.getByText('You have no passkeys yet.').waitFor();

    // The authenticator still holds it, but the server no longer knows it.
    await logOut();
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'That passkey is not recognised. It may have been removed. Please log in with your password.' }).waitFor();
    expect(page.url()).toBe(`${server.baseURL}/login`);
    expect((await context.request.get('/api/me')).status()).toBe(401);
    expect(ana.errors).toEqual([]);
  }, 180_000);
});
