import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { silentLogger, type Logger } from '../lib/log';
import { lockDataDir } from './dataDirLock';
import { postgresListener, type NotificationListener, type Unlisten } from './listener';
import { migrateToLatest } from './migrate';
import { pglitePool } from './pglitePool';
import { pgliteOptions } from './pgliteSettings';
import { openPgliteThread, type EmbeddedDatabase } from './pgliteThread';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The connections `db` runs on (one lent PGlite connection, or a pg pool). */
  pool: PostgresPool;
  /** LISTEN on a channel (the live bus): a dedicated Postgres connection, or PGlite's in-process one. */
  listen(channel: string, onPayload: NotificationListener): Promise<Unlisten>;
  close(): Promise<void>;
  /** Gives every later statement its deadline (the embedded database on its own thread only). */
  armDeadlines?(): void;
}

/** LISTEN through the pool's one lent connection, so it never lands inside another caller's transaction. */
function pgliteListen(pglite: Pick<EmbeddedDatabase, 'listen' | 'closed'>, pool: PostgresPool) {
  async function exclusively<T>(work: () => Promise<T>): Promise<T> {
    const connection = await pool.connect();
    try {
      return await work();
    } finally {
      connection.release();
    }
  }
  return async (channel: string, onPayload: NotificationListener): Promise<Unlisten> => {
    const unlisten = await exclusively(() => pglite.listen(channel, onPayload));
    return () => (pglite.closed ? Promise.resolve() : exclusively(() => unlisten()));
  };
}

export interface OpenOptions {
  /**
   * Run the embedded database on a worker thread with deadlines (pgliteThread.ts): the server's way.
   * `onWedged` hears when it stops answering altogether. Without it PGlite runs on the calling thread.
   */
  embeddedThread?: { onWedged(reason: string): void };
}

/**
 * A Postgres server when `url` is set, otherwise the embedded PGlite in `dataDir` (created if missing),
 * which this process then holds locked (dataDirLock.ts) until it closes it.
 * `log` hears of dropped Postgres connections (the pool's and the LISTEN one's).
 */
export async function openDatabase(config: DatabaseConfig, log: Logger = silentLogger, options: OpenOptions = {}): Promise<OpenDatabase> {
  if (config.url) {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection dropped by the server (a restart, a failover) must not crash the app: the
    // pool replaces it on the next query.
    pool.on('error', (error) => log.warn('a pooled Postgres connection was lost', { reason: error.message }));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listener = postgresListener(config.url, log);
    const close = async () => {
      await listener.close();
      await db.destroy();
    };
    return { db, kind: 'postgres', pool, listen: (channel, onPayload) => listener.listen(channel, onPayload), close };
  }
  const dataDir = resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let pglite: EmbeddedDatabase;
  try {
    pglite = options.embeddedThread ? await openPgliteThread(dataDir, options.embeddedThread) : await PGlite.create(pgliteOptions(dataDir));
  } catch (error) {
    unlock();
    throw error;
  }
  const pool = pglitePool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const armDeadlines = pglite.armDeadlines?.bind(pglite);
  return { db, kind: 'pglite', pool, listen: pgliteListen(pglite, pool), close: () => db.destroy().finally(unlock), ...(armDeadlines ? { armDeadlines } : {}) };
}

/** What the server runs on: the configured database, brought up to the newest migration. */
export async function openMigratedDatabase(config: DatabaseConfig, log: Logger = silentLogger, options: OpenOptions = {}): Promise<OpenDatabase & { applied: string[] }> {
  const opened = await openDatabase(config, log, options);
  try {
    const applied = await migrateToLatest(opened.db);
    opened.armDeadlines?.();
    return { ...opened, applied };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

export interface StartingDatabase {
  /** Usable at once: its first query waits until the database is open and migrated. */
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Settles when the database is open and migrated (rejects when it cannot be). */
  ready: Promise<{ applied: string[] }>;
  /** As OpenDatabase's: waits until the database is open. */
  listen(channel: string, onPayload: NotificationListener): Promise<Unlisten>;
  close(): Promise<void>;
}

/**
 * Opens and migrates the database in the background, so the server can listen at once: a fresh
 * embedded database takes seconds to create (PGlite runs initdb in WebAssembly), and nothing but the
 * members routes needs it. Their queries simply wait for it.
 */
export function openDatabaseInBackground(config: DatabaseConfig, log: Logger = silentLogger, options: OpenOptions = {}): StartingDatabase {
  const opening = openMigratedDatabase(config, log, options);
  // Kysely asks for its pool on the first query; the migrated database's own pool is handed over then.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => (await opening).pool }) });
  return {
    db,
    kind: config.url ? 'postgres' : 'pglite',
    ready: opening.then(({ applied }) => ({ applied })),
    listen: async (channel, onPayload) => (await opening).listen(channel, onPayload),
    // `db` shares the opened pool, so closing the opened database closes both.
    close: () => opening.then((opened) => opened.close(), () => undefined),
  };
}
