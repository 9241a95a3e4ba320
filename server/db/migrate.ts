import type { Kysely } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import type { Database } from './schema';
import { migrations } from './migrations';

export class MigrationFailed extends Error {
  constructor(readonly migration: string | undefined, cause: unknown) {
    super(`Database migration ${migration ?? ''} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailed';
  }
}

/** Brings the schema up to the newest migration; returns the names applied now (none when current). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new MigrationFailed(failed?.migrationName, result.error);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
