import type { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN } from '../members/support/browser';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';

// What a stranger tries against accounts: guessing a password in parallel bursts, from behind a
// proxy, to lock a named member out, through a stolen session's DELETE /api/me, and signing up in bulk.
// Each part is an observable answer: how many guesses were checked (401, not 429), who still gets in.

interface Client {
  request(method: string, path: string, body?: unknown): Promise<Response>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string): void;
}

/** One browser: keeps every cookie it is given (session, device), comes from one socket address. */
function client(app: Hono, address: string, headers: Record<string, string> = {}): Client {
  const jar = new Map<string, string>();
  const env = { incoming: { socket: { remoteAddress: address } } };
  return {
    async request(method, path, body) {
      const all: Record<string, string> = { Origin: APP_ORIGIN, ...headers };
      if (body !== undefined) all['Content-Type'] = 'application/json';
      if (jar.size > 0) all.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await app.request(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) }, env);
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a))) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    },
    cookie: (name) => jar.get(name),
    setCookie: (name, value) => jar.set(name, value),
  };
}

function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

describe.each(DATABASE_KINDS)('accounts under abuse on %s', (kind) => {
  let clock = 0;
  const setup = withMemberApp(kind, { now: () => clock });
  let owner: Client;

  beforeEach(async () => {
    clock = Date.parse('2026-03-01T12:00:00Z');
    owner = client(setup.app, '203.0.113.10');
    const signup = await owner.request('POST', '/api/auth/signup', { username: 'Alice', email: 'alice@example.com', password: 'secret-1' });
    expect(signup.status).toBe(201);
  });

  const login = (who: Client, password: string, username = 'alice') => who.request('POST', '/api/auth/login', { username, password });

  describe('log-in guesses', () => {
    it('checks at most 5 of 400 parallel guesses for one name from one address; the rest are 429 with Retry-After', { timeout: 120_000 }, async () => {
      const stranger = client(setup.app, '198.51.100.7');
      const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => login(stranger, `guess-${i}`)));
      expect(statuses(answers)).toEqual({ 401: 5, 429: 395 });
      for (const refused of answers.filter((r) => r.status === 429)) expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    });

    it('refuses the right password sent last in a burst of 100', { timeout: 120_000 }, async () => {
      const stranger = client(setup.app, '198.51.100.8');
      const guesses = Array.from({ length: 99 }, (_, i) => login(stranger, `guess-${i}`));
      const right = login(stranger, 'secret-1');
      const answers = await Promise.all([...guesses, right]);
      expect((await right).status).toBe(429);
      expect(statuses(answers)[401]).toBe(5);
    });

    it('checks at most 5 parallel guesses on one name from 100 addresses at once, then one more after a second', { timeout: 120_000 }, async () => {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(client(setup.app, `198.18.0.${i + 1}`), `guess-${i}`)));
      expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
      clock += 1000;
      expect((await login(client(setup.app, '198.18.1.1'), 'guess-x')).status).toBe(401);
      expect((await login(client(setup.app, '198.18.1.2'), 'guess-y')).status).toBe(429);
    });
  });

  describe('behind a proxy (TRUST_PROXY=1)', () => {
    it('keys each client by the address the proxy saw, not the proxy itself', async () => {
      const proxied = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, TRUST_PROXY: '1' }), { members: { db: setup.database.db, now: () => clock } });
      const attacker = client(proxied, '10.0.0.1', { 'X-Forwarded-For': '198.51.100.20' });
      const member = client(proxied, '10.0.0.1', { 'X-Forwarded-For': '203.0.113.30' });
      for (let i = 0; i < 5; i++) expect((await login(attacker, `guess-${i}`)).status).toBe(401);
      expect((await login(attacker, 'secret-1')).status).toBe(429);
      // Past the name's one-second wait, another client of the same proxy is not the attacker.
      clock += 1000;
      expect((await login(member, 'secret-1')).status).toBe(200);
    });
  });

  describe('a stranger cannot lock a named member out', () => {
    it("lets the owner in from a device they used before while the stranger's guesses are refused, even from the same address", async () => {
      const stranger = client(setup.app, '198.51.100.66');
      for (let i = 0; i < 5; i++) expect((await login(stranger, `guess-${i}`)).status).toBe(401);
      expect((await login(stranger, 'secret-1')).status).toBe(429);
      const elsewhere = await Promise.all(Array.from({ length: 20 }, (_, i) => login(client(setup.app, `198.51.101.${i + 1}`), `guess-${i}`)));
      expect(statuses(elsewhere)).toEqual({ 429: 20 });

      // The owner's laptop, now behind the same campus NAT as the stranger, at the same moment.
      const laptop = client(setup.app, '198.51.100.66');
      laptop.setCookie('mycelius_device', owner.cookie('mycelius_device') ?? '');
      expect((await login(laptop, 'secret-1')).status).toBe(200);
    });

    it('gives a long-lived, httpOnly device cookie at log-in that another app server on the database accepts', async () => {
      const answer = await login(client(setup.app, '203.0.113.11'), 'secret-1');
      const line = answer.headers.getSetCookie().find((l) => l.startsWith('mycelius_device='));
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/Max-Age=31536000/);
      expect(line).toMatch(/SameSite=Strict/);

      const stranger = client(setup.app, '198.51.100.67');
      for (let i = 0; i < 6; i++) await login(stranger, `guess-${i}`);
      const otherServer = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: setup.database.db, now: () => clock } });
      const laptop = client(otherServer, '198.51.100.68');
      laptop.setCookie('mycelius_device', owner.cookie('mycelius_device') ?? '');
      expect((await login(laptop, 'secret-1')).status).toBe(200);
    });

    it('does not trust a forged or altered device cookie', async () => {
      const stranger = client(setup.app, '198.51.100.69');
      for (let i = 0; i < 5; i++) await login(stranger, `guess-${i}`);
      const real = owner.cookie('mycelius_device') ?? '';
      const [memberId = '', deviceId = '', signature = ''] = real.split('.');
      expect(memberId).toMatch(/^[0-9a-f-]{36}$/);
      const altered = `${memberId}.${deviceId}x.${signature}`;
      const forged = `${memberId}.${deviceId}.${'A'.repeat(signature.length)}`;
      for (const value of [altered, forged]) {
        stranger.setCookie('mycelius_device', value);
        expect((await login(stranger, 'secret-1')).status).toBe(429);
      }
    });

    it('locks a known device after 5 wrong passwords of its own', async () => {
      for (let i = 0; i < 5; i++) expect((await login(owner, `guess-${i}`)).status).toBe(401);
      expect((await login(owner, 'secret-1')).status).toBe(429);
    });
  });

  describe('DELETE /api/me', () => {
    it('is guarded like log-in: a stolen session gets 5 guesses, then 429 even for the right password; the owner from their device still deletes', async () => {
      const thief = client(setup.app, '198.51.100.90');
      thief.setCookie('mycelius_session', owner.cookie('mycelius_session') ?? '');
      for (let i = 0; i < 5; i++) expect((await thief.request('DELETE', '/api/me', { password: `guess-${i}` })).status).toBe(403);
      const sixth = await thief.request('DELETE', '/api/me', { password: 'secret-1' });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await setup.database.db.selectFrom('members').select('username').execute()).toEqual([{ username: 'Alice' }]);

      expect((await owner.request('DELETE', '/api/me', { password: 'secret-1' })).status).toBe(204);
    });
  });

  describe('sign-up', () => {
    const signUp = (who: Client, username: string, email = `${username.toLowerCase()}@example.com`) =>
      who.request('POST', '/api/auth/signup', { username, email, password: 'secret-1' });

    it('allows one client 10 sign-ups an hour, taken emails included, then 429 with Retry-After; other clients are not affected', async () => {
      const bulk = client(setup.app, '198.51.100.120');
      for (let i = 0; i < 5; i++) expect((await signUp(bulk, `bulk${i}`)).status).toBe(201);
      for (let i = 0; i < 5; i++) expect((await signUp(bulk, `probe${i}`, 'alice@example.com')).status).toBe(409);
      const eleventh = await signUp(bulk, 'bulk10');
      expect(eleventh.status).toBe(429);
      expect(eleventh.headers.get('Retry-After')).toBe('3600');
      expect(((await eleventh.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_ATTEMPTS');
      expect((await signUp(client(setup.app, '198.51.100.121'), 'someone')).status).toBe(201);
      clock += 60 * 60 * 1000;
      expect((await signUp(bulk, 'bulk10')).status).toBe(201);
    });

    it('counts sign-ups in the database, so every app server on it shares the count', async () => {
      const otherServer = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: setup.database.db, now: () => clock } });
      for (let i = 0; i < 5; i++) expect((await signUp(client(setup.app, '198.51.100.130'), `here${i}`)).status).toBe(201);
      for (let i = 0; i < 5; i++) expect((await signUp(client(otherServer, '198.51.100.130'), `there${i}`)).status).toBe(201);
      expect((await signUp(client(otherServer, '198.51.100.130'), 'one-more')).status).toBe(429);
    });

    it('answers a flood of parallel sign-ups with 201 or 503 BUSY and Retry-After, never making every one wait on argon2', { timeout: 180_000 }, async () => {
      const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => signUp(client(setup.app, `198.19.${Math.floor(i / 250)}.${(i % 250) + 1}`), `flood${i}`)));
      const counts = statuses(answers);
      expect(Object.keys(counts).sort()).toEqual(['201', '503']);
      const busy = answers.find((r) => r.status === 503);
      expect(busy?.headers.get('Retry-After')).toBe('1');
      expect(await busy?.json()).toEqual({ error: { code: 'BUSY', message: 'The server is busy. Please try again in a moment.' } });
    });
  });

  describe('usernames', () => {
    let address = 0;
    const signUpFresh = (username: string) => {
      address += 1;
      return client(setup.app, `198.51.102.${address}`).request('POST', '/api/auth/signup', { username, email: `user${address}@example.com`, password: 'secret-1' });
    };

    it.each([
      ['Cyrillic а', '\u0430dmin'],
      ['fullwidth letters (NFKC)', 'ＡＤＭＩＮ'],
      ['rn for m (TR39)', 'adrnin'],
      ['upper case', 'ADMIN'],
    ])('refuses a look-alike of a taken name as taken: %s', async (_what, name) => {
      expect((await signUpFresh('admin')).status).toBe(201);
      const answer = await signUpFresh(name);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({ error: { code: 'USERNAME_TAKEN', message: 'That username is taken', field: 'username' } });
    });

    it.each([
      ['a right-to-left override', 'adm\u202Ein'],
      ['a zero-width space', 'ad\u200Bmin'],
      ['a zero-width joiner', 'ad\u200Dmin'],
      ['a newline', 'ad\nmin'],
      ['a NUL', 'ad\u0000min'],
      ['a Hangul filler', 'ad\u3164min'],
      ['punctuation', 'admin!'],
    ])('refuses a name with %s (400, the username field)', async (_what, name) => {
      const answer = await signUpFresh(name);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        error: { code: 'INVALID_INPUT', message: 'Usernames use letters and digits, with single spaces, dots, hyphens or underscores between them', field: 'username' },
      });
    });

    it('keeps a name in its NFKC form and accepts letters of any script', async () => {
      const fullwidth = await signUpFresh('ｍｉｒａ２');
      expect(fullwidth.status).toBe(201);
      expect(((await fullwidth.json()) as { user: { username: string } }).user.username).toBe('mira2');
      expect((await signUpFresh('Zoë Müller')).status).toBe(201);
      expect((await signUpFresh('Łucja_2')).status).toBe(201);
    });
  });
});
