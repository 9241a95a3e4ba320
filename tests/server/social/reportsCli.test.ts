import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN, browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { expectReportsListing, runTool, withDatabaseForTool } from '../support/commandLineTools';

// `npm run reports` as an operator runs it: a separate process on the database the server uses
// (DATA_DIR or DATABASE_URL), listing open reports and closing one.

describe.each(DATABASE_KINDS)('npm run reports on %s', (kind) => {
  it('lists open reports (when, reporter, reported, reason, note, id) and closes one by id', async () => {
    await withDatabaseForTool(kind, async (database, handOver) => {
      let now = Date.parse('2026-03-01T12:00:00Z');
      const app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: database.db, now: () => now } });
      const [alice, bob, carol] = ['Alice', 'Bob', 'Carol'].map((name, i) => ({ name, browser: browser(app, { address: `198.51.100.${i + 1}` }) }));
      if (!alice || !bob || !carol) throw new Error('three people expected');
      for (const person of [alice, bob]) {
        await person.browser.request('POST', '/api/auth/signup', { username: person.name, email: `${person.name}@example.com`, password: 'secret-1' });
      }
      const signup = await carol.browser.request('POST', '/api/auth/signup', { username: 'Carol', email: 'carol@example.com', password: 'secret-1' });
      const carolId = ((await signup.json()) as { user: { id: string } }).user.id;
      const file = async (who: typeof alice, body: object) => (await (await who.browser.request('POST', '/api/reports', { userId: carolId, ...body })).json()) as { id: string };
      const first = await file(alice, { reason: 'harassment', note: 'Rude in chat' });
      now += 60_000;
      const second = await file(bob, { reason: 'spam' });
      await handOver();

      await expectReportsListing(database, [
        '2026-03-01T12:00:00.000Z  Alice reported Carol for harassment',
        '  note: Rude in chat',
        `  id: ${first.id}`,
        '2026-03-01T12:01:00.000Z  Bob reported Carol for spam',
        `  id: ${second.id}`,
        '2 open reports. Close one with: npm run reports -- --close <id>',
      ]);

      const closed = await runTool('reports', database, ['--close', first.id]);
      expect(closed.stdout).toBe(`Closed report ${first.id}. Logged as command line (olga-shell): Closed on the command line.\n`);
      await expectReportsListing(database, [`2026-03-01T12:01:00.000Z  Bob reported Carol for spam`, `  id: ${second.id}`, '1 open report. Close one with: npm run reports -- --close <id>']);

      await expect(runTool('reports', database, ['--close', first.id])).rejects.toMatchObject({ code: 1, stderr: `Report ${first.id} has already been closed.\n` });
    });
  }, 120_000);

  it('prints where a report was made and its copied lines in order, the reported one marked, members\' words made inert', async () => {
    await withDatabaseForTool(kind, async (database, handOver) => {
      const reportId = '00000000-0000-4000-8000-0000000000aa';
      await database.db
        .insertInto('reports')
        .values({ id: reportId, reporter_id: null, reported_id: null, reported_username: 'Bob', reason: 'harassment', source: 'message', created_at: '2026-03-01T12:00:00Z' })
        .execute();
      await database.db
        .insertInto('report_evidence')
        .values([
          { report_id: reportId, position: 0, sender_username: 'Bob', from_reported: true, text: 'go away\n2026-03-01T00:00:00.000Z  Alice reported Bob', sent_at: '2026-03-01T11:02:00Z' },
          { report_id: reportId, position: 1, sender_username: 'Alice', from_reported: false, text: 'hi \u001b[31m', sent_at: '2026-03-01T11:01:00Z' },
        ])
        .execute();
      await handOver();
      await expectReportsListing(database, [
        '2026-03-01T12:00:00.000Z  (deleted account) reported Bob for harassment',
        '  from: message',
        '    2026-03-01T11:01:00.000Z  Alice: hi \\u{1b}[31m',
        '  > 2026-03-01T11:02:00.000Z  Bob: go away\\n2026-03-01T00:00:00.000Z  Alice reported Bob',
        `  id: ${reportId}`,
        '1 open report. Close one with: npm run reports -- --close <id>',
      ]);
    });
  }, 120_000);
});
