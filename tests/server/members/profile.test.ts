import { beforeEach, describe, expect, it } from 'vitest';
import { browser, type Browser } from './support/browser';
import { withMemberApp } from './support/memberApp';
import { DATABASE_KINDS } from './support/testDatabase';

// The member's profile (last write wins by updatedAt, picture limits) and the data export.

const fullProfile = {
  username: 'Alice A.',
  profilePicture: 'data:image/png;base64,iVBORw0KGgo=',
  hobbies: 'climbing, chess',
  musicGenres: ['Jazz', 'Rock'],
  favoriteGames: ['Celeste'],
  favoriteShows: ['Severance'],
  connectedServices: { spotify: true, trakt: false, steam: true },
};

/** The first bytes of each picture type (its file signature). */
const SIGNATURES: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...Buffer.from('GIF89a')],
  webp: [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')],
};

/** A base64 data URL whose decoded image is exactly `bytes` long and begins as its type does. */
function pictureOf(bytes: number, type = 'png'): string {
  const data = Buffer.alloc(bytes, 7);
  Buffer.from(SIGNATURES[type] ?? []).copy(data);
  return `data:image/${type};base64,${data.toString('base64')}`;
}

describe.each(DATABASE_KINDS)('member profile on %s', (kind) => {
  const setup = withMemberApp(kind, { now: () => Date.parse('2026-03-01T12:00:00Z') });
  let alice: Browser;

  beforeEach(async () => {
    alice = browser(setup.app);
    const signup = await alice.request('POST', '/api/auth/signup', { username: 'Alice', email: 'alice@example.com', password: 'secret-1' });
    expect(signup.status).toBe(201);
  });

  it('stores the profile, returns it, and gives it back to a fresh browser after log-in', async () => {
    const put = await alice.request('PUT', '/api/me/profile', { ...fullProfile, updatedAt: 1_000 });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ profile: { ...fullProfile, updatedAt: 1_000 } });

    const fresh = browser(setup.app, { address: '198.51.100.7' });
    expect((await fresh.request('POST', '/api/auth/login', { username: 'alice', password: 'secret-1' })).status).toBe(200);
    const me = (await (await fresh.request('GET', '/api/me')).json()) as { profile: unknown };
    expect(me.profile).toEqual({ ...fullProfile, updatedAt: 1_000 });
  });

  it('fills missing SPEC fields with their defaults', async () => {
    const put = await alice.request('PUT', '/api/me/profile', { hobbies: 'knitting', updatedAt: 3 });
    expect(await put.json()).toEqual({
      profile: {
        username: '',
        profilePicture: '',
        hobbies: 'knitting',
        musicGenres: [],
        favoriteGames: [],
        favoriteShows: [],
        connectedServices: { spotify: false, trakt: false, steam: false },
        updatedAt: 3,
      },
    });
  });

  it('lets the newer write win: an older write gets the stored newer profile back and changes nothing', async () => {
    await alice.request('PUT', '/api/me/profile', { ...fullProfile, hobbies: 'newer', updatedAt: 2_000 });
    const older = await alice.request('PUT', '/api/me/profile', { ...fullProfile, hobbies: 'older', updatedAt: 1_999 });
    expect(older.status).toBe(200);
    expect(((await older.json()) as { profile: { hobbies: string; updatedAt: number } }).profile).toMatchObject({ hobbies: 'newer', updatedAt: 2_000 });

    const newer = await alice.request('PUT', '/api/me/profile', { ...fullProfile, hobbies: 'newest', updatedAt: 2_001 });
    expect(((await newer.json()) as { profile: { hobbies: string } }).profile.hobbies).toBe('newest');
    const me = (await (await alice.request('GET', '/api/me')).json()) as { profile: { hobbies: string; updatedAt: number } };
    expect(me.profile).toMatchObject({ hobbies: 'newest', updatedAt: 2_001 });
  });

  it('keeps updatedAt beyond 32 bits exactly (ms since the epoch)', async () => {
    const updatedAt = Date.parse('2026-03-01T12:00:00.123Z');
    const put = await alice.request('PUT', '/api/me/profile', { ...fullProfile, updatedAt });
    expect(((await put.json()) as { profile: { updatedAt: number } }).profile.updatedAt).toBe(1772366400123);
  });

  it('refuses a profile without a valid updatedAt', async () => {
    for (const updatedAt of [undefined, -1, 1.5, '5']) {
      const response = await alice.request('PUT', '/api/me/profile', { ...fullProfile, updatedAt });
      expect(response.status, String(updatedAt)).toBe(400);
    }
  });

  it('accepts PNG, JPEG, WebP and GIF pictures of up to 200 KB', async () => {
    for (const type of ['png', 'jpeg', 'webp', 'gif']) {
      const response = await alice.request('PUT', '/api/me/profile', { ...fullProfile, profilePicture: pictureOf(100, type), updatedAt: 10 });
      expect(response.status, type).toBe(200);
    }
    const largest = await alice.request('PUT', '/api/me/profile', { ...fullProfile, profilePicture: pictureOf(200 * 1024), updatedAt: 11 });
    expect(largest.status).toBe(200);
    expect(((await largest.json()) as { profile: { profilePicture: string } }).profile.profilePicture).toBe(pictureOf(200 * 1024));
  });

  it('refuses a picture over 200 KB with 413 PICTURE_TOO_LARGE and keeps the stored profile', async () => {
    await alice.request('PUT', '/api/me/profile', { ...fullProfile, updatedAt: 10 });
    const response = await alice.request('PUT', '/api/me/profile', { ...fullProfile, profilePicture: pictureOf(200 * 1024 + 1), updatedAt: 20 });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'PICTURE_TOO_LARGE', message: 'That picture is too large. Please choose a smaller one.' },
    });
    const me = (await (await alice.request('GET', '/api/me')).json()) as { profile: { updatedAt: number } };
    expect(me.profile.updatedAt).toBe(10);
  });

  it.each([
    ['an SVG', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['a web address', 'https://example.com/me.png'],
    ['script', 'javascript:alert(1)'],
    ['broken base64', 'data:image/png;base64,@@@@'],
    ['plain text data', 'data:text/html;base64,PGgxPmhpPC9oMT4='],
    ['base64 cut short of a whole group', 'data:image/png;base64,iVBORw0KGgo'],
  ])('refuses %s as a picture with 400', async (_name, profilePicture) => {
    const response = await alice.request('PUT', '/api/me/profile', { ...fullProfile, profilePicture, updatedAt: 30 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'INVALID_PICTURE', message: 'That picture could not be used. Please choose a PNG, JPEG, WebP or GIF image.' },
    });
  });

  it('caps the profile body at 320 KB and every other route at 64 KB', async () => {
    const huge = await alice.request('PUT', '/api/me/profile', { ...fullProfile, hobbies: 'x'.repeat(330 * 1024), updatedAt: 40 });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('BODY_TOO_LARGE');
    const bigLogin = await alice.request('POST', '/api/auth/login', { username: 'Alice', password: 'x'.repeat(70 * 1024) });
    expect(bigLogin.status).toBe(413);
  });

  it('exports everything the server holds about the member, and nothing secret', async () => {
    await alice.request('PUT', '/api/me/profile', { ...fullProfile, updatedAt: 50 });
    const response = await alice.request('GET', '/api/me/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as { user: { username: string; email: string }; profile: unknown; exportedAt: string; privacySafety: unknown; mutedChats: unknown };
    expect(Object.keys(body).sort()).toEqual(['blocked', 'exportedAt', 'friendRequests', 'friends', 'gameResults', 'mutedChats', 'privacySafety', 'profile', 'user']);
    // Never changed: the defaults of 'Privacy and safety' (docs/api.md).
    expect(body.mutedChats).toEqual([]);
    expect(body.privacySafety).toEqual({ friendRequests: 'everyone', sendReadReceipts: true, sendTypingIndicator: true, showReadReceipts: true });
    expect(body.user).toMatchObject({ username: 'Alice', email: 'alice@example.com', createdAt: '2026-03-01T12:00:00.000Z' });
    expect(body.profile).toEqual({ ...fullProfile, updatedAt: 50 });
    expect(body.exportedAt).toBe('2026-03-01T12:00:00.000Z');
    const text = JSON.stringify(body);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('secret-1');
  });
});
