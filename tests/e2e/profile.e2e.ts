import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { appUrl, DESKTOP, openPage, PHONE, screenshot, startBrowser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser.close();
});

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A real RGB PNG (a diagonal gradient), big enough that the app has to scale it down. */
function pngBuffer(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows[row + 1 + x * 3] = (x * 255) / width;
      rows[row + 2 + x * 3] = 60;
      rows[row + 3 + x * 3] = (y * 255) / height;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface StoredProfile {
  username: string;
  profilePicture: string;
  hobbies: string;
  musicGenres: string[];
  favoriteGames: string[];
  favoriteShows: string[];
  connectedServices: { spotify: boolean; trakt: boolean; steam: boolean };
}

async function storedProfile(page: Page): Promise<StoredProfile> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user_profile') ?? 'null'));
}

function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

async function chips(page: Page, name: string): Promise<string[]> {
  return region(page, name).locator('.chip-text').allTextContents();
}

describe('profile building and editing', () => {
  it('builds a profile on /connections, starts exploring, and edits it on /profile; all saved in user_profile', async () => {
    const { page, context, errors } = await openPage(browser, '/connections', { viewport: PHONE });
    await page.getByRole('heading', { name: 'Build Your Profile' }).waitFor();
    await expect(page.getByText('Set up your profile and connect your accounts').isVisible()).resolves.toBe(true);

    await page.getByRole('textbox', { name: 'Username' }).fill('Trail Runner');
    await page.getByRole('textbox', { name: 'Favorite Hobbies' }).fill('Hiking and chess');

    const genreInput = region(page, 'Music Genres').getByRole('textbox', { name: 'Add a music genre' });
    await genreInput.fill('  Synthwave ');
    await genreInput.press('Enter');
    await expect(genreInput.inputValue()).resolves.toBe('');
    await region(page, 'Music Genres').getByRole('button', { name: 'Add Jazz' }).click();
    await genreInput.fill('jazz');
    await genreInput.press('Enter');
    expect(await chips(page, 'Music Genres')).toEqual(['Synthwave', 'Jazz']);

    const gameInput = region(page, 'Favorite Games').getByRole('textbox', { name: 'Add a favorite game' });
    await gameInput.fill('Elden Ring');
    await region(page, 'Favorite Games').getByRole('button', { name: 'Add to Favorite Games' }).click();
    expect(await chips(page, 'Favorite Games')).toEqual(['Elden Ring']);

    // Keyboard only: from the shows box, Tab past Add to the first suggestion and press Enter.
    await region(page, 'Favorite Shows & Movies').getByRole('textbox').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await chips(page, 'Favorite Shows & Movies')).toEqual(['Breaking Bad']);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Add Game of Thrones');

    // A text file is refused with a clear message; a PNG is taken, scaled down and shown round.
    const pictureInput = page.getByLabel('Upload profile picture');
    await pictureInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByRole('alert').filter({ hasText: 'Please choose an image file (PNG, JPEG, GIF or WebP).' }).waitFor();
    await pictureInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBuffer(1200, 900) });
    const preview = page.getByRole('img', { name: 'Your profile picture' });
    await preview.waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    const size = await preview.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    expect(size).toEqual({ w: 256, h: 192 });

    let stored = await storedProfile(page);
    expect(stored).toMatchObject({
      username: 'Trail Runner',
      hobbies: 'Hiking and chess',
      musicGenres: ['Synthwave', 'Jazz'],
      favoriteGames: ['Elden Ring'],
      favoriteShows: ['Breaking Bad'],
    });
    expect(stored.profilePicture).toMatch(/^data:image\/(webp|jpeg);base64,/);
    expect(stored.profilePicture.length).toBeLessThan(60_000);

    // Start Exploring: the screen fades out, then /dashboard.
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Start Exploring' }).click();
    await page.locator('.screen.fade-out').waitFor({ state: 'attached' });
    await page.waitForURL('**/dashboard');
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(450);
    const headerPicture = page.getByRole('link', { name: 'Your profile' }).locator('img');
    await headerPicture.waitFor();
    expect(await headerPicture.getAttribute('src')).toBe(stored.profilePicture);

    // /profile after a reload: everything is still there.
    await page.goto(page.url().replace('/dashboard', '/profile'));
    await page.reload();
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Username' }).inputValue()).resolves.toBe('Trail Runner');
    await expect(page.getByRole('textbox', { name: 'Favorite Hobbies' }).inputValue()).resolves.toBe('Hiking and chess');
    expect(await chips(page, 'Music Genres')).toEqual(['Synthwave', 'Jazz']);
    expect(await chips(page, 'Favorite Games')).toEqual(['Elden Ring']);
    expect(await chips(page, 'Favorite Shows & Movies')).toEqual(['Breaking Bad']);
    expect(await page.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(stored.profilePicture);
    expect(await page.getByRole('link', { name: 'Your profile' }).locator('img').getAttribute('src')).toBe(stored.profilePicture);

    // Edit on /profile: each change is saved at once.
    await page.getByRole('textbox', { name: 'Username' }).fill('Trail Runner 2');
    await region(page, 'Music Genres').getByRole('button', { name: 'Remove Synthwave' }).click();
    await region(page, 'Favorite Shows & Movies').getByRole('button', { name: 'Add Attack on Titan' }).click();
    stored = await storedProfile(page);
    expect(stored).toMatchObject({
      username: 'Trail Runner 2',
      musicGenres: ['Jazz'],
      favoriteShows: ['Breaking Bad', 'Attack on Titan'],
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Username' }).inputValue()).resolves.toBe('Trail Runner 2');

    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Skip for now also fades out to /dashboard', async () => {
    const { page, context } = await openPage(browser, '/connections');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('has no serious accessibility violations and looks finished on a phone and a desktop', async () => {
    const profile = {
      username: 'Nova',
      profilePicture: '',
      hobbies: 'Bouldering, film photography',
      musicGenres: ['Indie', 'Electronic', 'Synthwave'],
      favoriteGames: ['Stardew Valley', 'Elden Ring'],
      favoriteShows: ['Avatar: The Last Airbender', 'The Office'],
      connectedServices: { spotify: false, trakt: false, steam: false },
    };
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page, context } = await openPage(browser, '/connections', { viewport, localStorage: { user_profile: JSON.stringify(profile) } });
      await page.getByRole('heading', { name: 'Build Your Profile' }).waitFor();
      await page.getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBuffer(600, 600) });
      await page.getByRole('img', { name: 'Your profile picture' }).waitFor();
      // Let the 500 ms fade-in finish so contrast is checked and shown on the settled screen.
      await page.locator('.screen').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `onboarding-${label}`);
      await page.goto(appUrl('/profile'));
      await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
      await page.locator('.screen').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `profile-${label}`);
      await context.close();
    }
  });
});
