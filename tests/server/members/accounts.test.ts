import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN, browser, parseSetCookie } from './support/browser';
import { withMemberApp } from './support/memberApp';
import { DATABASE_KINDS } from './support/testDatabase';

// Sign-up, log-in, log-out, /api/me and account deletion over HTTP, on PGlite and on Postgres.

const START = Date.parse('2026-03-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('members accounts on %s', (kind) => {
  let clock = START;
  const setup = withMemberApp(kind, { now: () => clock });

  beforeEach(() => {
    clock = START;
  });

  async function signUp(username = 'Alice', email = 'alice@example.com', password = 'secret-1') {
    const b = browser(setup.app);
    const response = await b.request('POST', '/api/auth/signup', { username, email, password });
    return { b, response };
  }

  it('signs up: 201 with the member, a session cookie with the agreed flags, and /api/me answers', async () => {
    const { b, response } = await signUp('Alice', 'Alice@Example.COM');
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: Record<string, unknown> };
    expect(Object.keys(body.user).sort()).toEqual(['createdAt', 'email', 'id', 'username']);
    expect(body.user).toMatchObject({ username: 'Alice', email: 'alice@example.com', createdAt: '2026-03-01T12:00:00.000Z' });
    const cookie = parseSetCookie(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=2592000']));
    expect(cookie?.attributes).not.toContain('Secure');

    const me = await b.request('GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('Cache-Control')).toBe('no-store');
    expect(await me.json()).toEqual({ user: body.user, profile: null });
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const secureApp = createApp(loadConfig({ PUBLIC_ORIGIN: 'https://mycelius.example' }), { members: { db: setup.database.db } });
    const response = await browser(secureApp, { origin: 'https://mycelius.example' }).request('POST', '/api/auth/signup', {
      username: 'Sam',
      email: 'sam@example.com',
      password: 'secret-1',
    });
    expect(response.status).toBe(201);
    expect(parseSetCookie(response)?.attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
  });

  it.each([
    [{ username: '', email: 'a@example.com', password: 'secret-1' }, 'username', 'Username is required'],
    [{ username: '   ', email: 'a@example.com', password: 'secret-1' }, 'username', 'Username is required'],
    [{ username: 'a'.repeat(33), email: 'a@example.com', password: 'secret-1' }, 'username', 'Username must be at most 32 characters'],
    [{ username: 'amy', email: '', password: 'secret-1' }, 'email', 'Email is required'],
    [{ username: 'amy', email: 'not-an-email', password: 'secret-1' }, 'email', 'Please enter a valid email'],
    [{ username: 'amy', email: 'a b@example.com', password: 'secret-1' }, 'email', 'Please enter a valid email'],
    [{ username: 'amy', email: `${'a'.repeat(250)}@example.com`, password: 'secret-1' }, 'email', 'Please enter a valid email'],
    [{ username: 'amy', email: 'a@example.com', password: '' }, 'password', 'Password is required'],
    [{ username: 'amy', email: 'a@example.com', password: '12345' }, 'password', 'Password must be at least 6 characters'],
  ])('refuses sign-up %j under its field with the contract text', async (form, field, message) => {
    const response = await browser(setup.app).request('POST', '/api/auth/signup', form);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'INVALID_INPUT', message, field } });
    expect(parseSetCookie(response)).toBeUndefined();
  });

  it('refuses a body that is not JSON or lacks fields', async () => {
    const b = browser(setup.app);
    expect((await b.request('POST', '/api/auth/signup', { username: 'x' })).status).toBe(400);
    const notJson = await setup.app.request('/api/auth/signup', {
      method: 'POST',
      body: 'username=x',
      headers: { 'Content-Type': 'application/json', Origin: APP_ORIGIN },
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('INVALID_REQUEST');
  });

  it('keeps usernames unique whatever their case, and emails unique once trimmed and lower-cased', async () => {
    expect((await signUp('Alice', 'alice@example.com')).response.status).toBe(201);
    const sameName = await signUp('aLICE', 'other@example.com');
    expect(sameName.response.status).toBe(409);
    expect(await sameName.response.json()).toEqual({ error: { code: 'USERNAME_TAKEN', message: 'That username is taken', field: 'username' } });
    const sameEmail = await signUp('Bob', 'ALICE@example.com');
    expect(sameEmail.response.status).toBe(409);
    expect(await sameEmail.response.json()).toEqual({
      error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists', field: 'email' },
    });
  });

  it('lets two sign-ups race for one name: exactly one wins', async () => {
    const results = await Promise.all([signUp('Racer', 'r1@example.com'), signUp('racer', 'r2@example.com')]);
    expect(results.map((r) => r.response.status).sort()).toEqual([201, 409]);
  });

  it('logs in by name in any case; a wrong password and an unknown name get the same 401', async () => {
    await signUp('Alice', 'alice@example.com', 'secret-1');
    const ok = await browser(setup.app).request('POST', '/api/auth/login', { username: 'ALICE', password: 'secret-1' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { username: string } }).user.username).toBe('Alice');
    expect(parseSetCookie(ok)?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));

    const wrong = await browser(setup.app).request('POST', '/api/auth/login', { username: 'Alice', password: 'secret-2' });
    const unknown = await browser(setup.app, { address: '192.0.2.9' }).request('POST', '/api/auth/login', { username: 'nobody', password: 'secret-1' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' } });
      expect(parseSetCookie(response)).toBeUndefined();
    }
  });

  it('refuses a log-in form that breaks the SPEC rules before checking anything', async () => {
    const response = await browser(setup.app).request('POST', '/api/auth/login', { username: ' ', password: 'secret-1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'INVALID_INPUT', message: 'Username is required', field: 'username' } });
  });

  it('gives a new session id at every log-in and ends the one the browser had', async () => {
    const { b } = await signUp();
    const first = b.session();
    const login = await b.request('POST', '/api/auth/login', { username: 'Alice', password: 'secret-1' });
    expect(login.status).toBe(200);
    const second = b.session();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const stale = browser(setup.app);
    stale.setSession(first);
    const me = await stale.request('GET', '/api/me');
    expect(me.status).toBe(401);
    expect((await b.request('GET', '/api/me')).status).toBe(200);
  });

  it('logs out: 204, the cookie is cleared and the old cookie no longer works', async () => {
    const { b } = await signUp();
    const cookie = b.session();
    const out = await b.request('POST', '/api/auth/logout');
    expect(out.status).toBe(204);
    const cleared = parseSetCookie(out);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes).toContain('Max-Age=0');

    const replay = browser(setup.app);
    replay.setSession(cookie);
    const me = await replay.request('GET', '/api/me');
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' } });
    expect(await setup.database.db.selectFrom('sessions').select('id_hash').execute()).toEqual([]);
  });

  it('answers /api/me, the profile and the export with 401 without a session or with a made-up one', async () => {
    const stranger = browser(setup.app);
    stranger.setSession('made-up-session-id');
    for (const b of [browser(setup.app), stranger]) {
      for (const [method, path, body] of [
        ['GET', '/api/me'],
        ['GET', '/api/me/export'],
        ['PUT', '/api/me/profile', { updatedAt: 1 }],
        ['DELETE', '/api/me', { password: 'secret-1' }],
      ] as const) {
        const response = await b.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('keeps the session sliding: used within 30 days it lives on, left alone for 30 days it ends', async () => {
    const { b } = await signUp();
    clock += 29 * DAY;
    const used = await b.request('GET', '/api/me');
    expect(used.status).toBe(200);
    expect(parseSetCookie(used)?.attributes).toContain('Max-Age=2592000');
    clock += 29 * DAY;
    expect((await b.request('GET', '/api/me')).status).toBe(200);
    clock += 30 * DAY;
    expect((await b.request('GET', '/api/me')).status).toBe(401);
  });

  it('slides the session (a new cookie) once an hour has passed since it was last set, not before', async () => {
    const { b } = await signUp();
    clock += 60 * 60 * 1000 - 1;
    const early = await b.request('GET', '/api/me');
    expect(early.status).toBe(200);
    expect(early.headers.getSetCookie()).toEqual([]);
    clock += 1;
    const due = await b.request('GET', '/api/me');
    expect(due.headers.getSetCookie()).toEqual([
      `mycelius_session=${b.session() ?? ''}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
      'mycelius_member=1; Max-Age=2592000; Path=/; SameSite=Lax',
    ]);
  });

  it('removes sessions that expired unused when the member logs in again', async () => {
    await signUp();
    await browser(setup.app).request('POST', '/api/auth/login', { username: 'Alice', password: 'secret-1' });
    clock += 31 * DAY;
    const again = await browser(setup.app).request('POST', '/api/auth/login', { username: 'Alice', password: 'secret-1' });
    expect(again.status).toBe(200);
    expect(await setup.database.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(1);
  });

  it('stores only a hash of the session id', async () => {
    const { b } = await signUp();
    const rows = await setup.database.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.id_hash).not.toContain(b.session());
  });

  it('deletes the account: a wrong password is 403, the right one removes every row of the member', async () => {
    const { b } = await signUp();
    const other = await signUp('Bob', 'bob@example.com');
    await b.request('PUT', '/api/me/profile', { username: 'Alice', hobbies: 'chess', updatedAt: 5 });
    await browser(setup.app).request('POST', '/api/auth/login', { username: 'Alice', password: 'secret-1' });

    await browser(setup.app, { address: '198.51.100.40' }).request('POST', '/api/auth/login', { username: 'alice', password: 'not-it-1' });
    const wrong = await b.request('DELETE', '/api/me', { password: 'not-it-1' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: { code: 'WRONG_PASSWORD', message: 'That password is not correct' } });

    const gone = await b.request('DELETE', '/api/me', { password: 'secret-1' });
    expect(gone.status).toBe(204);
    expect(parseSetCookie(gone)?.attributes).toContain('Max-Age=0');
    const members = await setup.database.db.selectFrom('members').select('username').execute();
    expect(members.map((m) => m.username)).toEqual(['Bob']);
    const bobId = (await other.response.clone().json()) as { user: { id: string } };
    expect((await setup.database.db.selectFrom('sessions').select('member_id').execute()).map((s) => s.member_id)).toEqual([bobId.user.id]);
    expect(await setup.database.db.selectFrom('profiles').select('member_id').execute()).toEqual([]);
    expect(await setup.database.db.selectFrom('auth_attempts').select('key').where('scope', '=', 'login-name').execute()).toEqual([]);
    const login = await browser(setup.app).request('POST', '/api/auth/login', { username: 'Alice', password: 'secret-1' });
    expect(login.status).toBe(401);
  });

  it('sets the device cookie, and the session cookie and the script-readable member hint with the same lifetime; logging out clears those two', async () => {
    const { b, response } = await signUp();
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^mycelius_device=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/api; HttpOnly; SameSite=Strict$/),
      `mycelius_session=${b.session() ?? ''}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
      'mycelius_member=1; Max-Age=2592000; Path=/; SameSite=Lax',
    ]);
    const out = await b.request('POST', '/api/auth/logout');
    expect(out.headers.getSetCookie()).toEqual(['mycelius_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax', 'mycelius_member=; Max-Age=0; Path=/; SameSite=Lax']);
  });

  it('marks the cookies Secure over https, when they are set and when they are cleared', async () => {
    const secureApp = createApp(loadConfig({ PUBLIC_ORIGIN: 'https://mycelius.example' }), { members: { db: setup.database.db } });
    const b = browser(secureApp, { origin: 'https://mycelius.example' });
    const response = await b.request('POST', '/api/auth/signup', { username: 'Sam', email: 'sam@example.com', password: 'secret-1' });
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^mycelius_device=[^;]+; Max-Age=31536000; Path=\/api; HttpOnly; Secure; SameSite=Strict$/),
      `mycelius_session=${b.session() ?? ''}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
      'mycelius_member=1; Max-Age=2592000; Path=/; Secure; SameSite=Lax',
    ]);
    const out = await b.request('POST', '/api/auth/logout');
    expect(out.headers.getSetCookie()).toEqual([
      'mycelius_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
      'mycelius_member=; Max-Age=0; Path=/; Secure; SameSite=Lax',
    ]);
  });

  it('clears a session cookie the server does not know, and sets no cookie for a request that sent none', async () => {
    const stranger = browser(setup.app);
    stranger.setSession('made-up-session-id');
    const refused = await stranger.request('GET', '/api/me');
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual(['mycelius_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax', 'mycelius_member=; Max-Age=0; Path=/; SameSite=Lax']);
    const anonymous = await browser(setup.app).request('GET', '/api/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.getSetCookie()).toEqual([]);
  });

  it('stores the username trimmed and the email lower-cased', async () => {
    const { response } = await signUp('  Alice  ', 'Alice@Example.COM');
    expect(response.status).toBe(201);
    expect(await setup.database.db.selectFrom('members').select(['username', 'email']).execute()).toEqual([{ username: 'Alice', email: 'alice@example.com' }]);
  });

  it('accepts a username of exactly 32 characters once trimmed and an email of exactly 254', async () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest).toHaveLength(254);
    const { response } = await signUp(` ${'n'.repeat(32)} `, longest);
    expect(response.status).toBe(201);
  });

  it('tells the loser of a race which field clashed', async () => {
    const sameName = await Promise.all([signUp('Racer', 'r1@example.com'), signUp('racer', 'r2@example.com')]);
    const nameLoser = sameName.find((r) => r.response.status === 409);
    expect(await nameLoser?.response.json()).toEqual({ error: { code: 'USERNAME_TAKEN', message: 'That username is taken', field: 'username' } });
    const sameEmail = await Promise.all([signUp('Mia', 'race@example.com'), signUp('Noor', 'RACE@example.com')]);
    const emailLoser = sameEmail.find((r) => r.response.status === 409);
    expect(await emailLoser?.response.json()).toEqual({ error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists', field: 'email' } });
  });

  it('refuses a log-in against a stored password hash that is not one (401, not a crash)', async () => {
    await signUp();
    await setup.database.db.updateTable('members').set({ password_hash: 'not-an-argon2-hash' }).execute();
    const login = await browser(setup.app).request('POST', '/api/auth/login', { username: 'Alice', password: 'secret-1' });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' } });
  });
});
