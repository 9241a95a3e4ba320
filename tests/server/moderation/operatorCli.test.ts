import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type TestDatabase } from '../members/support/testDatabase';
import { outcomeOf, runTool, withDatabaseForTool, type ToolOutcome } from '../support/commandLineTools';

// `npm run operator -- --grant <username>` / `--revoke <username>` is the only way to give or take the
// role: it works on the configured database, says what it did, and exits non-zero for an unknown
// name or arguments it cannot read.

const operator = (database: Pick<TestDatabase, 'env'>, args: string[]): Promise<ToolOutcome> => outcomeOf(runTool('operator', database, args));

const USAGE = 'Usage: npm run operator -- --grant <username>   or   npm run operator -- --revoke <username>\n';

describe('npm run operator', () => {
  it('refuses arguments it cannot read with its usage, before it opens any database', async () => {
    // A database folder that does not exist: reading it would fail with another message.
    const nowhere = { env: { DATA_DIR: '/nonexistent/mycelius-data' } };
    const argumentLists = [[], ['--grant'], ['--grant', ''], ['--grant', 'Olga', '--revoke', 'Olga'], ['--promote', 'Olga'], ['Olga']];
    const answers = await Promise.all(argumentLists.map((args) => operator(nowhere, args)));
    for (const [index, answer] of answers.entries()) expect(answer, argumentLists[index]!.join(' ')).toEqual({ code: 2, stdout: '', stderr: USAGE });
  });
});

describe.each(DATABASE_KINDS)('npm run operator on %s', (kind) => {
  it('grants, refuses twice, revokes, and refuses unknown names', { timeout: 180_000 }, async () => {
    await withDatabaseForTool(kind, async (database, handOver) => {
      const id = randomUUID();
      await database.db.insertInto('members').values({ id, username: 'Olga', email: 'olga@example.com', password_hash: 'x' }).execute();
      await handOver();
      const operators = async () => {
        if (kind === 'pglite') return undefined;
        return (await database.db.selectFrom('operators').select('member_id').execute()).map((row) => row.member_id);
      };

      expect(await operator(database, ['--grant', 'olga'])).toEqual({ code: 0, stdout: 'Olga is now an operator.\n', stderr: '' });
      if (kind === 'postgres') expect(await operators()).toEqual([id]);
      expect(await operator(database, ['--grant', 'Olga'])).toEqual({ code: 0, stdout: 'Olga was already an operator.\n', stderr: '' });
      expect(await operator(database, ['--grant', 'Nobody\u001b[2J'])).toEqual({ code: 1, stdout: '', stderr: 'No member has the username Nobody\\u{1b}[2J.\n' });
      expect(await operator(database, ['--revoke', 'Olga'])).toEqual({ code: 0, stdout: 'Olga is no longer an operator.\n', stderr: '' });
      if (kind === 'postgres') expect(await operators()).toEqual([]);
      expect(await operator(database, ['--revoke', 'Olga'])).toEqual({ code: 0, stdout: 'Olga was not an operator.\n', stderr: '' });
      expect(await operator(database, ['--revoke', 'Ghost'])).toEqual({ code: 1, stdout: '', stderr: 'No member has the username Ghost.\n' });
    });
  });
});
