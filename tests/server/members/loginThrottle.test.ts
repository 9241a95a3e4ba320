import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN, browser } from './support/browser';
import { withMemberApp } from './support/memberApp';
import { DATABASE_KINDS } from './support/testDatabase';

// The log-in throttle: 5 failures for one name from one client, or 20 from one client across names,
// within 15 minutes, then 429 'Too many attempts. Try again in N minutes.' with Retry-After in seconds;
// and per name, after 5 failures within a day from anywhere, each further attempt waits 1 s, 2 s, 4 s ...
// after the one before. Attempts are kept in the database, so both engines are exercised. Devices the
// member logged in from before are tested in tests/server/abuse/accountsAbuse.test.ts.

const MINUTE = 60 * 1000;

describe.each(DATABASE_KINDS)('log-in throttle on %s', (kind) => {
  let clock = 0;
  const setup = withMemberApp(kind, { now: () => clock });

  beforeEach(async () => {
    clock = Date.parse('2026-03-01T12:00:00Z');
    for (const username of ['Alice', 'Bob']) {
      const response = await browser(setup.app, { address: '203.0.113.250' }).request('POST', '/api/auth/signup', {
        username,
        email: `${username}@example.com`,
        password: 'secret-1',
      });
      expect(response.status).toBe(201);
    }
  });

  function logIn(address: string, username: string, password: string) {
    return browser(setup.app, { address }).request('POST', '/api/auth/login', { username, password });
  }

  it('refuses the 6th attempt on one name, even with the right password, until 15 minutes have passed', async () => {
    for (let i = 0; i < 5; i++) expect((await logIn('198.51.100.1', 'alice', 'wrong-pass')).status).toBe(401);
    const sixth = await logIn('198.51.100.1', 'alice', 'secret-1');
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('Retry-After')).toBe('900');
    expect(await sixth.json()).toEqual({ error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Try again in 15 minutes.' } });

    clock += 14 * MINUTE + 30 * 1000;
    const later = await logIn('198.51.100.1', 'alice', 'secret-1');
    expect(later.status).toBe(429);
    expect(later.headers.get('Retry-After')).toBe('30');
    expect(((await later.json()) as { error: { message: string } }).error.message).toBe('Too many attempts. Try again in 1 minute.');

    clock += 30 * 1000;
    expect((await logIn('198.51.100.1', 'alice', 'secret-1')).status).toBe(200);
  });

  it('slows guesses on one name from many clients: after 5, each waits twice as long as the one before', async () => {
    for (let i = 0; i < 5; i++) expect((await logIn(`198.51.100.${10 + i}`, 'Alice', 'wrong-pass')).status).toBe(401);
    const sixth = await logIn('198.51.100.99', 'alice', 'secret-1');
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('Retry-After')).toBe('1');
    clock += 1000;
    expect((await logIn('198.51.100.15', 'alice', 'wrong-pass')).status).toBe(401);
    const seventh = await logIn('198.51.100.99', 'alice', 'secret-1');
    expect(seventh.headers.get('Retry-After')).toBe('2');
    clock += 2000;
    expect((await logIn('198.51.100.99', 'alice', 'secret-1')).status).toBe(200);
    expect((await logIn('198.51.100.99', 'bob', 'secret-1')).status).toBe(200);
  });

  it('counts failures for one name however it is spaced', async () => {
    for (let i = 0; i < 5; i++) expect((await logIn(`198.51.100.${20 + i}`, '  Alice ', 'wrong-pass')).status).toBe(401);
    expect((await logIn('198.51.100.98', 'alice', 'secret-1')).status).toBe(429);
  });

  it('counts failures from one client across names: 20, then that client waits', async () => {
    for (let i = 0; i < 20; i++) expect((await logIn('198.51.100.2', `name${i}`, 'wrong-pass')).status).toBe(401);
    expect((await logIn('198.51.100.2', 'bob', 'secret-1')).status).toBe(429);
    expect((await logIn('198.51.100.3', 'bob', 'secret-1')).status).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    for (let i = 0; i < 4; i++) await logIn('198.51.100.4', 'alice', 'wrong-pass');
    clock += 15 * MINUTE;
    expect((await logIn('198.51.100.4', 'alice', 'wrong-pass')).status).toBe(401);
    // The name's fifth failure of the day: the next attempt on it waits a second.
    clock += 1000;
    expect((await logIn('198.51.100.4', 'alice', 'secret-1')).status).toBe(200);
  });

  it("does not let one client's success clear another client's failures", async () => {
    for (let i = 0; i < 4; i++) expect((await logIn('198.51.100.66', 'alice', 'wrong-pass')).status).toBe(401);
    expect((await logIn('198.51.100.5', 'alice', 'secret-1')).status).toBe(200);
    expect((await logIn('198.51.100.66', 'alice', 'wrong-pass')).status).toBe(401);
    clock += 1000;
    expect((await logIn('198.51.100.66', 'alice', 'secret-1')).status).toBe(429);
  });

  it('counts the same failures on every app server sharing the database', async () => {
    const otherServer = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: setup.database.db, now: () => clock } });
    for (let i = 0; i < 5; i++) expect((await logIn('198.51.100.7', 'alice', 'wrong-pass')).status).toBe(401);
    const elsewhere = await browser(otherServer, { address: '198.51.100.8' }).request('POST', '/api/auth/login', { username: 'alice', password: 'secret-1' });
    expect(elsewhere.status).toBe(429);
  });

  it("clears a client's own failures on that name when it logs in", async () => {
    // 20 s apart, beyond the name's growing wait (1, 2, 4, 8 s), so only the pair's count matters.
    const later = () => (clock += 20_000);
    for (let i = 0; i < 4; i++) await logIn('198.51.100.6', 'alice', 'wrong-pass');
    expect((await logIn('198.51.100.6', 'alice', 'secret-1')).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      later();
      expect((await logIn('198.51.100.6', 'alice', 'wrong-pass')).status).toBe(401);
    }
    later();
    expect((await logIn('198.51.100.6', 'alice', 'secret-1')).status).toBe(200);
  });
});
