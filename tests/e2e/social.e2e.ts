import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, recordDialogs, screenshot, startBrowser } from './support/browser';
import { concertGoerProfileJson } from './support/personas';

// Discover, Friends, Leaderboard and Settings in Chromium against the demo server (local AI engine).

const TOKENS = {
  spotify_access_token: 'spotify-access',
  spotify_refresh_token: 'spotify-refresh',
  trakt_access_token: 'trakt-access',
  trakt_refresh_token: 'trakt-refresh',
};
const seeded = { user_profile: concertGoerProfileJson };

let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The in-page notice (role=status) with this text. */
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Suggested friends' }).getByRole('heading', { level: 2 }).allTextContents();
}

async function waitForCards(page: Page): Promise<void> {
  await page.getByRole('list', { name: 'Suggested friends' }).waitFor();
}

function card(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function storedJson(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), key);
}

describe('Discover and Friends', () => {
  it('asks for a complete profile first', async () => {
    const { page, errors } = await openPage(browser, '/home');
    await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
    await page.getByRole('button', { name: 'Go to Profile' }).click();
    await page.waitForURL('**/profile');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('ranks, searches, filters by community, adds a friend, shows them on Friends and removes them', async () => {
    const { page, errors } = await openPage(browser, '/dashboard', { localStorage: seeded });
    const dialogs = recordDialogs(page);
    await waitForCards(page);

    // Ranked by the local engine: distinct percentages, highest first, the user sharing all three on top.
    // Only the 7 who share at least 10% of the profile are listed as matches.
    const badges = await page.locator('.match-badge').allTextContents();
    expect(badges).toHaveLength(7);
    for (const b of badges) expect(b).toMatch(/^\d{1,3}% Match$/);
    const percents = badges.map((b) => Number.parseInt(b, 10));
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    expect(new Set(percents).size).toBeGreaterThanOrEqual(5);
    expect(percents.every((p) => p >= 10)).toBe(true);
    expect((await cardNames(page))[0]).toBe('RiffLord');
    await expect(card(page, 'RiffLord').getByText('You both like Metal, Elden Ring and Attack on Titan').isVisible()).resolves.toBe(true);
    await expect(card(page, 'RiffLord').getByText('RI', { exact: true }).isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, 'discover');

    // Search by interests, then by username, case-insensitively.
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill('METAL');
    expect((await cardNames(page)).sort()).toEqual(['MoshPitMia', 'RiffLord', 'TitanSlayer']);
    await search.fill('jazz');
    expect((await cardNames(page)).sort()).toEqual(['JazzCat', 'MaestroMax']);
    await search.fill('zzz-nobody');
    await page.getByText('No users found matching your filters.').waitFor();
    await expect(page.getByText('Try changing your community or search query.').isVisible()).resolves.toBe(true);
    await search.fill('');

    // The header's community filter.
    await page.getByRole('combobox', { name: 'Community' }).selectOption('Microsoft');
    const microsoft = await cardNames(page);
    expect(microsoft.length).toBeGreaterThan(1);
    expect(microsoft.length).toBeLessThan(7);
    for (const line of await page.locator('.match-communities').allTextContents()) expect(line).toContain('Microsoft');
    await page.getByRole('combobox', { name: 'Community' }).selectOption('All Communities');
    expect(await cardNames(page)).toHaveLength(7);

    // Add a friend: the in-page notice, then the button stays 'Friend Added!' and disabled.
    await card(page, 'RiffLord').getByRole('button', { name: 'Add Friend' }).click();
    const added = card(page, 'RiffLord').getByRole('button', { name: 'Friend Added!' });
    await added.waitFor();
    await expect(added.isDisabled()).resolves.toBe(true);
    await notice(page, "You're now friends with RiffLord!").waitFor();
    await expectNoSeriousViolations(page, 'discover notice');
    await notice(page, "You're now friends with RiffLord!").getByRole('button', { name: 'Dismiss' }).click();
    await notice(page, "You're now friends with RiffLord!").waitFor({ state: 'detached' });
    expect(dialogs).toEqual([]);
    const links = (await storedJson(page, 'mycelius_friends')) as { id: string; user_id: string; friend_id: string }[];
    expect(links).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), user_id: 'user-current', friend_id: 'user-1' }]);

    // Reloading keeps them a friend.
    await page.reload();
    await waitForCards(page);
    await expect(card(page, 'RiffLord').getByRole('button', { name: 'Friend Added!' }).isDisabled()).resolves.toBe(true);

    // Friends lists them with Chat and Remove; removal asks first, in the page.
    await page.getByRole('link', { name: 'Friends' }).click();
    await page.getByRole('heading', { name: 'Your Friends' }).waitFor();
    await page.getByRole('heading', { name: 'RiffLord' }).waitFor();
    await expect(page.getByRole('link', { name: 'Chat' }).getAttribute('href')).resolves.toBe('/chat/user-1');
    await expectNoSeriousViolations(page, 'friends');

    // Keyboard: Remove opens the dialog with Cancel focused; Escape closes it and returns focus.
    const remove = page.getByRole('button', { name: 'Remove' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Remove friend?' });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, 'friends dialog');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(remove.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('No friends yet!').waitFor();
    await expect(page.getByText('Add some friends from the home page.').isVisible()).resolves.toBe(true);
    expect(await storedJson(page, 'mycelius_friends')).toEqual([]);
    await expectNoSeriousViolations(page, 'friends empty');

    // Back on Discover they can be added again.
    await page.getByRole('link', { name: 'Home' }).click();
    await waitForCards(page);
    await expect(card(page, 'RiffLord').getByRole('button', { name: 'Add Friend' }).isEnabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is usable by keyboard alone: search and add a friend', async () => {
    const { page } = await openPage(browser, '/dashboard', { localStorage: seeded });
    const dialogs = recordDialogs(page);
    await waitForCards(page);
    await page.getByRole('searchbox', { name: 'Search users' }).focus();
    await page.keyboard.type('pixel');
    await expect.poll(() => cardNames(page)).toEqual(['PixelPoet']);
    // The percentage first (it opens the explained match), then Add Friend.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^\d+% Match$/);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Add Friend');
    await page.keyboard.press('Enter');
    await card(page, 'PixelPoet').getByRole('button', { name: 'Friend Added!' }).waitFor();
    await notice(page, "You're now friends with PixelPoet!").waitFor();
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});

describe('Leaderboard', () => {
  it('ranks by each tab, marks (You) with the default stats, keeps random stats once created', async () => {
    const { page, errors } = await openPage(browser, '/leaderboard', { localStorage: seeded });
    await page.getByRole('table').waitFor();
    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(27);
    const me = rows.filter({ hasText: 'Morgan (You)' });
    expect(await me.getByRole('cell').allTextContents()).toEqual([expect.stringMatching(/^\d+$/), '1,250', '65%', '5']);
    await page.getByRole('heading', { name: 'Your Stats Summary' }).waitFor();
    await expectNoSeriousViolations(page, 'leaderboard');

    const stats = await page.evaluate(() =>
      Array.from({ length: 25 }, (_, i) => JSON.parse(localStorage.getItem(`leaderboard_stats_user-${i + 1}`) ?? 'null')),
    );
    for (const s of stats) {
      expect(s.totalPoints).toBeGreaterThanOrEqual(500);
      expect(s.totalPoints).toBeLessThanOrEqual(3499);
      expect(s.winRate).toBeGreaterThanOrEqual(40);
      expect(s.winRate).toBeLessThanOrEqual(79);
    }

    // Keyboard: arrows move between tabs and re-sort the table by that stat.
    await page.getByRole('tab', { name: 'Total Points' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Games Played' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Friends' }).getAttribute('aria-selected')).resolves.toBe('true');
    const scores = (await page.locator('.lb-table tbody tr td:nth-child(3)').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(Math.max(...scores)).toBeLessThanOrEqual(20);

    await page.reload();
    await page.getByRole('table').waitFor();
    const again = await page.evaluate(() => JSON.parse(localStorage.getItem('leaderboard_stats_user-1') ?? 'null'));
    expect(again).toEqual(stats[0]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('Settings', () => {
  it('saves every toggle at once; after a reload all are kept and the dark class follows the theme', async () => {
    const { page, errors } = await openPage(browser, '/settings', { localStorage: seeded });
    const theme = page.getByRole('switch', { name: 'Theme' });
    await theme.waitFor();
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    await expectNoSeriousViolations(page, 'settings dark');

    for (const name of ['Theme', 'Profile Visibility', 'Online Status', 'Push Notifications', 'Sound Effects']) {
      await page.getByRole('switch', { name }).click();
    }
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(false);
    expect(await storedJson(page, 'user_settings')).toEqual({
      theme: 'light',
      profileVisibility: 'private',
      notifications: false,
      soundEffects: false,
      showOnlineStatus: false,
    });
    await expectNoSeriousViolations(page, 'settings light');

    await page.reload();
    await theme.waitFor();
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(false);
    for (const name of ['Theme', 'Profile Visibility', 'Online Status', 'Push Notifications', 'Sound Effects']) {
      await expect(page.getByRole('switch', { name }).getAttribute('aria-checked')).resolves.toBe('false');
    }
    await expect(page.getByText('Light mode').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Visible to friends only').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Hidden from everyone').isVisible()).resolves.toBe(true);

    // Keyboard: Space on a focused switch flips it back.
    await theme.focus();
    await page.keyboard.press('Space');
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    expect(await storedJson(page, 'user_settings')).toMatchObject({ theme: 'dark' });
    await expect(page.getByText('v1.0.0').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Clear App Data keeps the four service tokens and resets everything else; Log Out removes the tokens and goes to /auth', async () => {
    const { page, errors } = await openPage(browser, '/settings', {
      localStorage: {
        ...seeded,
        ...TOKENS,
        user_settings: JSON.stringify({ theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: true, showOnlineStatus: false }),
        mycelius_friends: JSON.stringify([{ id: 'x', user_id: 'user-current', friend_id: 'user-3' }]),
      },
    });
    const dialogs = recordDialogs(page);
    await page.getByRole('switch', { name: 'Theme' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(false);

    await page.getByRole('button', { name: 'Clear App Data' }).click();
    const clearQuestion = page.getByRole('alertdialog', { name: 'Clear App Data' });
    await clearQuestion.waitFor();
    await expect(clearQuestion.textContent()).resolves.toContain(
      'Are you sure you want to clear all app data? This will delete your profile, friends, and settings.',
    );
    expect(await clearQuestion.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousViolations(page, 'clear question');
    await clearQuestion.getByRole('button', { name: 'Clear App Data' }).click();
    await notice(page, 'App data cleared successfully!').waitFor();
    const afterClear = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
    expect(afterClear).toEqual(TOKENS);
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    await expect(page.getByRole('switch', { name: 'Theme' }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByText('Visible to everyone').isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Log Out' }).click();
    const logOutQuestion = page.getByRole('alertdialog', { name: 'Log Out' });
    await expect(logOutQuestion.textContent()).resolves.toContain('Are you sure you want to log out?');
    await logOutQuestion.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/auth');
    expect(dialogs).toEqual([]);
    const tokensLeft = await page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), Object.keys(TOKENS));
    expect(tokensLeft).toEqual([]);
    await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a cancelled Log Out changes nothing, and focus returns to Log Out', async () => {
    const { page } = await openPage(browser, '/settings', { localStorage: { ...seeded, ...TOKENS } });
    const logOut = page.getByRole('button', { name: 'Log Out' });
    await logOut.click();
    const question = page.getByRole('alertdialog', { name: 'Log Out' });
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await logOut.evaluate((el) => el === document.activeElement)).toBe(true);
    await logOut.click();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => localStorage.getItem('spotify_access_token'))).resolves.toBe('spotify-access');
    expect(new URL(page.url()).pathname).toBe('/settings');
    await page.context().close();
  });
});

/** The full page, plus what fits on the first screen (fixed header and navigation in place). */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.screenshot({ path: `screenshots/${name}-fold.png` });
}

describe('screens at phone and desktop sizes', () => {
  it('screenshots Discover, Friends, Leaderboard and Settings', async () => {
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page } = await openPage(browser, '/dashboard', {
        viewport,
        localStorage: { ...seeded, mycelius_friends: JSON.stringify([{ id: 'x', user_id: 'user-current', friend_id: 'user-21' }]) },
      });
      await waitForCards(page);
      await shoot(page, `discover-${label}`);
      await page.goto(page.url().replace('/dashboard', '/friends'));
      await page.getByRole('heading', { name: 'TitanSlayer' }).waitFor();
      await shoot(page, `friends-${label}`);
      await page.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shoot(page, `friends-dialog-${label}`);
      await page.goto(page.url().replace('/friends', '/leaderboard'));
      await page.getByRole('table').waitFor();
      await shoot(page, `leaderboard-${label}`);
      await page.goto(page.url().replace('/leaderboard', '/settings'));
      await page.getByRole('switch', { name: 'Theme' }).click();
      await shoot(page, `settings-light-${label}`);
      await page.getByRole('button', { name: 'Clear App Data' }).click();
      await page.getByRole('alertdialog', { name: 'Clear App Data' }).waitFor();
      // The viewport only: a modal's backdrop covers the screen, not the whole scrolled page.
      await page.screenshot({ path: `screenshots/settings-clear-dialog-light-${label}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await page.goto(page.url().replace('/settings', '/dashboard'));
      await waitForCards(page);
      await shoot(page, `discover-light-${label}`);
      await page.context().close();
    }
  });
});
