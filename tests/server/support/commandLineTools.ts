import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { bundled } from '../../support/serverBundle';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from '../members/support/testDatabase';

const run = promisify(execFile);

/** What a command-line tool printed, and how it exited. */
export interface ToolOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run reports` or `npm run operator` as an operator does beside the server: a separate process
 * on the test database's DATABASE_URL or DATA_DIR (never the ones this test run was started with), as the
 * OS user `user`, whom the moderation log names. Rejects, with the exit code and output, when it exits non-zero.
 */
export function runTool(name: 'reports' | 'operator', database: Pick<TestDatabase, 'env'>, args: readonly string[] = [], user = 'olga-shell') {
  const { DATABASE_URL: _url, DATA_DIR: _dir, USER: _user, LOGNAME: _logname, ...inherited } = process.env;
  return run(process.execPath, [bundled(name), ...args], { env: { ...inherited, ...database.env, USER: user } });
}

/** `npm run reports` prints exactly these lines, each ended by a newline. */
export async function expectReportsListing(database: Pick<TestDatabase, 'env'>, lines: readonly string[]): Promise<void> {
  expect((await runTool('reports', database)).stdout).toBe(lines.map((line) => `${line}\n`).join(''));
}

/** The exit code and output of a tool's run, whether it succeeded or not. */
export async function outcomeOf(running: Promise<{ stdout: string; stderr: string }>): Promise<ToolOutcome> {
  try {
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as ToolOutcome;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * A fresh test database for one test of a command-line tool, disposed of afterwards. `test` writes its rows
 * and calls `handOver` before it runs the tool: the embedded database is one process's at a time, so on
 * PGlite the test's own connection closes first.
 */
export async function withDatabaseForTool(kind: DatabaseKind, test: (database: TestDatabase, handOver: () => Promise<void>) => Promise<void>): Promise<void> {
  const database = await openTestDatabase(kind);
  try {
    await test(database, async () => {
      if (kind === 'pglite') await database.close();
    });
  } finally {
    await database.dispose();
  }
}
