import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open';
import { DATABASE_KINDS, type TestDatabase } from '../members/support/testDatabase';
import { outcomeOf, runTool, withDatabaseForTool, type ToolOutcome } from '../support/commandLineTools';

// `npm run reports -- --close <id> [--reason <text>]` closes a report as the console's Dismiss does:
// once, with a moderation-log entry that names who did it ('command line (<OS user>)') and why, so the
// console's 'Moderation log' shows it like any other dismissal.

const reports = (database: TestDatabase, args: string[], user?: string): Promise<ToolOutcome> => outcomeOf(runTool('reports', database, args, user));

describe.each(DATABASE_KINDS)('npm run reports -- --close on %s', (kind) => {
  it('closes a report once and logs it as the command line, with the reason given or the default one', { timeout: 180_000 }, async () => {
    await withDatabaseForTool(kind, async (database, handOver) => {
      const bob = randomUUID();
      const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
      await database.db.insertInto('members').values({ id: bob, username: 'Bob', email: 'bob@example.com', password_hash: 'x' }).execute();
      await database.db
        .insertInto('reports')
        .values([first, second, third].map((id, index) => ({ id, reporter_id: null, reported_id: bob, reported_username: 'Bob', reason: 'spam', note: '', created_at: new Date(Date.UTC(2026, 2, 1, 12, index)) })))
        .execute();
      await handOver();

      expect(await reports(database, ['--close', first.toUpperCase(), '--reason', '  Banter between friends  '])).toEqual({
        code: 0,
        stdout: `Closed report ${first.toUpperCase()}. Logged as command line (olga-shell): Banter between friends\n`,
        stderr: '',
      });
      expect(await reports(database, ['--close', first])).toEqual({ code: 1, stdout: '', stderr: `Report ${first} has already been closed.\n` });
      expect(await reports(database, ['--close', second], 'root'), 'no reason given').toEqual({
        code: 0,
        stdout: `Closed report ${second}. Logged as command line (root): Closed on the command line.\n`,
        stderr: '',
      });
      expect(await reports(database, ['--close', '00000000-0000-4000-8000-000000000000'])).toEqual({ code: 1, stdout: '', stderr: 'No open report has the id 00000000-0000-4000-8000-000000000000.\n' });
      expect(await reports(database, ['--close', 'report-1\u001b[2J'])).toEqual({ code: 1, stdout: '', stderr: 'No open report has the id report-1\\u{1b}[2J.\n' });
      expect(await reports(database, ['--close', third, '--reason', '   '])).toEqual({ code: 2, stdout: '', stderr: 'The reason must be up to 500 characters of text, not blank.\n' });
      expect(await reports(database, ['--close', third, '--reason', 'x'.repeat(501)])).toEqual({ code: 2, stdout: '', stderr: 'The reason must be up to 500 characters of text, not blank.\n' });
      // An OS user name that is not one plain word is kept to its letters, digits and . _ @ -.
      expect((await reports(database, ['--close', third, '--reason', 'Duplicate'], 'eve\u001b[2J x')).stdout).toBe(`Closed report ${third}. Logged as command line (eve2Jx): Duplicate\n`);

      // The embedded database is read again once the script has let it go.
      const reader = kind === 'pglite' ? await openDatabase({ dataDir: database.env.DATA_DIR ?? '' }) : database;
      try {
      const log = await reader.db.selectFrom('moderation_log').select(['operator_id', 'operator_username', 'action', 'target_id', 'target_username', 'report_id', 'reason']).orderBy('created_at').orderBy('reason').execute();
      expect(log).toEqual([
        { operator_id: null, operator_username: 'command line (olga-shell)', action: 'dismiss', target_id: bob, target_username: 'Bob', report_id: first, reason: 'Banter between friends' },
        { operator_id: null, operator_username: 'command line (root)', action: 'dismiss', target_id: bob, target_username: 'Bob', report_id: second, reason: 'Closed on the command line.' },
        { operator_id: null, operator_username: 'command line (eve2Jx)', action: 'dismiss', target_id: bob, target_username: 'Bob', report_id: third, reason: 'Duplicate' },
      ]);
      expect(await reader.db.selectFrom('reports').select('status').where('status', '=', 'open').execute()).toEqual([]);
      } finally {
        if (reader !== database) await reader.close();
      }
    });
  });
});
