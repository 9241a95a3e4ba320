import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { expectReportsListing, withDatabaseForTool } from '../support/commandLineTools';

// `npm run reports` prints what reporters and reported members wrote. Whatever is stored (rows kept from
// before any input rule, or written by another tool) reaches the operator's terminal inert: no escape
// sequence, no line that looks like a report of its own.

describe.each(DATABASE_KINDS)('npm run reports shows stored text inert on %s', (kind) => {
  it('escapes control characters, terminal escape sequences, bidi overrides and line breaks', { timeout: 120_000 }, async () => {
    await withDatabaseForTool(kind, async (database, handOver) => {
      const id = randomUUID();
      await database.db
        .insertInto('reports')
        .values({
          id,
          reporter_id: null,
          reported_id: null,
          reported_username: 'Mallory\u202Etxt.exe',
          reason: 'spam',
          note: 'hi\n2026-03-01T12:00:00.000Z  Admin reported Bob for harassment\n  id: 1\u001b[2J\u001b]0;owned\u0007\u009b31m\\n',
          created_at: new Date('2026-03-01T12:00:00Z'),
        })
        .execute();
      await handOver();

      await expectReportsListing(database, [
        '2026-03-01T12:00:00.000Z  (deleted account) reported Mallory\\u{202e}txt.exe for spam',
        '  note: hi\\n2026-03-01T12:00:00.000Z  Admin reported Bob for harassment\\n  id: 1\\u{1b}[2J\\u{1b}]0;owned\\u{7}\\u{9b}31m\\\\n',
        `  id: ${id}`,
        '1 open report. Close one with: npm run reports -- --close <id>',
      ]);
    });
  });
});
