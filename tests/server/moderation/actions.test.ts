import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { befriend, expectAnswer, json, useWorld, type Person } from '../social/support/world';
import { logRows, makeOperator, report } from './support';

// What an operator does through /api/admin/..., and what members observe: a suspended member is signed
// out, told why at log-in, and gone from everyone's Discover, search, leaderboard, friends and
// requests until it ends or is lifted; every action is logged once with who, what, when and why.

const INVALID = { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function logIn(person: Person): Promise<Response> {
  return person.browser.request('POST', '/api/auth/login', { username: person.username, password: 'secret-1' });
}

async function seenBy(viewer: Person, name: string) {
  const search = await json<{ cards: { username: string }[] }>(await viewer.browser.request('GET', `/api/discover?q=${name}`));
  const board = await json<{ entries: { username: string }[] }>(await viewer.browser.request('GET', '/api/leaderboard?tab=points'));
  const friends = await json<{ friends: { username: string }[] }>(await viewer.browser.request('GET', '/api/friends'));
  const requests = await json<{ incoming: { from: { username: string } }[] }>(await viewer.browser.request('GET', '/api/friends/requests'));
  return {
    search: search.cards.some((card) => card.username === name),
    leaderboard: board.entries.some((entry) => entry.username === name),
    friends: friends.friends.some((friend) => friend.username === name),
    requests: requests.incoming.some((request) => request.from.username === name),
  };
}

describe.each(DATABASE_KINDS)('moderation on %s', (kind) => {
  const world = useWorld(kind);

  it('lists open reports oldest first with reporter, member, reason, note, earlier reports and account age', async () => {
    const [alice, bob, carol, olga] = await world.signUpEach('Alice', 'Bob', 'Carol', 'Olga');
    await makeOperator(world.database, olga);
    world.clock.now += 3 * 86_400_000;
    const first = await report(alice, bob, 'spam');
    world.clock.now += 60_000;
    const second = await report(carol, bob, 'harassment', 'Rude in chat');
    world.clock.now += 60_000;
    const third = await report(bob, carol, 'other');

    const listed = await json<{ reports: unknown[]; now: string }>(await olga.browser.request('GET', '/api/admin/reports'));
    expect(listed.now).toBe('2026-03-04T12:02:00.000Z');
    expect(listed.reports).toEqual([
      {
        id: first,
        createdAt: '2026-03-04T12:00:00.000Z',
        source: 'profile',
        reason: 'spam',
        note: '',
        reporter: 'Alice',
        reported: { id: bob.id, username: 'Bob', memberSince: '2026-03-01T12:00:00.000Z', suspension: null },
        evidence: [],
        earlier: { count: 0, recent: [] },
      },
      {
        id: second,
        createdAt: '2026-03-04T12:01:00.000Z',
        source: 'profile',
        reason: 'harassment',
        note: 'Rude in chat',
        reporter: 'Carol',
        reported: { id: bob.id, username: 'Bob', memberSince: '2026-03-01T12:00:00.000Z', suspension: null },
        evidence: [],
        earlier: { count: 1, recent: [{ id: first, createdAt: '2026-03-04T12:00:00.000Z', reason: 'spam', status: 'open' }] },
      },
      {
        id: third,
        createdAt: '2026-03-04T12:02:00.000Z',
        source: 'profile',
        reason: 'other',
        note: '',
        reporter: 'Bob',
        reported: { id: carol.id, username: 'Carol', memberSince: '2026-03-01T12:00:00.000Z', suspension: null },
        evidence: [],
        earlier: { count: 0, recent: [] },
      },
    ]);
  });

  it('shows the messages stored with a report, oldest first, the reported one last', async () => {
    const [alice, bob, olga] = await world.signUpEach('Alice', 'Bob', 'Olga');
    await makeOperator(world.database, olga);
    const id = await report(alice, bob);
    // As a report from a chat stores them (server/social/reports.ts): 0 the reported message, 1.. the ones before.
    await world.database.db
      .insertInto('report_evidence')
      .values([
        { report_id: id, position: 0, sender_username: 'Bob', from_reported: true, text: 'You will regret it', sent_at: '2026-03-01T11:59:00Z' },
        { report_id: id, position: 1, sender_username: 'Alice', from_reported: false, text: 'Leave me alone', sent_at: '2026-03-01T11:58:00Z' },
      ])
      .execute();
    const { reports } = await json<{ reports: { evidence: unknown[] }[] }>(await olga.browser.request('GET', '/api/admin/reports'));
    expect(reports.map((listed) => listed.evidence)).toEqual([
      [
        { position: 1, sender: 'Alice', fromReported: false, text: 'Leave me alone', sentAt: '2026-03-01T11:58:00.000Z' },
        { position: 0, sender: 'Bob', fromReported: true, text: 'You will regret it', sentAt: '2026-03-01T11:59:00.000Z' },
      ],
    ]);
  });

  it('dismisses a report once: it closes, is logged with the reason, and a second dismiss hears it is closed', async () => {
    const [alice, bob, olga] = await world.signUpEach('Alice', 'Bob', 'Olga');
    await makeOperator(world.database, olga);
    const id = await report(alice, bob);
    const dismissed = await olga.browser.request('POST', `/api/admin/reports/${id}/dismiss`, { reason: '  Banter between friends  ' });
    expect(dismissed.status).toBe(200);
    expect(await json(dismissed)).toEqual({
      entry: { id: expect.any(String) as string, at: '2026-03-01T12:00:00.000Z', operator: 'Olga', action: 'dismiss', target: 'Bob', length: null, reason: 'Banter between friends' },
    });
    await expectAnswer(olga.browser.request('POST', `/api/admin/reports/${id}/dismiss`, { reason: 'again' }), 409, { error: { code: 'REPORT_CLOSED', message: 'That report has already been closed.' } });
    await expectAnswer(olga.browser.request('POST', `/api/admin/reports/${UNKNOWN}/dismiss`, { reason: 'x' }), 404, { error: { code: 'REPORT_NOT_FOUND', message: 'That report could not be found.' } });
    expect(await json(await olga.browser.request('GET', '/api/admin/reports'))).toMatchObject({ reports: [] });
    expect(await logRows(world.database)).toEqual([{ operator: 'Olga', action: 'dismiss', target: 'Bob', length: null, reason: 'Banter between friends' }]);
  });

  it('suspends for a day: sessions end, log-in says until when, everyone stops seeing them; after the day they are back', async () => {
    const [alice, bob, carol, olga] = await world.signUpEach('Alice', 'Bob', 'Carol', 'Olga');
    await makeOperator(world.database, olga);
    for (const person of [alice, bob, carol]) await world.setProfile(person, {});
    await befriend(alice, bob);
    expect((await bob.browser.request('POST', '/api/friends/requests', { toUserId: carol.id })).status).toBe(201);
    expect(await seenBy(alice, 'Bob')).toEqual({ search: true, leaderboard: true, friends: true, requests: false });
    expect(await seenBy(carol, 'Bob')).toEqual({ search: true, leaderboard: true, friends: false, requests: true });

    const suspended = await olga.browser.request('POST', `/api/admin/members/${bob.id}/suspend`, { length: '1d', reason: 'Threats in chat' });
    expect(suspended.status).toBe(200);
    expect(await json(suspended)).toMatchObject({ entry: { operator: 'Olga', action: 'suspend', target: 'Bob', length: '1d', reason: 'Threats in chat' } });

    expect((await bob.browser.request('GET', '/api/me')).status).toBe(401);
    expect(await world.database.db.selectFrom('sessions').select('member_id').where('member_id', '=', bob.id).execute()).toEqual([]);
    expect(await seenBy(alice, 'Bob')).toEqual({ search: false, leaderboard: false, friends: false, requests: false });
    expect(await seenBy(carol, 'Bob')).toEqual({ search: false, leaderboard: false, friends: false, requests: false });
    await expectAnswer(carol.browser.request('POST', '/api/friends/requests', { toUserId: bob.id }), 404, { error: { code: 'NOT_FOUND', message: 'That person could not be found.' } });
    expect((await alice.browser.request('GET', `/api/members/${bob.id}`)).status).toBe(404);

    const refused = await logIn(bob);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ error: { code: 'ACCOUNT_SUSPENDED', message: 'This account is suspended until 2 March 2026, 12:00 UTC.', suspendedUntil: '2026-03-02T12:00:00.000Z' } });
    expect(refused.headers.getSetCookie()).toEqual([]);
    // A wrong password hears what any wrong password hears: the suspension is told only to the account's owner.
    await expectAnswer(bob.browser.request('POST', '/api/auth/login', { username: 'Bob', password: 'wrong-pass' }), 401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' } });
    await expectAnswer(olga.browser.request('POST', `/api/admin/members/${bob.id}/suspend`, { length: '7d', reason: 'again' }), 409, {
      error: { code: 'ALREADY_SUSPENDED', message: 'That member is already suspended. Lift the suspension first.' },
    });

    world.clock.now += 86_400_000;
    expect((await logIn(bob)).status).toBe(200);
    expect(await seenBy(alice, 'Bob')).toEqual({ search: true, leaderboard: true, friends: true, requests: false });
    expect(await seenBy(carol, 'Bob')).toEqual({ search: true, leaderboard: true, friends: false, requests: true });
    expect(await logRows(world.database)).toEqual([{ operator: 'Olga', action: 'suspend', target: 'Bob', length: '1d', reason: 'Threats in chat' }]);
  });

  it('suspends permanently until lifted; lifting restores log-in and lists', async () => {
    const [alice, bob, olga] = await world.signUpEach('Alice', 'Bob', 'Olga');
    await makeOperator(world.database, olga);
    for (const person of [alice, bob]) await world.setProfile(person, {});
    expect((await olga.browser.request('POST', `/api/admin/members/${bob.id}/suspend`, { length: 'permanent', reason: 'Spam bot' })).status).toBe(200);
    // Longer than any timed suspension, shorter than a session left unused (30 days).
    world.clock.now += 20 * 86_400_000;
    await expectAnswer(logIn(bob), 403, { error: { code: 'ACCOUNT_SUSPENDED', message: 'This account is suspended.', suspendedUntil: null } });
    expect((await seenBy(alice, 'Bob')).search).toBe(false);

    expect((await olga.browser.request('POST', `/api/admin/members/${bob.id}/lift`, { reason: 'Appeal accepted' })).status).toBe(200);
    await expectAnswer(olga.browser.request('POST', `/api/admin/members/${bob.id}/lift`, { reason: 'twice' }), 409, { error: { code: 'NOT_SUSPENDED', message: 'That member is not suspended.' } });
    expect((await seenBy(alice, 'Bob')).search).toBe(true);
    expect((await logIn(bob)).status).toBe(200);
    expect(await logRows(world.database)).toEqual([
      { operator: 'Olga', action: 'suspend', target: 'Bob', length: 'permanent', reason: 'Spam bot' },
      { operator: 'Olga', action: 'lift', target: 'Bob', length: null, reason: 'Appeal accepted' },
    ]);
    const log = await json<{ entries: { action: string }[] }>(await olga.browser.request('GET', '/api/admin/log'));
    expect(log.entries.map((entry) => entry.action)).toEqual(['lift', 'suspend']);
  });

  it('deletes an account as the member would, closes the reports about them and logs it', async () => {
    const [alice, bob, olga] = await world.signUpEach('Alice', 'Bob', 'Olga');
    await makeOperator(world.database, olga);
    const id = await report(alice, bob);
    expect((await olga.browser.request('POST', `/api/admin/members/${bob.id}/delete`, { reason: 'Scam account' })).status).toBe(200);
    expect(await world.database.db.selectFrom('members').select('username').where('id', '=', bob.id).execute()).toEqual([]);
    expect((await bob.browser.request('GET', '/api/me')).status).toBe(401);
    await expectAnswer(logIn(bob), 401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' } });
    expect(await world.database.db.selectFrom('reports').select(['id', 'status', 'reported_id']).execute()).toEqual([{ id, status: 'closed', reported_id: null }]);
    await expectAnswer(olga.browser.request('POST', `/api/admin/members/${bob.id}/delete`, { reason: 'again' }), 404, {
      error: { code: 'MEMBER_NOT_FOUND', message: 'That member could not be found. Their account may have been deleted.' },
    });
    expect(await logRows(world.database)).toEqual([{ operator: 'Olga', action: 'delete', target: 'Bob', length: null, reason: 'Scam account' }]);
  });

  it('refuses malformed, NUL-laden, huge, reasonless input, unknown ids and acting on oneself, logging nothing', async () => {
    const [bob, olga] = await world.signUpEach('Bob', 'Olga');
    await makeOperator(world.database, olga);
    const suspend = (id: string, body: unknown) => olga.browser.request('POST', `/api/admin/members/${encodeURIComponent(id)}/suspend`, body);
    for (const body of [
      { length: '1d' },
      { length: '1d', reason: '' },
      { length: '1d', reason: '   ' },
      { length: '1d', reason: 'a\u0000b' },
      { length: '1d', reason: 'x'.repeat(501) },
      { length: '30d', reason: 'x' },
      { length: ['1d'], reason: 'x' },
      'not json',
      null,
    ]) {
      await expectAnswer(suspend(bob.id, body), 400, INVALID, JSON.stringify(body));
    }
    expect((await suspend(bob.id, { length: '1d', reason: 'x'.repeat(500) })).status).toBe(200);
    await expectAnswer(suspend('\u0000', { length: '1d', reason: 'x' }), 400, INVALID);
    await expectAnswer(suspend('y'.repeat(5000), { length: '1d', reason: 'x' }), 400, INVALID);
    for (const id of [UNKNOWN, 'bob', '1 or 1=1']) {
      await expectAnswer(suspend(id, { length: '1d', reason: 'x' }), 404, { error: { code: 'MEMBER_NOT_FOUND', message: 'That member could not be found. Their account may have been deleted.' } }, id);
    }
    await expectAnswer(suspend(olga.id, { length: '1d', reason: 'x' }), 400, { error: { code: 'CANNOT_MODERATE_SELF', message: 'You cannot take this action on your own account.' } });
    await expectAnswer(olga.browser.request('POST', `/api/admin/members/${olga.id}/delete`, { reason: 'x' }), 400, {
      error: { code: 'CANNOT_MODERATE_SELF', message: 'You cannot take this action on your own account.' },
    });
    expect((await logRows(world.database)).length).toBe(1);
  });

  it('changes once and logs once when 400 identical actions arrive at once', { timeout: 120_000 }, async () => {
    const [alice, bob, olga] = await world.signUpEach('Alice', 'Bob', 'Olga');
    await makeOperator(world.database, olga);
    const id = await report(alice, bob);
    const dismissals = await Promise.all(Array.from({ length: 400 }, () => olga.browser.request('POST', `/api/admin/reports/${id}/dismiss`, { reason: 'dup' })));
    expect(dismissals.filter((r) => r.status === 200)).toHaveLength(1);
    expect(dismissals.filter((r) => r.status === 409)).toHaveLength(399);

    const suspensions = await Promise.all(
      Array.from({ length: 400 }, () => olga.browser.request('POST', `/api/admin/members/${bob.id}/suspend`, { length: '7d', reason: 'dup' })),
    );
    expect(suspensions.filter((r) => r.status === 200)).toHaveLength(1);
    expect(suspensions.filter((r) => r.status === 409)).toHaveLength(399);
    expect(await logRows(world.database)).toEqual([
      { operator: 'Olga', action: 'dismiss', target: 'Bob', length: null, reason: 'dup' },
      { operator: 'Olga', action: 'suspend', target: 'Bob', length: '7d', reason: 'dup' },
    ]);
  });
});
