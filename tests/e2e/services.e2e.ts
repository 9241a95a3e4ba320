import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, screenshot, startBrowserAroundTests } from './support/browser';

// The outside services end to end against the server in demo mode (fake providers under /demo).

const DEMO_ID = '76561198000000001';
const PRIVATE_ID = '76561198000000002';
const providers = [
  { key: 'spotify', name: 'Spotify', callback: '/spotify/callback' },
  { key: 'trakt', name: 'Trakt', callback: '/callback' },
] as const;

const browser = startBrowserAroundTests();

function tokens(page: Page, provider: string) {
  return page.evaluate(
    (p) => ({ access: localStorage.getItem(`${p}_access_token`), refresh: localStorage.getItem(`${p}_refresh_token`) }),
    provider,
  );
}

function connectedFlags(page: Page) {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user_profile') ?? '{}') as { connectedServices?: unknown }).connectedServices);
}

describe('music and tracking sign-in', () => {
  for (const p of providers) {
    it(`${p.name}: Allow → 'Authenticating with ${p.name}...' → /profile connected; Disconnect clears the tokens`, async () => {
      const { page, errors } = await openPage(browser(), '/profile');
      await page.getByRole('button', { name: `Connect ${p.name}` }).click();
      await page.waitForURL('**/demo/**');
      // Hold the token exchange so the callback screen can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/${p.key}/auth/token`, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(`**${p.callback}?**`);
      await page.getByRole('heading', { name: `Authenticating with ${p.name}...` }).waitFor();
      await expect(page.getByText('Please wait while we complete the authentication process.').isVisible()).resolves.toBe(true);
      if (p.key === 'spotify') {
        // Let the 500 ms fade-in finish (the spinner's endless spin excepted) so the picture shows the settled screen.
        await page.waitForFunction(() =>
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        );
        await screenshot(page, 'services-callback-phone');
      }
      release();
      await page.waitForURL('**/profile');
      await page.getByRole('button', { name: `Disconnect ${p.name}` }).waitFor();
      const stored = await tokens(page, p.key);
      expect(stored.access).toBeTruthy();
      expect(stored.refresh).toBeTruthy();
      expect(await connectedFlags(page)).toMatchObject({ [p.key]: true });
      // The round-trip values are gone once used.
      expect(await page.evaluate((k) => [sessionStorage.getItem(`oauth_state_${k}`), sessionStorage.getItem(`pkce_verifier_${k}`)], p.key)).toEqual([null, null]);

      await page.getByRole('button', { name: `Disconnect ${p.name}` }).click();
      await page.getByRole('button', { name: `Connect ${p.name}` }).waitFor();
      expect(await tokens(page, p.key)).toEqual({ access: null, refresh: null });
      expect(await connectedFlags(page)).toMatchObject({ [p.key]: false });
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it(`${p.name}: Deny → back on /profile with '${p.name} connection cancelled.' and no tokens`, async () => {
      const { page } = await openPage(browser(), '/profile');
      await page.getByRole('button', { name: `Connect ${p.name}` }).click();
      await page.waitForURL('**/demo/**');
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.waitForURL('**/profile');
      await page.getByRole('status').filter({ hasText: `${p.name} connection cancelled.` }).waitFor();
      expect(await page.getByText('Connect. Explore. Grow.').count()).toBe(0);
      expect(await tokens(page, p.key)).toEqual({ access: null, refresh: null });
      await page.context().close();
    });

    it(`${p.name}: a forged state → /profile with the failure text and no tokens`, async () => {
      const { page } = await openPage(browser(), '/profile');
      await page.getByRole('button', { name: `Connect ${p.name}` }).waitFor();
      await page.goto(page.url().replace('/profile', `${p.callback}?code=x&state=forged`));
      await page.waitForURL('**/profile');
      await page.getByRole('status').filter({ hasText: `Could not connect to ${p.name}. Please try again.` }).waitFor();
      expect(await tokens(page, p.key)).toEqual({ access: null, refresh: null });
      await page.context().close();
    });
  }
});

describe('Steam connection', () => {
  async function connectSteam(page: Page, text: string) {
    const box = page.getByRole('textbox', { name: /Steam/ });
    await box.fill(text);
    await page.getByRole('button', { name: 'Connect Steam' }).click();
  }

  for (const text of [DEMO_ID, `https://steamcommunity.com/profiles/${DEMO_ID}`, 'https://steamcommunity.com/id/myceliusdemo']) {
    it(`connects ${text}`, async () => {
      const { page, errors } = await openPage(browser(), '/profile');
      await connectSteam(page, text);
      await page.getByRole('button', { name: 'Disconnect Steam' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('steam_id'))).toBe(DEMO_ID);
      expect(await connectedFlags(page)).toMatchObject({ steam: true });
      await page.getByRole('button', { name: 'Disconnect Steam' }).click();
      await page.getByRole('textbox', { name: /Steam/ }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('steam_id'))).toBeNull();
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('connects by Enter and shows the busy label meanwhile', async () => {
    const { page } = await openPage(browser(), '/profile');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/steam/player/summaries/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('textbox', { name: /Steam/ }).fill(DEMO_ID);
    await page.getByRole('textbox', { name: /Steam/ }).press('Enter');
    await page.getByRole('button', { name: 'Connecting... Steam' }).waitFor();
    release();
    await page.getByRole('button', { name: 'Disconnect Steam' }).waitFor();
    await page.context().close();
  });

  for (const [text, message] of [
    [PRIVATE_ID, 'Steam profile not found or is PRIVATE'],
    ['hello world', 'Invalid Steam ID or profile URL. Please enter a valid Steam ID64 or profile URL.'],
    ['', 'Please enter a Steam ID or profile URL'],
  ] as const) {
    it(`shows '${message}' for ${JSON.stringify(text)}`, async () => {
      const { page } = await openPage(browser(), '/profile');
      await connectSteam(page, text);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(message);
      expect(await page.evaluate(() => localStorage.getItem('steam_id'))).toBeNull();
      await page.context().close();
    });
  }
});

const section = (page: Page) => page.getByRole('region', { name: 'Connect Services' });

describe('how the cards look', () => {
  it('phone and desktop, disconnected and connected, with no serious accessibility problems', async () => {
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page } = await openPage(browser(), '/profile', { viewport });
      await page.getByRole('button', { name: 'Connect Spotify' }).waitFor();
      await page.getByText('demo').first().waitFor();
      await page.getByRole('button', { name: 'Connect Steam' }).click();
      await page.getByRole('alert').waitFor();
      await screenshot(page, `services-cards-${label}`);
      await section(page).screenshot({ path: `screenshots/services-section-${label}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.evaluate(() => {
        localStorage.setItem('spotify_access_token', 'a');
        localStorage.setItem('trakt_access_token', 'b');
      });
      await page.reload();
      await page.getByRole('textbox', { name: /Steam/ }).fill(DEMO_ID);
      await page.getByRole('button', { name: 'Connect Steam' }).click();
      await page.getByRole('button', { name: 'Disconnect Steam' }).waitFor();
      await page.getByRole('button', { name: 'Disconnect Spotify' }).waitFor();
      await screenshot(page, `services-cards-connected-${label}`);
      await section(page).screenshot({ path: `screenshots/services-section-connected-${label}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await section(page).screenshot({ path: `screenshots/services-section-connected-light-${label}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
  });
});
