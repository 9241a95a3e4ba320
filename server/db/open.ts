import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { migrateToLatest } from './migrate';
import { pglitePool } from './pglitePool';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** A Postgres server when `url` is set, otherwise the embedded PGlite in `dataDir` (created if missing). */
export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  if (config.url) {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection dropped by the server (a restart, a failover) must not crash the app: the
    // pool replaces it on the next query.
    pool.on('error', (error) => console.error(`Postgres connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** What the server runs on: the configured database, brought up to the newest migration. */
export async function openMigratedDatabase(config: DatabaseConfig): Promise<OpenDatabase & { applied: string[] }> {
  const opened = await openDatabase(config);
  try {
    return { ...opened, applied: await migrateToLatest(opened.db) };
  } catch (error) {
    await opened.close();
    throw error;
  }
}
