import { Migrator } from 'kysely/migration';
import { expect } from 'vitest';
import { migrations } from '../../../server/db/migrations';
import { openDatabase, type OpenDatabase } from '../../../server/db/open';
import { createPostgresDatabase } from '../members/support/testDatabase';

/**
 * For testing what a migration does to rows written before it: a new, empty Postgres database migrated
 * up to `lastBefore` only, where `test` writes its rows and then calls `migrateRest` to apply the
 * migrations after it. The database is dropped afterwards.
 */
export async function withDatabaseMigratedTo(
  lastBefore: string,
  test: (db: OpenDatabase['db'], migrateRest: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const created = await createPostgresDatabase();
  const opened = await openDatabase({ dataDir: 'unused', url: created.url });
  try {
    const migrator = new Migrator({ db: opened.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo(lastBefore)).error).toBeUndefined();
    await test(opened.db, async () => {
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  } finally {
    await opened.close();
    await created.drop();
  }
}
