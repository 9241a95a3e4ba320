import { describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { useWorld } from '../social/support/world';
import { makeOperator, report } from './support';

// /api/admin/... answers anyone but an operator exactly as an unknown /api path does: same status,
// same body, no cookie touched, whatever the method, path or body. Only the command line gives the role.

const UNKNOWN_ROUTE = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such API route.' } } };
const MEMBER = '00000000-0000-4000-8000-000000000000';

const calls: [string, string, unknown][] = [
  ['GET', '/api/admin/reports', undefined],
  ['GET', '/api/admin/log', undefined],
  ['GET', '/api/admin', undefined],
  ['POST', `/api/admin/reports/${MEMBER}/dismiss`, { reason: 'spam' }],
  ['POST', `/api/admin/members/${MEMBER}/suspend`, { length: '1d', reason: 'x' }],
  ['POST', `/api/admin/members/${MEMBER}/suspend`, { length: 'forever', reason: '\u0000' }],
  ['POST', `/api/admin/members/${MEMBER}/lift`, 'not json'],
  ['POST', `/api/admin/members/${MEMBER}/delete`, { reason: 'x' }],
  ['DELETE', '/api/admin/operators', undefined],
  ['PUT', '/api/admin/operators/me', { grant: true }],
];

describe.each(DATABASE_KINDS)('the admin gate on %s', (kind) => {
  const world = useWorld(kind);

  async function answer(response: Response) {
    return { status: response.status, body: (await response.json()) as unknown, cookie: response.headers.getSetCookie() };
  }

  it('answers a guest, a plain member and an ended session as an unknown route, and an operator with the console', async () => {
    const [alice, bob, olga] = await world.signUpEach('Alice', 'Bob', 'Olga');
    await report(alice, bob);
    await makeOperator(world.database, olga);
    const guest = browser(world.app);
    const unknown = await answer(await alice.browser.request('GET', '/api/no-such-route'));
    expect(unknown).toEqual({ ...UNKNOWN_ROUTE, cookie: [] });

    for (const [method, path, body] of calls) {
      expect(await answer(await guest.request(method, path, body)), `guest ${method} ${path}`).toEqual({ ...UNKNOWN_ROUTE, cookie: [] });
      expect(await answer(await alice.browser.request(method, path, body)), `member ${method} ${path}`).toEqual({ ...UNKNOWN_ROUTE, cookie: [] });
    }
    expect((await olga.browser.request('GET', '/api/admin/reports')).status).toBe(200);
    expect((await olga.browser.request('GET', '/api/admin/no-such')).status).toBe(404);

    // A session that has ended is no operator either (and the role is never extended by a stale cookie).
    const stale = olga.browser.session();
    expect((await olga.browser.request('POST', '/api/auth/logout')).status).toBe(204);
    olga.browser.setSession(stale);
    expect(await answer(await olga.browser.request('GET', '/api/admin/reports'))).toEqual({ ...UNKNOWN_ROUTE, cookie: [] });
    expect(await world.database.db.selectFrom('moderation_log').selectAll().execute()).toEqual([]);
  });

  it('refuses an operator the role once revoked on the command line', async () => {
    const [olga] = await world.signUpEach('Olga');
    await makeOperator(world.database, olga);
    expect((await olga.browser.request('GET', '/api/admin/log')).status).toBe(200);
    await world.database.db.deleteFrom('operators').execute();
    expect(await answer(await olga.browser.request('GET', '/api/admin/log'))).toEqual({ ...UNKNOWN_ROUTE, cookie: [] });
  });

  it('refuses cross-site writes from an operator as the other routes do', async () => {
    const [bob, olga] = await world.signUpEach('Bob', 'Olga');
    await makeOperator(world.database, olga);
    const forged = await olga.browser.request('POST', `/api/admin/members/${bob.id}/suspend`, { length: '1d', reason: 'x' }, { Origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await world.database.db.selectFrom('member_suspensions').selectAll().execute()).toEqual([]);
  });
});
