import type { DatabaseConfig } from '../config';
import { migrateToLatest } from './migrate';
import { openDatabase } from './open';

/**
 * What `npm run db:migrate` does (migrateCli.ts prints it): applies pending migrations to the
 * configured database, closes it, and returns the line that says what was applied where.
 */
export async function migrateConfiguredDatabase(database: DatabaseConfig): Promise<string> {
  const opened = await openDatabase(database);
  try {
    const applied = await migrateToLatest(opened.db);
    const where = opened.kind === 'postgres' ? 'the Postgres server at DATABASE_URL' : `the embedded database in ${database.dataDir}`;
    return applied.length > 0 ? `Applied ${applied.join(', ')} to ${where}.` : `Nothing to apply: ${where} is up to date.`;
  } finally {
    await opened.close();
  }
}
