import { describe, expect, it } from 'vitest';
import { openPage, startBrowserAroundTests } from './support/browser';

// Who sees the splash, and where a declined or failed OAuth connection lands.

const completeProfile = {
  username: 'returning',
  profilePicture: '',
  hobbies: 'Hiking',
  musicGenres: ['Folk'],
  favoriteGames: [],
  favoriteShows: [],
  connectedServices: { spotify: false, trakt: false, steam: false },
};

const browser = startBrowserAroundTests();

describe('opening /', () => {
  it('a returning guest with a complete profile lands on /dashboard without the splash', async () => {
    const { page, context, errors } = await openPage(browser(), '/', { localStorage: { user_profile: JSON.stringify(completeProfile) } });
    await page.waitForURL('**/dashboard', { timeout: 2000 });
    await page.getByRole('heading', { name: 'Discover Friends' }).first().waitFor();
    expect(await page.getByText('Connect. Explore. Grow.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a first visit still sees the splash, then /auth', async () => {
    const { page, context, errors } = await openPage(browser(), '/');
    await page.waitForURL('**/intro');
    await page.getByText('Connect. Explore. Grow.').waitFor();
    await page.waitForURL('**/auth', { timeout: 8000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guest whose profile is not complete yet still sees the splash', async () => {
    const { page, context } = await openPage(browser(), '/', {
      localStorage: { user_profile: JSON.stringify({ ...completeProfile, hobbies: '' }) },
    });
    await page.waitForURL('**/intro');
    await page.getByText('Connect. Explore. Grow.').waitFor();
    await page.waitForURL('**/auth', { timeout: 8000 });
    await context.close();
  });
});

describe('declining an OAuth connection', () => {
  for (const name of ['Spotify', 'Trakt']) {
    it(`Deny on the demo ${name} consent page started from onboarding returns to /connections with the notice`, async () => {
      const { page, context, errors } = await openPage(browser(), '/connections');
      await page.getByRole('button', { name: `Connect ${name}` }).click();
      await page.waitForURL('**/demo/**');
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.waitForURL('**/connections');
      await page.getByRole('status').filter({ hasText: `${name} connection cancelled.` }).waitFor();
      expect(await page.getByText('Connect. Explore. Grow.').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
