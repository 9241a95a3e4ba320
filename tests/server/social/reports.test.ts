import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { listOpenReports } from '../../../server/social/reports';
import { expectAnswer, json, useWorld, type Person } from './support/world';

// Reports about members: stored for operators with the reported name, refused for yourself and
// unknown people, limited to 10 a day per member.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('reports on %s', (kind) => {
  const world = useWorld(kind);

  it('stores a report (201 with its id) with the reporter, the reported name, the reason and the note', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const filed = await alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'harassment', note: '  Rude in chat  ' });
    expect(filed.status).toBe(201);
    const { id } = await json<{ id: string }>(filed);

    const rows = await world.database.db.selectFrom('reports').selectAll().execute();
    expect(rows.map(({ created_at, ...row }) => ({ ...row, created_at: new Date(created_at).toISOString() }))).toEqual([
      {
        id,
        reporter_id: alice.id,
        reported_id: bob.id,
        reported_username: 'Bob',
        reason: 'harassment',
        note: 'Rude in chat',
        status: 'open',
        source: 'profile',
        created_at: '2026-03-01T12:00:00.000Z',
      },
    ]);
  });

  it('may report someone who blocked you, without a note', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await bob.browser.request('POST', '/api/blocks', { userId: alice.id });
    expect((await alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'spam' })).status).toBe(201);
  });

  it('refuses reporting yourself (400), unknown people (404) and a reason or note outside the contract (400)', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await expectAnswer(alice.browser.request('POST', '/api/reports', { userId: alice.id, reason: 'spam' }), 400, { error: { code: 'CANNOT_REPORT_SELF', message: 'You cannot report yourself.' } });

    for (const id of [UNKNOWN_ID, 'user-2']) {
      const unknown = await alice.browser.request('POST', '/api/reports', { userId: id, reason: 'spam' });
      expect(unknown.status, id).toBe(404);
      expect(unknown.headers.get('Retry-After'), id).toBeNull();
      expect(await json(unknown)).toEqual({ error: { code: 'NOT_FOUND', message: 'That person could not be found.' } });
    }

    for (const body of [{ userId: bob.id, reason: 'boring' }, { userId: bob.id, reason: 'other', note: 'x'.repeat(501) }, { userId: bob.id }]) {
      await expectAnswer(alice.browser.request('POST', '/api/reports', body), 400, { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } });
    }
    expect(await world.database.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('accepts a note of exactly 500 characters', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    expect((await alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'other', note: 'x'.repeat(500) })).status).toBe(201);
  });

  it('limits reports to 10 a day per member (429 with Retry-After); another member is not affected', async () => {
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    for (let i = 0; i < 10; i += 1) {
      expect((await alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'spam' })).status).toBe(201);
      world.clock.now += 3_600_000;
    }
    const limited = await alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'spam' });
    expect(limited.status).toBe(429);
    // The first report was 10 hours ago: it leaves the day in 14 hours.
    expect(limited.headers.get('Retry-After')).toBe('50400');
    expect(await json(limited)).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: 'You are doing that too often. Please wait a while and try again.' } });
    expect((await carol.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'spam' })).status).toBe(201);

    world.clock.now += 50_400_000;
    expect((await alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'spam' })).status).toBe(201);
  });

  it('files at most 10 reports a day even when 12 arrive at once', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const answers = await Promise.all(Array.from({ length: 12 }, () => alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'spam' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 429, 429]);
    expect(await world.database.db.selectFrom('reports').select('id').execute()).toHaveLength(10);
  });
});

describe.each(DATABASE_KINDS)('the report list operators read on %s', (kind) => {
  const world = useWorld(kind);

  async function file(person: Person, about: Person, body: { reason: string; note?: string }): Promise<string> {
    const filed = await person.browser.request('POST', '/api/reports', { userId: about.id, ...body });
    expect(filed.status).toBe(201);
    return (await json<{ id: string }>(filed)).id;
  }

  it('lists open reports oldest first with the reporter, the reported name, the reason and the note; a deleted reporter reads null', async () => {
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    const first = await file(alice, carol, { reason: 'harassment', note: 'Rude in chat' });
    world.clock.now += 60_000;
    const second = await file(bob, carol, { reason: 'spam' });
    await world.database.db.deleteFrom('members').where('id', '=', alice.id).execute();

    expect(await listOpenReports(world.database.db)).toEqual([
      { id: first, createdAt: '2026-03-01T12:00:00.000Z', reporter: null, reported: 'Carol', reason: 'harassment', note: 'Rude in chat', source: 'profile', evidence: [] },
      { id: second, createdAt: '2026-03-01T12:01:00.000Z', reporter: 'Bob', reported: 'Carol', reason: 'spam', note: '', source: 'profile', evidence: [] },
    ]);
  });

  it('orders reports filed at the same moment by id', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const ids = [await file(alice, bob, { reason: 'spam' }), await file(bob, alice, { reason: 'other' })];
    expect((await listOpenReports(world.database.db)).map((report) => report.id)).toEqual(ids.toSorted());
  });
});
