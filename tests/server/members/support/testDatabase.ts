import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { migrateToLatest } from '../../../../server/db/migrate';
import { openDatabase, type OpenDatabase } from '../../../../server/db/open';
import type { Logger } from '../../../../server/lib/log';

// One fresh, migrated database per test file, on either engine: PGlite in a temp data directory,
// or a new database on the test Postgres server (dropped afterwards). Both are copies of the run's
// migrated templates (databaseGlobalSetup.ts); createPostgresDatabase and createDataDir give empty ones.

export const ALL_DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof ALL_DATABASE_KINDS)[number];

/**
 * The engines the HTTP-level members tests run on: both, unless TEST_DATABASES names some. The
 * mutation suite (vitest.mutation.config.ts) sets it to `postgres`, since each mutant re-runs every
 * covering file's setup and a fresh PGlite takes seconds where a Postgres database takes a fraction
 * of one; the engine-level tests (database.test.ts) keep both engines. See docs/testing.md.
 */
export const DATABASE_KINDS: readonly DatabaseKind[] = ((): readonly DatabaseKind[] => {
  const named = process.env.TEST_DATABASES?.split(',').map((kind) => kind.trim()).filter(Boolean);
  if (!named?.length) return ALL_DATABASE_KINDS;
  const unknown = named.filter((kind) => !(ALL_DATABASE_KINDS as readonly string[]).includes(kind));
  if (unknown.length) throw new Error(`TEST_DATABASES names unknown engines: ${unknown.join(', ')} (known: pglite, postgres)`);
  return ALL_DATABASE_KINDS.filter((kind) => named.includes(kind));
})();

export interface TestDatabase extends OpenDatabase {
  /** DATABASE_URL (postgres) or DATA_DIR (pglite) for starting a server process on it. */
  env: { DATABASE_URL?: string; DATA_DIR?: string };
  /** Closes and deletes the database. */
  dispose(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new Postgres database on the test server, empty or a copy of `template`; its URL and a way to drop it. */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mycelius_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function createDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mycelius-pglite-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A temp data directory holding a copy of the run's migrated embedded database: a server started on it migrates nothing. */
export function migratedDataDir(): { dir: string; remove: () => void } {
  const data = createDataDir();
  cpSync(inject('pgliteTemplateDir'), data.dir, { recursive: true });
  return data;
}

/** `log` hears what the database layer reports (a dropped Postgres connection); silent when not given. */
export async function openTestDatabase(kind: DatabaseKind, log?: Logger): Promise<TestDatabase> {
  if (kind === 'postgres') {
    const created = await createPostgresDatabase(inject('postgresTemplate'));
    return migrated(await openDatabase({ dataDir: '', url: created.url }, log), { DATABASE_URL: created.url }, created.drop);
  }
  const data = migratedDataDir();
  return migrated(await openDatabase({ dataDir: data.dir }, log), { DATA_DIR: data.dir }, data.remove);
}

async function migrated(opened: OpenDatabase, env: TestDatabase['env'], remove: () => void | Promise<void>): Promise<TestDatabase> {
  // Finds nothing to do on a copy of the run's template, and says so quickly: a cheap check that it is current.
  await migrateToLatest(opened.db);
  return {
    ...opened,
    env,
    async dispose() {
      await opened.close();
      await remove();
    },
  };
}

/** One test database for the describe block, open before its first test and disposed of after its last. */
export function openTestDatabaseAroundTests(kind: DatabaseKind, log?: Logger): { readonly database: TestDatabase } {
  const opened = {} as { database: TestDatabase };
  beforeAll(async () => {
    opened.database = await openTestDatabase(kind, log);
  }, 60_000);
  afterAll(async () => {
    await opened.database?.dispose();
  });
  return opened;
}

/** Empties every members table between tests (one database serves a whole file). */
export async function emptyTables(database: OpenDatabase): Promise<void> {
  // The moderation log keeps names, not members: it outlives them, as reports do.
  await database.db.deleteFrom('moderation_log').execute();
  await database.db.deleteFrom('profiles').execute();
  await database.db.deleteFrom('sessions').execute();
  await database.db.deleteFrom('members').execute();
  await database.db.deleteFrom('auth_attempts').execute();
  await database.db.deleteFrom('mail_queue').execute();
  await database.db.deleteFrom('passkey_challenges').execute();
}
