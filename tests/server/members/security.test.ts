import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createLogger } from '../../../server/lib/log';
import { APP_ORIGIN, browser, type Browser } from './support/browser';
import { withMemberApp } from './support/memberApp';
import { DATABASE_KINDS } from './support/testDatabase';

// Cross-site requests, hostile input (SQL metacharacters, 10 KB strings) and the password staying
// out of every response and every log line.

const TEN_KB = 'x'.repeat(10 * 1024);
const SQL_TEXT = `Robert'); DROP TABLE members; -- "x" \\ ; SELECT pg_sleep(5); $1 %s`;

describe.each(DATABASE_KINDS)('members security on %s', (kind) => {
  const setup = withMemberApp(kind);

  async function member(b: Browser = browser(setup.app)) {
    const response = await b.request('POST', '/api/auth/signup', { username: 'Alice', email: 'alice@example.com', password: 'secret-1' });
    expect(response.status).toBe(201);
    return b;
  }

  describe('requests from another site', () => {
    const writes = [
      ['POST', '/api/auth/signup', { username: 'Eve', email: 'eve@example.com', password: 'secret-1' }],
      ['POST', '/api/auth/login', { username: 'Alice', password: 'secret-1' }],
      ['POST', '/api/auth/logout', undefined],
      ['PUT', '/api/me/profile', { hobbies: 'pwned', updatedAt: 99 }],
      ['DELETE', '/api/me', { password: 'secret-1' }],
    ] as const;

    it.each(writes)('refuses %s %s with a foreign Origin (403) and changes nothing', async (method, path, body) => {
      const alice = await member();
      const session = alice.session();
      const attacker = browser(setup.app, { origin: 'https://evil.example' });
      attacker.setSession(session);
      const response = await attacker.request(method, path, body, { 'Sec-Fetch-Site': 'cross-site' });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'CROSS_ORIGIN', message: 'This request must come from the Mycelius app itself.' } });
      const me = await alice.request('GET', '/api/me');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { profile: unknown }).profile).toBeNull();
      expect((await setup.database.db.selectFrom('members').select('username').execute()).map((m) => m.username)).toEqual(['Alice']);
    });

    it('refuses a foreign Origin even without Sec-Fetch-Site, and a cross-site fetch without Origin', async () => {
      const alice = await member();
      const foreign = browser(setup.app, { origin: 'http://127.0.0.1:6000' });
      foreign.setSession(alice.session());
      expect((await foreign.request('POST', '/api/auth/logout')).status).toBe(403);
      const noOrigin = await setup.app.request('/api/auth/logout', {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'same-site', Cookie: `mycelius_session=${alice.session()}` },
      });
      expect(noOrigin.status).toBe(403);
      expect((await alice.request('GET', '/api/me')).status).toBe(200);
    });

    it('lets same-origin requests through: the app origin, or Sec-Fetch-Site same-origin', async () => {
      const alice = await member();
      const bySite = await setup.app.request('/api/me/profile', {
        method: 'PUT',
        headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', Cookie: `mycelius_session=${alice.session()}` },
        body: JSON.stringify({ hobbies: 'fine', updatedAt: 1 }),
      });
      expect(bySite.status).toBe(200);
      expect((await alice.request('PUT', '/api/me/profile', { hobbies: 'also fine', updatedAt: 2 })).status).toBe(200);
    });

    it('answers reads from any origin (they change nothing and the cookie is SameSite=Lax)', async () => {
      const alice = await member();
      const reader = browser(setup.app, { origin: 'https://evil.example' });
      reader.setSession(alice.session());
      expect((await reader.request('GET', '/api/me')).status).toBe(200);
    });
  });

  describe('hostile input', () => {
    it('stores SQL metacharacters as plain text in the email and password, refuses them in a new name, and logs in', async () => {
      const email = `o'hara+"x";--@example.com`;
      const password = `' OR '1'='1'; DROP TABLE members; --`;
      const b = browser(setup.app);
      const quoted = await b.request('POST', '/api/auth/signup', { username: `O'Hara"; --`, email, password });
      expect(quoted.status).toBe(400);
      const signup = await b.request('POST', '/api/auth/signup', { username: 'O_Hara', email, password });
      expect(signup.status).toBe(201);
      expect(((await signup.json()) as { user: unknown }).user).toMatchObject({ username: 'O_Hara', email });
      expect((await browser(setup.app).request('POST', '/api/auth/login', { username: 'O_Hara', password: `' OR '1'='1` })).status).toBe(401);
      expect((await browser(setup.app).request('POST', '/api/auth/login', { username: `' OR '1'='1`, password })).status).toBe(401);
      expect((await browser(setup.app).request('POST', '/api/auth/login', { username: `o_hara`, password })).status).toBe(200);
      expect(await setup.database.db.selectFrom('members').select(['username', 'email']).execute()).toEqual([{ username: 'O_Hara', email }]);
    });

    it('stores SQL metacharacters and the longest texts the profile takes in every field as plain text', async () => {
      const alice = await member();
      const profile = {
        username: SQL_TEXT.slice(0, 64),
        profilePicture: '',
        hobbies: SQL_TEXT.padStart(2000, 'x'),
        musicGenres: [SQL_TEXT, 'x'.repeat(100)],
        favoriteGames: ['x'.repeat(100), `'; DELETE FROM profiles; --`],
        favoriteShows: [SQL_TEXT],
        connectedServices: { spotify: true, trakt: true, steam: false },
        updatedAt: 7,
      };
      const put = await alice.request('PUT', '/api/me/profile', profile);
      expect(put.status).toBe(200);
      expect(await put.json()).toEqual({ profile });
      expect(((await (await alice.request('GET', '/api/me')).json()) as { profile: unknown }).profile).toEqual(profile);
    });

    it.each([
      ['username', { username: TEN_KB, email: 'a@example.com', password: 'secret-1' }],
      ['email', { username: 'amy', email: `${TEN_KB}@example.com`, password: 'secret-1' }],
      ['password', { username: 'amy', email: 'a@example.com', password: TEN_KB }],
    ])('refuses a 10 KB %s at sign-up with 400 and stores nothing', async (_field, form) => {
      const response = await browser(setup.app).request('POST', '/api/auth/signup', form);
      expect(response.status).toBe(400);
      expect(await setup.database.db.selectFrom('members').select('id').execute()).toEqual([]);
    });

    it('refuses 10 KB log-in and delete fields with 400', async () => {
      const alice = await member();
      expect((await browser(setup.app).request('POST', '/api/auth/login', { username: TEN_KB, password: 'secret-1' })).status).toBe(400);
      expect((await browser(setup.app).request('POST', '/api/auth/login', { username: 'Alice', password: TEN_KB })).status).toBe(400);
      expect((await alice.request('DELETE', '/api/me', { password: TEN_KB })).status).toBe(400);
      expect((await alice.request('GET', '/api/me')).status).toBe(200);
    });
  });

  it('never puts the password in a response or a log line', async () => {
    const password = 'Very-Distinct-Pa55word-Σ';
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    };
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);
    const write = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(write);
    vi.spyOn(process.stderr, 'write').mockImplementation(write);

    const responses: Response[] = [];
    const b = browser(setup.app);
    responses.push(await b.request('POST', '/api/auth/signup', { username: 'Pat', email: 'pat@example.com', password }));
    responses.push(await b.request('POST', '/api/auth/signup', { username: 'Pat', email: 'pat2@example.com', password }));
    responses.push(await browser(setup.app).request('POST', '/api/auth/login', { username: 'Pat', password: `${password}-wrong` }));
    responses.push(await browser(setup.app).request('POST', '/api/auth/login', { username: 'Pat', password }));
    responses.push(await b.request('GET', '/api/me'));
    responses.push(await b.request('GET', '/api/me/export'));
    responses.push(await b.request('DELETE', '/api/me', { password: `${password}-wrong` }));
    responses.push(await b.request('DELETE', '/api/me', { password }));
    // A failure inside the server: the database is gone mid-request.
    // It logs at the most verbose level, so every line it could write is captured.
    const broken = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), {
      log: createLogger('debug'),
      members: {
        db: new Proxy(setup.database.db, {
          get() {
            throw new Error('database unavailable');
          },
        }),
      },
    });
    responses.push(await browser(broken).request('POST', '/api/auth/signup', { username: 'Quinn', email: 'q@example.com', password }));
    responses.push(await browser(broken).request('POST', '/api/auth/login', { username: 'Quinn', password }));
    vi.restoreAllMocks();

    expect(responses.map((r) => r.status)).toEqual([201, 409, 401, 200, 200, 200, 403, 204, 500, 500]);
    for (const response of responses) {
      const text = `${[...response.headers].join('\n')}\n${await response.text()}`;
      expect(text).not.toContain(password);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(password);
  });
});
