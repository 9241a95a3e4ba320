import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate';
import { pglitePool } from '../../../server/db/pglitePool';
import { ALL_DATABASE_KINDS, openTestDatabase, type TestDatabase } from './support/testDatabase';

// The query layer itself: PGlite's single connection lent to one transaction at a time, and the
// migrations on both engines.

interface CounterDb {
  counters: { name: string; value: number };
}

describe('the PGlite pool adapter', () => {
  let pglite: PGlite;
  let db: Kysely<CounterDb>;

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = new Kysely<CounterDb>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
    await sql`create table counters (name text primary key, value int not null)`.execute(db);
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
    expect(pglite.closed).toBe(true);
  });

  it('runs concurrent transactions one after another, so none sees or undoes another', async () => {
    await db.insertInto('counters').values({ name: 'hits', value: 0 }).execute();
    // Each transaction reads, yields to the event loop, then writes: interleaved on one shared
    // connection they would lose updates, and a rollback would undo the others' work.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('counters').select('value').where('name', '=', 'hits').executeTakeFirstOrThrow();
          await new Promise((resolve) => setImmediate(resolve));
          await trx.updateTable('counters').set({ value: row.value + 1 }).where('name', '=', 'hits').execute();
          if (i % 5 === 4) throw new Error('roll this one back');
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(4);
    const { value } = await db.selectFrom('counters').select('value').where('name', '=', 'hits').executeTakeFirstOrThrow();
    expect(value).toBe(16);
  });

  it('keeps plain queries outside a transaction from landing inside it', async () => {
    await db.insertInto('counters').values({ name: 'outside', value: 1 }).execute();
    const inside = db.transaction().execute(async (trx) => {
      await trx.updateTable('counters').set({ value: 2 }).where('name', '=', 'outside').execute();
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('undo the update');
    });
    const meanwhile = db.insertInto('counters').values({ name: 'meanwhile', value: 3 }).execute();
    await expect(inside).rejects.toThrow('undo the update');
    await meanwhile;
    const rows = await db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ['outside', 'meanwhile']).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'meanwhile', value: 3 },
      { name: 'outside', value: 1 },
    ]);
  });

  it('reports affected rows for writes', async () => {
    const result = await db.updateTable('counters').set({ value: 0 }).execute();
    expect(result[0]?.numUpdatedRows).toBe(3n);
  });
});

describe.each(ALL_DATABASE_KINDS)('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('creates the members tables once; running again applies nothing', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(database.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'blocks',
      'debate_messages',
      'debate_queue',
      'debates',
      'discover_pair_scores',
      'discover_rankings',
      'friend_requests',
      'friendships',
      'game_results',
      'kysely_migration',
      'kysely_migration_lock',
      'live_connections',
      'login_failures',
      'member_actions',
      'member_interests',
      'members',
      'messages',
      'profiles',
      'reports',
      'sessions',
    ]);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('enforces unique usernames case-insensitively in the database itself', async () => {
    const values = (id: string, username: string, email: string) => ({ id, username, email, password_hash: 'x' });
    await database.db.insertInto('members').values(values('00000000-0000-4000-8000-000000000001', 'Kim', 'kim@example.com')).execute();
    await expect(
      database.db.insertInto('members').values(values('00000000-0000-4000-8000-000000000002', 'KIM', 'kim2@example.com')).execute(),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      database.db.insertInto('members').values(values('00000000-0000-4000-8000-000000000003', 'Lee', 'kim@example.com')).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('the Postgres server pool', () => {
  let database: TestDatabase;
  // The server's logger: a dropped connection is a warning there, with the server's reason.
  const warnings = vi.fn<(msg: string, fields?: Record<string, unknown>) => void>();
  const log = { debug: () => {}, info: () => {}, warn: warnings, error: () => {} };
  beforeAll(async () => {
    database = await openTestDatabase('postgres', log);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps answering after the server drops its idle connections', async () => {
    warnings.mockClear();
    await Promise.all([1, 2, 3].map(() => database.db.selectFrom('members').select('id').execute()));
    const url = database.env.DATABASE_URL ?? '';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const dropped = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(dropped.rowCount).toBeGreaterThan(0);
    // Each dropped idle connection is reported once and leaves the pool; then queries work again.
    await vi.waitFor(() => expect(warnings).toHaveBeenCalledTimes(dropped.rowCount ?? 0));
    expect(warnings).toHaveBeenCalledWith('a pooled Postgres connection was lost', { reason: 'terminating connection due to administrator command' });
    expect(await database.db.selectFrom('members').select('id').execute()).toEqual([]);
  });
});
