import type { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN, browser, type Browser } from './support/browser';
import { fakeAuthenticator, type FakeAuthenticator } from './support/fakeAuthenticator';
import { DATABASE_KINDS, emptyTables, openTestDatabaseAroundTests } from './support/testDatabase';

// Passkeys over HTTP with real WebAuthn answers (an ES256 authenticator made of node:crypto), on PGlite
// and Postgres: adding one after the password, signing in without a name, and every way an answer must
// be refused (replayed, expired, counter gone back, removed, another member's).

const START = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;
const RP_ID = '127.0.0.1';

interface OptionsBody {
  options: { challenge: string; user: { id: string }; rp: { id: string; name: string }; authenticatorSelection?: object; allowCredentials?: unknown[]; userVerification?: string; excludeCredentials?: unknown[] };
}

describe.each(DATABASE_KINDS)('passkeys on %s', (kind) => {
  const opened = openTestDatabaseAroundTests(kind);
  let clock = START;
  let app: Hono;
  let address = 0;
  const someone = (): Browser => browser(app, { address: `198.51.100.${(address += 1) % 250}` });
  let alice: Browser;

  beforeEach(async () => {
    clock = START;
    await emptyTables(opened.database);
    await opened.database.db.deleteFrom('member_suspensions').execute();
    app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: opened.database.db, now: () => clock } });
    alice = someone();
    expect((await alice.request('POST', '/api/auth/signup', { username: 'alice', email: 'alice@example.com', password: 'alice-secret' })).status).toBe(201);
  });

  async function addPasskey(member: Browser, password: string, authenticator: FakeAuthenticator, name?: string, counter = 0) {
    const asked = await member.request('POST', '/api/me/passkeys/options', { password });
    expect(asked.status).toBe(200);
    const { options } = (await asked.json()) as OptionsBody;
    return member.request('POST', '/api/me/passkeys', { response: authenticator.register(options, APP_ORIGIN, counter), ...(name ? { name } : {}) });
  }
  async function signInOptions(from: Browser) {
    const asked = await from.request('POST', '/api/auth/passkey/options', {});
    expect(asked.status).toBe(200);
    return ((await asked.json()) as OptionsBody).options;
  }
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

  it('adds a passkey after the password, lists it, and signs in with it without a name as a log-in does', async () => {
    const wrong = await alice.request('POST', '/api/me/passkeys/options', { password: 'guess' });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).code).toBe('WRONG_PASSWORD');
    const asked = await alice.request('POST', '/api/me/passkeys/options', { password: 'alice-secret' });
    const { options } = (await asked.json()) as OptionsBody;
    expect(options.rp).toEqual({ id: '127.0.0.1', name: 'Mycelius' });
    expect(options.authenticatorSelection).toEqual({ residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' });
    const authenticator = fakeAuthenticator(RP_ID);
    const added = await alice.request('POST', '/api/me/passkeys', { response: authenticator.register(options, APP_ORIGIN), name: 'Work laptop' });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ passkey: { id: expect.any(String), name: 'Work laptop', createdAt: '2026-03-01T12:00:00.000Z' } });
    expect(await (await alice.request('GET', '/api/me/passkeys')).json()).toEqual({ passkeys: [{ id: expect.any(String), name: 'Work laptop', createdAt: '2026-03-01T12:00:00.000Z' }] });

    const phone = someone();
    const signInAsked = await signInOptions(phone);
    expect(signInAsked.allowCredentials).toBeUndefined();
    expect(signInAsked.userVerification).toBe('preferred');
    const signedIn = await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(signInAsked, APP_ORIGIN, 1) });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { username: string } }).user.username).toBe('alice');
    expect(signedIn.headers.getSetCookie().some((line) => line.startsWith('mycelius_device='))).toBe(true);
    expect(phone.session()).toBeDefined();
    expect((await phone.request('GET', '/api/me')).status).toBe(200);
  });

  it("names a passkey after the browser that added it, else 'Passkey' and the day", async () => {
    const asked = await alice.request('POST', '/api/me/passkeys/options', { password: 'alice-secret' });
    const { options } = (await asked.json()) as OptionsBody;
    const chrome = await alice.request('POST', '/api/me/passkeys', { response: fakeAuthenticator(RP_ID).register(options, APP_ORIGIN) }, {
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    });
    expect(((await chrome.json()) as { passkey: { name: string } }).passkey.name).toBe('Chrome on Android');
    const plain = await addPasskey(alice, 'alice-secret', fakeAuthenticator(RP_ID));
    expect(((await plain.json()) as { passkey: { name: string } }).passkey.name).toBe('Passkey 2026-03-01');
  });

  it('takes a sign-in challenge once: the same answer sent again is refused', async () => {
    const authenticator = fakeAuthenticator(RP_ID);
    expect((await addPasskey(alice, 'alice-secret', authenticator)).status).toBe(201);
    const phone = someone();
    const answer = authenticator.assert(await signInOptions(phone), APP_ORIGIN, 1);
    expect((await phone.request('POST', '/api/auth/passkey', { response: answer })).status).toBe(200);
    const replayed = await someone().request('POST', '/api/auth/passkey', { response: answer });
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toEqual({ code: 'PASSKEY_CHALLENGE_INVALID', message: 'That passkey request has expired. Please try again.' });
  });

  it('refuses an answer to options older than five minutes, for signing in and for adding', async () => {
    const authenticator = fakeAuthenticator(RP_ID);
    expect((await addPasskey(alice, 'alice-secret', authenticator)).status).toBe(201);
    const phone = someone();
    const options = await signInOptions(phone);
    clock += 5 * MINUTE;
    const late = await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(options, APP_ORIGIN, 1) });
    expect(late.status).toBe(400);
    expect((await errorOf(late)).code).toBe('PASSKEY_CHALLENGE_INVALID');
    const fresh = await signInOptions(phone);
    clock += 5 * MINUTE - 1;
    expect((await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(fresh, APP_ORIGIN, 1) })).status).toBe(200);

    const asked = (await (await alice.request('POST', '/api/me/passkeys/options', { password: 'alice-secret' })).json()) as OptionsBody;
    clock += 5 * MINUTE;
    const lateAdd = await alice.request('POST', '/api/me/passkeys', { response: fakeAuthenticator(RP_ID).register(asked.options, APP_ORIGIN) });
    expect(lateAdd.status).toBe(400);
    expect((await errorOf(lateAdd)).code).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('checks the signature counter: one that does not move on is refused and the stored one kept', async () => {
    const authenticator = fakeAuthenticator(RP_ID);
    expect((await addPasskey(alice, 'alice-secret', authenticator, undefined, 3)).status).toBe(201);
    const phone = someone();
    expect((await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(await signInOptions(phone), APP_ORIGIN, 3) })).status).toBe(401);
    expect((await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(await signInOptions(phone), APP_ORIGIN, 7) })).status).toBe(200);
    const cloned = await someone().request('POST', '/api/auth/passkey', { response: authenticator.assert(await signInOptions(phone), APP_ORIGIN, 5) });
    expect(cloned.status).toBe(401);
    expect(await errorOf(cloned)).toEqual({ code: 'PASSKEY_NOT_RECOGNISED', message: 'That passkey is not recognised. It may have been removed. Please log in with your password.' });
    const row = await opened.database.db.selectFrom('passkeys').select('sign_count').executeTakeFirstOrThrow();
    expect(Number(row.sign_count)).toBe(7);
  });

  it('refuses a forged signature, a wrong origin, and an account the passkey does not belong to', async () => {
    const authenticator = fakeAuthenticator(RP_ID);
    expect((await addPasskey(alice, 'alice-secret', authenticator)).status).toBe(201);
    const phone = someone();
    const forged = authenticator.assert(await signInOptions(phone), APP_ORIGIN, 1);
    forged.response.signature = fakeAuthenticator(RP_ID).assert({ challenge: 'x' }, APP_ORIGIN, 1).response.signature;
    expect((await phone.request('POST', '/api/auth/passkey', { response: forged })).status).toBe(401);
    expect((await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(await signInOptions(phone), 'https://evil.example', 1) })).status).toBe(401);
    const otherUser = authenticator.assert(await signInOptions(phone), APP_ORIGIN, 1, Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url'));
    expect((await phone.request('POST', '/api/auth/passkey', { response: otherUser })).status).toBe(401);
    expect(phone.session()).toBeUndefined();
  });

  it('removes only the member’s own passkey; a removed one no longer signs in', async () => {
    const authenticator = fakeAuthenticator(RP_ID);
    const added = (await (await addPasskey(alice, 'alice-secret', authenticator)).json()) as { passkey: { id: string } };
    const bob = someone();
    expect((await bob.request('POST', '/api/auth/signup', { username: 'bob', email: 'bob@example.com', password: 'bob-secret' })).status).toBe(201);
    const stolen = await bob.request('DELETE', `/api/me/passkeys/${added.passkey.id}`);
    expect(stolen.status).toBe(404);
    expect(await errorOf(stolen)).toEqual({ code: 'PASSKEY_NOT_FOUND', message: 'That passkey no longer exists.' });
    expect((await bob.request('DELETE', '/api/me/passkeys/not-a-uuid')).status).toBe(404);
    expect((await someone().request('DELETE', `/api/me/passkeys/${added.passkey.id}`)).status).toBe(401);
    expect((await alice.request('GET', '/api/me/passkeys')).status).toBe(200);

    expect((await alice.request('DELETE', `/api/me/passkeys/${added.passkey.id}`)).status).toBe(204);
    expect(await (await alice.request('GET', '/api/me/passkeys')).json()).toEqual({ passkeys: [] });
    expect((await alice.request('DELETE', `/api/me/passkeys/${added.passkey.id}`)).status).toBe(404);
    const phone = someone();
    const refused = await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(await signInOptions(phone), APP_ORIGIN, 1) });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('PASSKEY_NOT_RECOGNISED');
  });

  it('refuses a suspended member as the password log-in does', async () => {
    const authenticator = fakeAuthenticator(RP_ID);
    expect((await addPasskey(alice, 'alice-secret', authenticator)).status).toBe(201);
    const member = await opened.database.db.selectFrom('members').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
    await opened.database.db.insertInto('member_suspensions').values({ member_id: member.id, until: null }).execute();
    const phone = someone();
    const refused = await phone.request('POST', '/api/auth/passkey', { response: authenticator.assert(await signInOptions(phone), APP_ORIGIN, 1) });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('ACCOUNT_SUSPENDED');
    expect(phone.session()).toBeUndefined();
  });

  it('refuses malformed, NUL-laden, huge and cross-site bodies, and asks a session for the member routes', async () => {
    const raw = (path: string, body: string, headers: Record<string, string> = {}) =>
      app.request(path, { method: 'POST', headers: { Origin: APP_ORIGIN, 'Content-Type': 'application/json', ...headers }, body }, { incoming: { socket: { remoteAddress: '203.0.113.9' } } });
    expect((await raw('/api/auth/passkey', '{"response":')).status).toBe(400);
    expect((await raw('/api/auth/passkey', JSON.stringify({ response: { id: 'a\u0000b' } }))).status).toBe(400);
    expect((await raw('/api/auth/passkey', JSON.stringify({ response: { id: 'x'.repeat(70_000) } }))).status).toBe(413);
    expect((await raw('/api/auth/passkey', '[]')).status).toBe(400);
    expect((await raw('/api/auth/passkey/options', '{}', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await alice.request('POST', '/api/me/passkeys/options', { password: 'alice\u0000secret' })).status).toBe(400);
    expect((await alice.request('POST', '/api/me/passkeys', { response: { id: 'abc' }, name: 'x' })).status).toBe(400);
    expect((await alice.request('POST', '/api/me/passkeys', { response: fakeAuthenticator(RP_ID).register({ challenge: 'made-up', user: { id: 'x' } }, APP_ORIGIN) })).status).toBe(400);
    expect((await someone().request('GET', '/api/me/passkeys')).status).toBe(401);
    expect((await someone().request('POST', '/api/me/passkeys/options', { password: 'x' })).status).toBe(401);
  });

  it('keeps at most five live challenges per client however many option requests arrive at once', async () => {
    const flood = browser(app, { address: '203.0.113.50' });
    const answers = await Promise.all(Array.from({ length: 400 }, () => flood.request('POST', '/api/auth/passkey/options', {})));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(380);
    const rows = await opened.database.db.selectFrom('passkey_challenges').select('challenge').execute();
    expect(rows.length).toBeLessThanOrEqual(5);
    // An hour on, the expired ones go when the next client asks.
    clock += 60 * MINUTE;
    await signInOptions(someone());
    expect(await opened.database.db.selectFrom('passkey_challenges').select('challenge').execute()).toHaveLength(1);
  });
});
