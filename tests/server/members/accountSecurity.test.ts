import type { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { BusEvent } from '../../../server/live/feature';
import { APP_ORIGIN, browser, type Browser } from './support/browser';
import { DATABASE_KINDS, emptyTables, openTestDatabaseAroundTests } from './support/testDatabase';

// Settings' 'Security' over HTTP, on PGlite and Postgres: changing the password (the current one checked
// under the log-in throttle; every other session ends, this one stays, a mail says so) and 'Signed-in
// devices' (a member's own sessions by public id; ending one or all others; another member's id is 404).

const START = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WRONG_PASSWORD = { error: { code: 'WRONG_PASSWORD', message: 'That password is not correct' } };

describe.each(DATABASE_KINDS)("Settings' Security on %s", (kind) => {
  const opened = openTestDatabaseAroundTests(kind);
  let clock = START;
  let app: Hono;
  let published: BusEvent[];
  let address = 0;
  const someone = (): Browser => browser(app, { address: `198.51.100.${(address += 1) % 250}` });

  beforeEach(async () => {
    clock = START;
    published = [];
    await emptyTables(opened.database);
    const bus = { publish: async (event: BusEvent) => void published.push(event) };
    app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: opened.database.db, now: () => clock, bus } });
  });

  async function signIn(device: Browser, userAgent: string, username = 'alice') {
    const response = await device.request('POST', '/api/auth/login', { username, password: 'old-secret' }, { 'User-Agent': userAgent });
    expect(response.status).toBe(200);
    return device;
  }
  async function signUp(username: string, userAgent = ANDROID_CHROME) {
    const device = someone();
    const response = await device.request('POST', '/api/auth/signup', { username, email: `${username}@example.com`, password: 'old-secret' }, { 'User-Agent': userAgent });
    expect(response.status).toBe(201);
    return device;
  }
  async function devicesOf(device: Browser) {
    const response = await device.request('GET', '/api/me/devices');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { devices: { id: string; name: string; lastActiveAt: string; current: boolean }[]; now: string };
    // The server's clock rides along, so the page words 'Active 5 minutes ago' by it, not by the device's.
    expect(body.now).toBe(new Date(clock).toISOString());
    return body.devices;
  }

  it('lists each session of the member by a short device name and an opaque id, this one first and marked', async () => {
    const phone = await signUp('alice');
    clock += MINUTE;
    const laptop = await signIn(someone(), WINDOWS_FIREFOX);
    clock += MINUTE;
    const devices = await devicesOf(laptop);
    expect(devices).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Firefox on Windows', lastActiveAt: '2026-03-01T12:01:00.000Z', current: true },
      { id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Chrome on Android', lastActiveAt: '2026-03-01T12:00:00.000Z', current: false },
    ]);
    // The session ids are bearer secrets: neither they nor their stored hashes are ever shown.
    const body = JSON.stringify(devices);
    const hashes = await opened.database.db.selectFrom('sessions').select('id_hash').execute();
    for (const secret of [phone.session()!, laptop.session()!, ...hashes.map((h) => h.id_hash)]) expect(body).not.toContain(secret);
    expect((await devicesOf(phone)).map((d) => [d.name, d.current])).toEqual([
      ['Chrome on Android', true],
      ['Firefox on Windows', false],
    ]);
    expect((await someone().request('GET', '/api/me/devices')).status).toBe(401);
  });

  it("moves a session's last-active time on when it is used, at most every 5 minutes", async () => {
    const phone = await signUp('alice');
    const laptop = await signIn(someone(), WINDOWS_FIREFOX);
    const phoneTime = async () => (await devicesOf(laptop)).find((d) => !d.current)!.lastActiveAt;
    clock += 4 * MINUTE;
    await phone.request('GET', '/api/me');
    expect(await phoneTime()).toBe('2026-03-01T12:00:00.000Z');
    clock += MINUTE;
    await phone.request('GET', '/api/me');
    expect(await phoneTime()).toBe('2026-03-01T12:05:00.000Z');
  });

  it('signs one other device out: its next request is 401, its sockets are told to close, and the id then is 404', async () => {
    await signUp('alice');
    const laptop = await signIn(someone(), WINDOWS_FIREFOX);
    const tablet = await signIn(someone(), IPHONE_SAFARI);
    const target = (await devicesOf(laptop)).find((d) => d.name === 'Safari on iPhone')!;
    const ended = await laptop.request('DELETE', `/api/me/devices/${target.id}`);
    expect(ended.status).toBe(204);
    expect((await tablet.request('GET', '/api/me')).status).toBe(401);
    expect((await laptop.request('GET', '/api/me')).status).toBe(200);
    const member = (await opened.database.db.selectFrom('members').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()).id;
    expect(published).toEqual([{ kind: 'sessionEnded', memberId: member, session: target.id }]);
    expect((await laptop.request('DELETE', `/api/me/devices/${target.id}`)).status).toBe(404);
    expect((await devicesOf(laptop)).map((d) => d.name)).toEqual(['Firefox on Windows', 'Chrome on Android']);
  });

  it("answers another member's device id exactly as an unknown one, and leaves that session alone", async () => {
    await signUp('alice');
    const bob = await signUp('bob', IPHONE_SAFARI);
    const bobsDevice = (await devicesOf(bob))[0]!;
    const alice = await signIn(someone(), WINDOWS_FIREFOX);
    const theirs = await alice.request('DELETE', `/api/me/devices/${bobsDevice.id}`);
    const unknown = await alice.request('DELETE', `/api/me/devices/${'0'.repeat(32)}`);
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    expect((await bob.request('GET', '/api/me')).status).toBe(200);
    for (const odd of ['x', 'A'.repeat(32), '%00'.repeat(11), 'a'.repeat(5000), `${bobsDevice.id}%00`]) {
      expect((await alice.request('DELETE', `/api/me/devices/${odd}`)).status).toBe(404);
    }
    expect(published).toEqual([]);
  });

  it('signs out everywhere else: every other session ends, this one stays, and the sockets of the others close', async () => {
    await signUp('alice');
    const laptop = await signIn(someone(), WINDOWS_FIREFOX);
    const tablet = await signIn(someone(), IPHONE_SAFARI);
    await signUp('bob');
    const bob = await signIn(someone(), IPHONE_SAFARI, 'bob');
    const mine = (await devicesOf(laptop)).find((d) => d.current)!;
    const ended = await laptop.request('DELETE', '/api/me/devices');
    expect(ended.status).toBe(204);
    expect((await tablet.request('GET', '/api/me')).status).toBe(401);
    expect((await laptop.request('GET', '/api/me')).status).toBe(200);
    expect((await bob.request('GET', '/api/me')).status).toBe(200);
    expect(await devicesOf(laptop)).toEqual([{ ...mine, current: true }]);
    expect(published).toEqual([{ kind: 'sessionsEnded', memberId: expect.any(String), keep: mine.id }]);
  });

  it('changes the password: the current one must be right, the new one follows the sign-up rules, the others are signed out and a mail says so', async () => {
    await signUp('alice');
    const tablet = await signIn(someone(), IPHONE_SAFARI);
    const laptop = await signIn(someone(), WINDOWS_FIREFOX);
    const change = (currentPassword: string, newPassword: string) => laptop.request('PUT', '/api/me/password', { currentPassword, newPassword });

    const wrong = await change('not-it', 'new-secret');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual(WRONG_PASSWORD);
    const short = await change('old-secret', 'short');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: { code: 'INVALID_INPUT', message: 'Password must be at least 6 characters', field: 'password' } });
    expect((await tablet.request('GET', '/api/me')).status).toBe(200);
    expect(published).toEqual([]);

    const mine = (await devicesOf(laptop)).find((d) => d.current)!;
    expect((await change('old-secret', 'new-secret')).status).toBe(204);
    expect((await laptop.request('GET', '/api/me')).status).toBe(200);
    expect((await tablet.request('GET', '/api/me')).status).toBe(401);
    expect(published).toEqual([{ kind: 'sessionsEnded', memberId: expect.any(String), keep: mine.id }]);
    expect((await someone().request('POST', '/api/auth/login', { username: 'alice', password: 'old-secret' })).status).toBe(401);
    expect((await someone().request('POST', '/api/auth/login', { username: 'alice', password: 'new-secret' })).status).toBe(200);

    const mails = await opened.database.db.selectFrom('mail_queue').select(['to_address', 'subject', 'text_body']).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: 'alice@example.com', subject: 'Your Mycelius password was changed' });
    expect(mails[0]!.text_body).toContain('was just changed, and every other device that was signed in has been signed out.');
  });

  it('throttles wrong current passwords like log-in, so a stolen session cannot guess the password', async () => {
    await signUp('alice');
    const thief = await signIn(someone(), WINDOWS_FIREFOX);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await thief.request('PUT', '/api/me/password', { currentPassword: `guess-${i}`, newPassword: 'new-secret' })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const right = await thief.request('PUT', '/api/me/password', { currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(right.status).toBe(429);
    expect(right.headers.get('Retry-After')).toMatch(/^\d+$/);
    clock += 16 * MINUTE;
    expect((await thief.request('PUT', '/api/me/password', { currentPassword: 'old-secret', newPassword: 'new-secret' })).status).toBe(204);
  });

  it('refuses malformed, huge, NUL-laden and cross-site requests', async () => {
    await signUp('alice');
    const laptop = await signIn(someone(), WINDOWS_FIREFOX);
    const put = (body: unknown) => laptop.request('PUT', '/api/me/password', body);
    expect((await put({ currentPassword: 'old-secret' })).status).toBe(400);
    expect((await put({ currentPassword: 'old\u0000secret', newPassword: 'new-secret' })).status).toBe(400);
    expect((await put({ currentPassword: 'old-secret', newPassword: 'new\u0000secret' })).status).toBe(400);
    expect((await put({ currentPassword: 1, newPassword: [] })).status).toBe(400);
    expect((await put({ currentPassword: 'old-secret', newPassword: 'x'.repeat(70_000) })).status).toBe(413);
    const notJson = await app.request('/api/me/password', {
      method: 'PUT',
      headers: { Origin: APP_ORIGIN, 'Content-Type': 'application/json', Cookie: `mycelius_session=${laptop.session()}` },
      body: '{"currentPassword":',
    });
    expect(notJson.status).toBe(400);
    const stranger = browser(app, { origin: 'https://evil.example' });
    stranger.setSession(laptop.session());
    expect((await stranger.request('DELETE', '/api/me/devices')).status).toBe(403);
    expect((await stranger.request('PUT', '/api/me/password', { currentPassword: 'old-secret', newPassword: 'new-secret' })).status).toBe(403);
    // A very long User-Agent still gives a short name.
    await signIn(someone(), `${'Mozilla/5.0 '.repeat(2000)}Firefox/128.0`);
    expect((await devicesOf(laptop)).map((d) => d.name)).toContain('Unknown device');
    expect((await laptop.request('GET', '/api/me')).status).toBe(200);
  });

  it('counts 400 parallel calls of one member atomically: 300 an hour are answered, the rest are 429', async () => {
    await signUp('alice');
    const laptop = await signIn(someone(), WINDOWS_FIREFOX);
    const statuses = await Promise.all(Array.from({ length: 400 }, () => laptop.request('GET', '/api/me/devices').then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    expect((await laptop.request('DELETE', '/api/me/devices')).status).toBe(429);
    clock += 61 * MINUTE;
    expect((await laptop.request('DELETE', '/api/me/devices')).status).toBe(204);
  });
});
