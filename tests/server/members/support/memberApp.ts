import type { Hono } from 'hono';
import { beforeEach } from 'vitest';
import { createApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { APP_ORIGIN } from './browser';
import { emptyTables, openTestDatabaseAroundTests, type DatabaseKind, type TestDatabase } from './testDatabase';

// The setup most members and social test files share: one database per file (PGlite or Postgres),
// emptied before each test, and the app made anew on it, so no test sees another's rows or limits.

export interface MemberApp {
  database: TestDatabase;
  app: Hono;
}

export interface MemberAppOptions {
  /** Settings beside PUBLIC_ORIGIN, read before each test (a fake's URL is known only once it listens). */
  env?: () => Record<string, string>;
  /** The members routes' clock; the real one when not given. */
  now?: () => number;
}

export function withMemberApp(kind: DatabaseKind, { env = () => ({}), now }: MemberAppOptions = {}): MemberApp {
  const opened = openTestDatabaseAroundTests(kind);
  const setup = {} as MemberApp;
  Object.defineProperty(setup, 'database', { get: () => opened.database });
  beforeEach(async () => {
    await emptyTables(setup.database);
    setup.app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, ...env() }), { members: { db: setup.database.db, now } });
  });
  return setup;
}
