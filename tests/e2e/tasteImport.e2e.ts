import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, settleAnimations, startBrowserAroundTests } from './support/browser';
import { readerProfileJson } from './support/personas';

// Connecting a demo service offers its taste; accepting it raises a fan's score without
// typing anything. The demo providers' data is server/fakes/demoData.ts.


/** The percentage on someone's Discover card, found by searching their name (a search lists anyone). */
async function scoreOf(page: Page, name: string): Promise<number> {
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(name);
  const card = page.locator('li.match-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
  const badge = card.locator('.match-badge');
  await badge.waitFor();
  const match = /^(\d+)% Match$/.exec((await badge.textContent()) ?? '');
  expect(match).not.toBeNull();
  return Number(match![1]);
}

async function connectOAuth(page: Page, name: 'Spotify' | 'Trakt'): Promise<void> {
  await page.getByRole('button', { name: `Connect ${name}` }).click();
  await page.waitForURL('**/demo/**');
  await page.getByRole('button', { name: 'Allow' }).click();
}

const browser = startBrowserAroundTests();

describe('taste import', () => {
  it('Steam: Add all brings the most-played games in, and an Elden Ring fan scores higher', async () => {
    const { page, errors } = await openPage(browser(), '/dashboard', { localStorage: { user_profile: readerProfileJson } });
    const before = await scoreOf(page, 'SouledOut');

    await page.goto('/profile');
    const steam = page.locator('li.service-steam');
    await steam.getByRole('textbox', { name: /Steam/ }).fill('76561198000000001');
    await steam.getByRole('button', { name: 'Connect Steam' }).click();
    const offer = page.locator('.taste-offer-steam');
    await offer.waitFor();
    expect(await offer.locator('.taste-offer-items').textContent()).toBe('From Steam: Elden Ring, Stardew Valley, The Witcher 3: Wild Hunt, Hades, Terraria');
    await offer.getByRole('button', { name: 'Add all' }).click();
    await page.getByRole('status').filter({ hasText: 'Added to your favorite games: Elden Ring, Stardew Valley, The Witcher 3: Wild Hunt, Hades, Terraria.' }).waitFor();
    const games = page.locator('section', { has: page.getByRole('heading', { name: 'Favorite Games' }) });
    await games.getByText('Elden Ring', { exact: true }).first().waitFor();

    const after = await scoreOf(page, 'SouledOut');
    expect(after).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Spotify from onboarding: back on onboarding with the offer; the picked genres raise an Indie and Folk fan', async () => {
    const { page, errors } = await openPage(browser(), '/dashboard', { localStorage: { user_profile: readerProfileJson } });
    const before = await scoreOf(page, 'PixelPoet');

    await page.goto('/connections');
    await connectOAuth(page, 'Spotify');
    await page.waitForURL('**/connections');
    const offer = page.locator('.taste-offer-spotify');
    await offer.waitFor();
    // Rock is in the profile already, so it is not offered again.
    expect(await offer.locator('.taste-offer-items').textContent()).toBe('From Spotify: Indie, Folk, Hip Hop, Rap, Alternative');
    // Back from the consent page the result is in view (not ~1,800 px below the top) and said in a live region.
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    };
    await expect.poll(() => offer.evaluate(inView), { timeout: 3_000 }).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const said = page.locator('.connect-services [role="status"][aria-live="polite"]');
    expect(await said.textContent()).toBe('Spotify connected. From Spotify: Indie, Folk, Hip Hop, Rap, Alternative');
    await page.screenshot({ path: 'screenshots/onboarding-oauth-return-phone.png' });
    // What a person sees with the offer in view, on a phone and on a desktop.
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      await offer.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await settleAnimations(page);
      await page.screenshot({ path: `screenshots/onboarding-taste-offer-${label}.png` });
    }
    await page.setViewportSize(PHONE);

    expect((await allViolations(page)).map((v) => `taste offer: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await offer.getByRole('button', { name: 'Pick' }).click();
    const picks = page.getByRole('group', { name: 'Choose what to add from Spotify' });
    expect((await allViolations(page)).map((v) => `taste picks: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await picks.getByRole('checkbox', { name: 'Rap' }).uncheck();
    await picks.getByRole('checkbox', { name: 'Hip Hop' }).uncheck();
    await page.getByRole('button', { name: 'Add selected' }).click();
    const added = page.getByRole('status').filter({ hasText: 'Added to your music genres: Indie, Folk, Alternative.' });
    await added.waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Build Your Profile' }).isVisible()).toBe(true);
    // 'OK' puts the note away.
    await added.getByRole('button', { name: 'OK' }).click();
    await added.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('user_profile') ?? '{}') as { musicGenres: string[] }).musicGenres)).toEqual([
      'Rock',
      'Indie',
      'Folk',
      'Alternative',
    ]);

    const after = await scoreOf(page, 'PixelPoet');
    expect(after).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Trakt: the watchlist titles raise an Arcane fan from nothing in common', async () => {
    const { page, errors } = await openPage(browser(), '/dashboard', { localStorage: { user_profile: readerProfileJson } });
    const before = await scoreOf(page, 'LaneLegend');

    await page.goto('/profile');
    await connectOAuth(page, 'Trakt');
    await page.waitForURL('**/profile');
    const offer = page.locator('.taste-offer-trakt');
    await offer.waitFor();
    expect(await offer.locator('.taste-offer-items').textContent()).toBe(
      'From Trakt: Severance, Everything Everywhere All at Once, The Bear, Spider-Man: Across the Spider-Verse, Arcane',
    );
    await offer.getByRole('button', { name: 'Add all' }).click();
    await page.getByRole('status').filter({ hasText: /^Added to your favorite shows & movies: / }).waitFor();

    const after = await scoreOf(page, 'LaneLegend');
    expect(before).toBe(0);
    expect(after).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Not now adds nothing and the offer does not come back on a reload', async () => {
    const { page, errors } = await openPage(browser(), '/profile', { localStorage: { user_profile: readerProfileJson } });
    const steam = page.locator('li.service-steam');
    await steam.getByRole('textbox', { name: /Steam/ }).fill('76561198000000001');
    await steam.getByRole('button', { name: 'Connect Steam' }).click();
    const offer = page.locator('.taste-offer-steam');
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await steam.getByRole('button', { name: 'Disconnect Steam' }).waitFor();
    expect(await page.locator('.taste-offer').count()).toBe(0);
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('user_profile') ?? '{}') as { favoriteGames: string[] }).favoriteGames)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
