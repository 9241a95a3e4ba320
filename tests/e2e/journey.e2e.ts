import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, recordDialogs, startBrowserAroundTests } from './support/browser';

// journey as a new guest would take it: no account, build a profile, explore ranked people, add a
// friend, edit the profile and see the ranking recomputed. Demo server, local AI engine.

const browser = startBrowserAroundTests();

function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** Types an item into a chip list and adds it with Enter (only 9 suggestions show, so most are typed). */
async function addChip(page: Page, list: string, inputLabel: string, item: string): Promise<void> {
  const input = region(page, list).getByRole('textbox', { name: inputLabel });
  await input.fill(item);
  await input.press('Enter');
  await region(page, list).getByRole('list', { name: `Your ${list}` }).getByText(item, { exact: true }).waitFor();
}

function card(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** username → percentage, in the order the cards are shown. */
async function ranking(page: Page): Promise<[string, number][]> {
  const list = page.getByRole('list', { name: 'Suggested friends' });
  await list.waitFor();
  const names = await list.getByRole('heading', { level: 2 }).allTextContents();
  const badges = await list.locator('.match-badge').allTextContents();
  return names.map((n, i) => [n, Number.parseInt(badges[i]!, 10)]);
}

describe('new user journey', () => {
  it('as a guest, builds a profile, explores ranked cards, adds a friend, edits the profile and sees the ranking recomputed', async () => {
    const { page, errors } = await openPage(browser(), '/auth');
    // No browser dialog opens any more: notices are in the page.
    const dialogs = recordDialogs(page);
    const similarityRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/similarity')) similarityRequests.push(request.method());
    });

    // Start as a guest: the device-only product, with the 25 sample people (members have their own e2e).
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL('**/connections');

    // Build the profile on the onboarding screen.
    await page.getByRole('heading', { name: 'Build Your Profile' }).waitFor();
    await page.getByRole('textbox', { name: 'Username' }).fill('Nova');
    await page.getByRole('textbox', { name: 'Favorite Hobbies' }).fill('Going to concerts and playing games');
    await addChip(page, 'Music Genres', 'Add a music genre', 'Metal');
    await addChip(page, 'Favorite Games', 'Add a favorite game', 'Elden Ring');
    await region(page, 'Favorite Shows & Movies').getByRole('button', { name: 'Add Attack on Titan' }).click();
    await page.getByRole('button', { name: 'Start Exploring' }).click();
    await page.waitForURL('**/dashboard');

    // Ranked cards with percentages that differ between users; those sharing the profile's items lead.
    // Only the 7 who share at least 10% are listed as matches.
    const first = await ranking(page);
    expect(first).toHaveLength(7);
    expect(first.every(([, p]) => p >= 10)).toBe(true);
    expect(new Set(first.map(([, p]) => p)).size).toBeGreaterThanOrEqual(5);
    expect(first.map(([, p]) => p)).toEqual([...first.map(([, p]) => p)].sort((a, b) => b - a));
    expect(first[0]![0]).toBe('RiffLord');
    expect(similarityRequests).toHaveLength(1);

    // Add a friend.
    await card(page, 'RiffLord').getByRole('button', { name: 'Add Friend' }).click();
    await card(page, 'RiffLord').getByRole('button', { name: 'Friend Added!' }).waitFor();
    await page.getByRole('status').filter({ hasText: "You're now friends with RiffLord!" }).waitFor();
    expect(dialogs).toEqual([]);

    // Coming back without a change uses the cached scores: no new request.
    await page.getByRole('link', { name: 'Friends' }).click();
    await page.getByRole('heading', { name: 'RiffLord' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    expect(await ranking(page)).toEqual(first);
    expect(similarityRequests).toHaveLength(1);

    // Edit the profile: add jazz-family genres.
    await page.getByRole('link', { name: 'Your profile' }).click();
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    await region(page, 'Music Genres').getByRole('button', { name: 'Add Jazz' }).click();
    await addChip(page, 'Music Genres', 'Add a music genre', 'Blues');
    await addChip(page, 'Music Genres', 'Add a music genre', 'Soul');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    // The ranking is recomputed with one new request: the jazz fans climb, the friend stays a friend.
    // JazzCat shared nothing at first (not listed); now they are listed near the top.
    const second = await ranking(page);
    expect(similarityRequests).toHaveLength(2);
    const place = (list: [string, number][], name: string) => list.findIndex(([n]) => n === name);
    expect(place(first, 'JazzCat')).toBe(-1);
    expect(place(second, 'JazzCat')).toBeGreaterThanOrEqual(0);
    expect(place(second, 'JazzCat')).toBeLessThan(3);
    expect(second.map(([n]) => n)).not.toEqual(first.map(([n]) => n));
    await expect(card(page, 'JazzCat').getByText(/You both like Jazz, Blues and Soul/).isVisible()).resolves.toBe(true);
    await expect(card(page, 'RiffLord').getByRole('button', { name: 'Friend Added!' }).isDisabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
