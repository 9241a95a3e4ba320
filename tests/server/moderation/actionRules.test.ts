import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteMember, dismissReport, liftSuspension, suspendMember } from '../../../server/moderation/actions';
import { commandLineActor, type OperatorIdentity } from '../../../server/moderation/operators';
import { DATABASE_KINDS, emptyTables, openTestDatabaseAroundTests } from '../members/support/testDatabase';

// The rules every moderation action keeps, called as the console's routes and the reports command call
// them (actions.test.ts drives the routes as an operator does): ids that are not ids, an id in capitals,
// a suspension that has run out, and the operator's 300 actions an hour, counted in the database.

const T = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const later = (ms: number) => new Date(T.getTime() + ms);

describe.each(DATABASE_KINDS)('moderation rules on %s', (kind) => {
  const handle = openTestDatabaseAroundTests(kind);
  beforeEach(() => emptyTables(handle.database));

  async function member(username: string): Promise<string> {
    const id = randomUUID();
    await handle.database.db.insertInto('members').values({ id, username, email: `${username.toLowerCase()}@example.com`, password_hash: 'x' }).execute();
    return id;
  }
  async function operator(username: string): Promise<OperatorIdentity> {
    const id = await member(username);
    await handle.database.db.insertInto('operators').values({ member_id: id }).execute();
    return { id, username };
  }
  async function reportsAbout(reportedId: string, reportedUsername: string, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => randomUUID());
    await handle.database.db
      .insertInto('reports')
      .values(ids.map((id, index) => ({ id, reporter_id: null, reported_id: reportedId, reported_username: reportedUsername, reason: 'spam', note: '', created_at: new Date(T.getTime() - DAY + index) })))
      .execute();
    return ids;
  }
  const reportRow = (id: string) => handle.database.db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  const logOf = () => handle.database.db.selectFrom('moderation_log').select(['action', 'target_username', 'report_id', 'operator_username']).orderBy('created_at').execute();

  it('answers 404 for an id that is not one or that nobody has, and takes an id in capitals as the same id', async () => {
    const { db } = handle.database;
    const olga = await operator('Olga');
    const bob = await member('Bob');
    const [reportId] = (await reportsAbout(bob, 'Bob', 1)) as [string];
    const notFound = (code: string) => ({ status: 404, code });

    for (const id of ['not-an-id', '', `${reportId}x`, randomUUID()]) {
      expect(await dismissReport(db, olga, id, '', T), id).toEqual(notFound('REPORT_NOT_FOUND'));
      expect(await suspendMember(db, olga, id, '1d', '', T), id).toEqual(notFound('MEMBER_NOT_FOUND'));
      expect(await liftSuspension(db, olga, id, '', T), id).toEqual(notFound('MEMBER_NOT_FOUND'));
      expect(await deleteMember(db, olga, id, '', T), id).toEqual(notFound('MEMBER_NOT_FOUND'));
    }
    expect(await logOf()).toEqual([]);

    expect(await dismissReport(db, olga, reportId.toUpperCase(), 'Banter', T)).toMatchObject({ entry: { action: 'dismiss', target: 'Bob', operator: 'Olga' } });
    expect(await reportRow(reportId)).toEqual({ status: 'closed' });
    expect(await suspendMember(db, olga, bob.toUpperCase(), '1d', 'Spam', T)).toMatchObject({ entry: { action: 'suspend', target: 'Bob' }, endedSessionsOf: bob });
    expect(await liftSuspension(db, olga, bob.toUpperCase(), 'Appeal', T)).toMatchObject({ entry: { action: 'lift', target: 'Bob' } });
    expect(await deleteMember(db, olga, bob.toUpperCase(), 'Gone', T)).toMatchObject({ entry: { action: 'delete', target: 'Bob' }, endedSessionsOf: bob, deletedUsername: 'Bob' });
    expect(await logOf()).toEqual([
      { action: 'dismiss', target_username: 'Bob', report_id: reportId, operator_username: 'Olga' },
      { action: 'suspend', target_username: 'Bob', report_id: null, operator_username: 'Olga' },
      { action: 'lift', target_username: 'Bob', report_id: null, operator_username: 'Olga' },
      { action: 'delete', target_username: 'Bob', report_id: null, operator_username: 'Olga' },
    ]);
  });

  it('suspends again once a suspension has run out, not while it runs, and never over a permanent one', async () => {
    const { db } = handle.database;
    const olga = await operator('Olga');
    const bob = await member('Bob');
    const cat = await member('Cat');
    expect(await suspendMember(db, olga, bob, '1d', 'Spam', T)).toMatchObject({ entry: { action: 'suspend', length: '1d' } });
    expect(await suspendMember(db, olga, bob, '7d', 'Again', later(DAY - 1))).toEqual({ status: 409, code: 'ALREADY_SUSPENDED' });
    expect(await suspendMember(db, olga, bob, '7d', 'Again', later(DAY))).toMatchObject({ entry: { action: 'suspend', length: '7d' } });
    const until = await db.selectFrom('member_suspensions').select('until').where('member_id', '=', bob).executeTakeFirstOrThrow();
    expect(new Date(until.until!).toISOString()).toBe(later(8 * DAY).toISOString());

    expect(await suspendMember(db, olga, cat, 'permanent', 'Threats', T)).toMatchObject({ entry: { length: 'permanent' } });
    expect(await suspendMember(db, olga, cat, '1d', 'Again', later(1000 * DAY))).toEqual({ status: 409, code: 'ALREADY_SUSPENDED' });
  });

  it('gives an operator 300 actions an hour, then 429 with when the oldest frees, changing nothing; the command line has no allowance', async () => {
    const { db } = handle.database;
    const olga = await operator('Olga');
    const bob = await member('Bob');
    const reports = await reportsAbout(bob, 'Bob', 303);
    for (const [index, id] of reports.slice(0, 300).entries()) {
      expect(await dismissReport(db, olga, id, '', later(index)), `action ${index + 1}`).toMatchObject({ entry: { action: 'dismiss' } });
    }
    const refused = { status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 3600 };
    expect(await dismissReport(db, olga, reports[300]!, '', later(300))).toEqual(refused);
    expect(await suspendMember(db, olga, bob, '1d', '', later(300))).toEqual(refused);
    expect(await deleteMember(db, olga, bob, '', later(300))).toEqual(refused);
    expect(await reportRow(reports[300]!)).toEqual({ status: 'open' });
    expect(await db.selectFrom('member_suspensions').selectAll().execute()).toEqual([]);
    expect(await logOf()).toHaveLength(300);
    // Just under an hour after the first action, one second is left to wait.
    expect(await dismissReport(db, olga, reports[300]!, '', later(HOUR - 1))).toEqual({ ...refused, retryAfter: 1 });

    expect(await dismissReport(db, commandLineActor('root'), reports[301]!, 'From the shell', later(301))).toMatchObject({ entry: { operator: 'command line (root)' } });
    expect(await dismissReport(db, olga, reports[302]!, '', later(HOUR))).toMatchObject({ entry: { action: 'dismiss' } });
  });
});
