import { describe, expect, it } from 'vitest';
import { allViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, settleAnimations, startBrowserAroundTests } from './support/browser';

// A card's percentage opens its breakdown (music, games, shows, hobbies, each with what is
// shared and its share of the score), and the shares add up to the percentage. Under 10% is no match.

const profile = (extra: Record<string, unknown>) =>
  JSON.stringify({
    username: 'Tester',
    profilePicture: '',
    hobbies: 'fantasy novels and boss fights',
    musicGenres: [],
    favoriteGames: [],
    favoriteShows: [],
    connectedServices: { spotify: false, trakt: false, steam: false },
    ...extra,
  });

const browser = startBrowserAroundTests();

describe('explained match', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${label}: the breakdown lists shared items by category and its shares add up to the percentage`, async () => {
      const seeded = profile({ musicGenres: ['Metal'], favoriteGames: ['Elden Ring'], favoriteShows: ['Attack on Titan'] });
      const { page, errors } = await openPage(browser(), '/dashboard', { viewport, localStorage: { user_profile: seeded } });
      const card = page.locator('li.match-card').filter({ has: page.getByRole('heading', { level: 2, name: 'RiffLord', exact: true }) });
      const badge = card.getByRole('button', { name: /^\d+% Match$/ });
      await badge.waitFor();
      const percent = Number(/^(\d+)%/.exec((await badge.textContent()) ?? '')![1]);
      await badge.click();

      const dialog = page.getByRole('dialog', { name: `${percent}% match with RiffLord` });
      await dialog.waitFor();
      // In the shared dialog style (as Block or Log Out): a thin border, rounded corners, the app's surface,
      // not the browser's default black box with a thick border.
      const [style, shared] = await dialog.evaluate((el) => {
        const pick = (s: CSSStyleDeclaration) => [s.borderTopWidth, s.borderTopLeftRadius, s.backgroundColor, s.color];
        const probe = document.createElement('dialog');
        probe.className = 'modal-dialog';
        document.body.append(probe);
        const result = [pick(getComputedStyle(el)), pick(getComputedStyle(probe))];
        probe.remove();
        return result;
      });
      expect(style).toEqual(shared);
      expect(style![0]).toBe('1px');
      const parts = dialog.getByRole('listitem');
      expect(await parts.locator('h3').allTextContents()).toEqual(['Music', 'Games', 'Shows & movies', 'Hobbies & personality']);
      const shares = (await parts.locator('.breakdown-points').allTextContents()).map((text) => Number(text.replace('%', '')));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(percent);
      const items = await parts.locator('.breakdown-items').allTextContents();
      expect(items[0]).toBe('Metal, Punk (near Metal)');
      expect(items[1]).toBe('Elden Ring');
      expect(items[2]).toBe('Attack on Titan');
      expect(shares.slice(0, 3).every((share) => share > 0)).toBe(true);
      expect((await allViolations(page)).map((v) => `breakdown dialog: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      // The viewport, not the full page: the modal and its backdrop are what a person sees.
      await settleAnimations(page);
      await page.screenshot({ path: `screenshots/breakdown-dialog-${label}.png` });

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await badge.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('lists nobody under 10% as a match and says why', async () => {
    const { page, errors } = await openPage(browser(), '/dashboard', { localStorage: { user_profile: profile({ musicGenres: ['Polka'], hobbies: 'zzz' }) } });
    await page.getByText('No users found matching your filters.').waitFor();
    await page
      .getByText('People who share less than 10% of your taste are not listed as matches. Add more genres, games or shows to your profile to find more.')
      .waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('RiffLord');
    await page.getByRole('heading', { level: 2, name: 'RiffLord' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
