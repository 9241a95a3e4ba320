import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator, NO_MIGRATIONS } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations';
import { migrateConfiguredDatabase } from '../../../server/db/migrateCommand';
import { openDatabase, openDatabaseInBackground, openMigratedDatabase } from '../../../server/db/open';
import { pglitePool } from '../../../server/db/pglitePool';
import type { Database } from '../../../server/db/schema';
import { ALL_DATABASE_KINDS, createDataDir, createPostgresDatabase, openTestDatabase, openTestDatabaseAroundTests, type TestDatabase } from './support/testDatabase';

const ALL_TABLES = [
  'auth_attempts',
  'blocks',
  'conversation_mutes',
  'debate_messages',
  'debate_queue',
  'debates',
  'discover_generation',
  'discover_pair_scores',
  'discover_rankings',
  'email_changes',
  'friend_requests',
  'friendships',
  'game_results',
  'game_sessions',
  'kysely_migration',
  'kysely_migration_lock',
  'live_connections',
  'mail_queue',
  'member_actions',
  'member_interests',
  'member_safety',
  'member_suspensions',
  'members',
  'messages',
  'moderation_log',
  'operators',
  'passkey_challenges',
  'passkeys',
  'password_resets',
  'profiles',
  'report_evidence',
  'reports',
  'server_secrets',
  'sessions',
];
const ALL_MIGRATIONS = ['001_members', '002_login_failures', '003_social', '004_discover_cache', '005_member_actions', '006_live', '007_game_sessions', '008_login_throttle_skeletons', '009_privacy_safety', '010_mute_and_receipts_view', '011_report_evidence', '012_operators', '013_mail_and_password_resets', '014_session_devices', '015_passkeys', '017_email_changes', '020_search_trigrams', '021_interest_counts', '022_discover_generation'];

/** Sessions open on a Postgres database, seen from another database on the same server. */
async function sessionsOn(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ count: string }>('select count(*) from pg_stat_activity where datname = $1', [new URL(url).pathname.slice(1)]);
    return Number(rows[0]?.count);
  } finally {
    await admin.end();
  }
}

/** Listens on channel `chat`, notifies `payload` on it and waits until the listener has heard exactly that. */
async function expectToHearItsOwn(
  database: { db: Kysely<Database>; listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> },
  payload: string,
): Promise<{ heard: string[]; stop: () => Promise<void> }> {
  const heard: string[] = [];
  const stop = await database.listen('chat', (payload) => heard.push(payload));
  await sql`select pg_notify('chat', ${payload})`.execute(database.db);
  await expect.poll(() => heard).toEqual([payload]);
  return { heard, stop };
}

/** Runs `work` on a new empty Postgres database, dropped afterwards whatever happens. */
async function onNewPostgresDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const created = await createPostgresDatabase();
  try {
    await work(created.url);
  } finally {
    await created.drop();
  }
}

/** An open Postgres database hears its own notification, and closing it ends every session it had. */
async function expectToListenAndEndEverySessionOnClose(opened: Parameters<typeof expectToHearItsOwn>[0] & { close(): Promise<void> }, url: string) {
  await expectToHearItsOwn(opened, 'hello');
  await opened.close();
  await expect.poll(() => sessionsOn(url)).toBe(0);
}

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

  it('refuses a query on a connection after it was released', async () => {
    const connection = await pglitePool(pglite).connect();
    expect((await connection.query('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
    connection.release();
    await expect(connection.query('select 1 as one', [])).rejects.toThrow('This PGlite connection was already released.');
  });

  it('reports affected rows for writes', async () => {
    const result = await db.updateTable('counters').set({ value: 0 }).execute();
    expect(result[0]?.numUpdatedRows).toBe(3n);
  });
});

describe.each(ALL_DATABASE_KINDS)('migrations on %s', (kind) => {
  const opened = openTestDatabaseAroundTests(kind);

  it('creates the members tables once; running again applies nothing', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(opened.database.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(ALL_TABLES);
    expect(await migrateToLatest(opened.database.db)).toEqual([]);
  });

  it('enforces unique usernames case-insensitively in the database itself', async () => {
    const values = (id: string, username: string, email: string) => ({ id, username, email, password_hash: 'x' });
    const { db } = opened.database;
    await db.insertInto('members').values(values('00000000-0000-4000-8000-000000000001', 'Kim', 'kim@example.com')).execute();
    await expect(
      db.insertInto('members').values(values('00000000-0000-4000-8000-000000000002', 'KIM', 'kim2@example.com')).execute(),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.insertInto('members').values(values('00000000-0000-4000-8000-000000000003', 'Lee', 'kim@example.com')).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('the Postgres server pool', () => {
  let database: TestDatabase | undefined;
  // The server's logger: a dropped connection is a warning there, with the server's reason.
  const warnings = vi.fn<(msg: string, fields?: Record<string, unknown>) => void>();
  const log = { debug: () => {}, info: () => {}, warn: warnings, error: () => {} };
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps answering after the server drops its idle connections', async () => {
    const opened = await openTestDatabase('postgres', log);
    database = opened;
    await Promise.all([1, 2, 3].map(() => opened.db.selectFrom('members').select('id').execute()));
    const url = opened.env.DATABASE_URL ?? '';
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
    expect(await opened.db.selectFrom('members').select('id').execute()).toEqual([]);
  });
});

describe('opening the configured database', () => {
  it('opens Postgres when DATABASE_URL is set: it listens, and closing it ends every session', async () => {
    await onNewPostgresDatabase(async (url) => {
      const opened = await openDatabase({ dataDir: 'unused', url });
      expect(opened.kind).toBe('postgres');
      await expectToListenAndEndEverySessionOnClose(opened, url);
    });
  });

  it('opens the embedded database in DATA_DIR in the background: queries wait for it, it migrates, listens and stops listening, and keeps its files', async () => {
    const data = createDataDir();
    try {
      const starting = openDatabaseInBackground({ dataDir: data.dir });
      expect(starting.kind).toBe('pglite');
      expect(await starting.db.selectFrom('members').select('id').execute()).toEqual([]);
      expect(await starting.ready).toEqual({ applied: ALL_MIGRATIONS });
      const { heard, stop } = await expectToHearItsOwn(starting, 'first');
      await stop();
      await sql`select pg_notify('chat', 'second')`.execute(starting.db);
      await sql`select 1`.execute(starting.db);
      expect(heard).toEqual(['first']);
      await starting.close();

      const reopened = await openMigratedDatabase({ dataDir: data.dir });
      expect(reopened.kind).toBe('pglite');
      expect(reopened.applied).toEqual([]);
      await reopened.close();
    } finally {
      data.remove();
    }
  }, 60_000);

  it("runs the server's embedded database with 16 MB of shared buffers, 4 MB of work memory and 16 MB for maintenance, on a fresh DATA_DIR and again on its restart", async () => {
    const data = createDataDir();
    const onWedged = vi.fn();
    const settingsOf = async (opened: { db: Kysely<Database> }) => {
      const { rows } = await sql<{ name: string; setting: string }>`select name, current_setting(name) as setting from unnest(array['shared_buffers', 'work_mem', 'maintenance_work_mem']) as name order by name`.execute(opened.db);
      return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
    };
    const expected = { maintenance_work_mem: '16MB', shared_buffers: '16MB', work_mem: '4MB' };
    try {
      const fresh = await openMigratedDatabase({ dataDir: data.dir }, undefined, { embeddedThread: { onWedged } });
      expect(fresh.applied).toEqual(ALL_MIGRATIONS);
      expect(await settingsOf(fresh)).toEqual(expected);
      await fresh.close();
      const restarted = await openMigratedDatabase({ dataDir: data.dir }, undefined, { embeddedThread: { onWedged } });
      expect(restarted.applied).toEqual([]);
      expect(await settingsOf(restarted)).toEqual(expected);
      await restarted.close();
      expect(onWedged).not.toHaveBeenCalled();
    } finally {
      data.remove();
    }
  }, 120_000);

  it('opens Postgres in the background: the engine is known at once, it migrates, listens, and closing it ends every session', async () => {
    await onNewPostgresDatabase(async (url) => {
      const starting = openDatabaseInBackground({ dataDir: 'unused', url });
      expect(starting.kind).toBe('postgres');
      expect(await starting.ready).toEqual({ applied: ALL_MIGRATIONS });
      await expectToListenAndEndEverySessionOnClose(starting, url);
    });
  });

  it('closes cleanly in the background when the Postgres database cannot be opened', async () => {
    const created = await createPostgresDatabase();
    await created.drop();
    const starting = openDatabaseInBackground({ dataDir: 'unused', url: created.url });
    expect(starting.kind).toBe('postgres');
    await expect(starting.ready).rejects.toThrow(/does not exist/);
    await expect(starting.close()).resolves.toBeUndefined();
  });

  it('names the migration that failed and closes the database again', async () => {
    await onNewPostgresDatabase(async (url) => {
      const raw = new pg.Client({ connectionString: url });
      await raw.connect();
      await raw.query('create table members (id int)');
      await raw.end();
      const failure = openMigratedDatabase({ dataDir: 'unused', url });
      await expect(failure).rejects.toThrow('Database migration 001_members failed: relation "members" already exists');
      await expect(failure).rejects.toMatchObject({ name: 'MigrationFailed', migration: '001_members' });
      await expect.poll(() => sessionsOn(url)).toBe(0);
    });
  });
});

describe.each(ALL_DATABASE_KINDS)('npm run db:migrate on %s', (kind) => {
  it('applies every migration to a new database, then nothing, and says where', async () => {
    if (kind === 'postgres') {
      await onNewPostgresDatabase(async (url) => {
        const config = { dataDir: 'unused', url };
        expect(await migrateConfiguredDatabase(config)).toBe(
          'Applied 001_members, 002_login_failures, 003_social, 004_discover_cache, 005_member_actions, 006_live, 007_game_sessions, 008_login_throttle_skeletons, 009_privacy_safety, 010_mute_and_receipts_view, 011_report_evidence, 012_operators, 013_mail_and_password_resets, 014_session_devices, 015_passkeys, 017_email_changes, 020_search_trigrams, 021_interest_counts, 022_discover_generation to the Postgres server at DATABASE_URL.',
        );
        await expect.poll(() => sessionsOn(url)).toBe(0);
        expect(await migrateConfiguredDatabase(config)).toBe('Nothing to apply: the Postgres server at DATABASE_URL is up to date.');
      });
      return;
    }
    const data = createDataDir();
    try {
      expect(await migrateConfiguredDatabase({ dataDir: data.dir })).toBe(
        `Applied 001_members, 002_login_failures, 003_social, 004_discover_cache, 005_member_actions, 006_live, 007_game_sessions, 008_login_throttle_skeletons, 009_privacy_safety, 010_mute_and_receipts_view, 011_report_evidence, 012_operators, 013_mail_and_password_resets, 014_session_devices, 015_passkeys, 017_email_changes, 020_search_trigrams, 021_interest_counts, 022_discover_generation to the embedded database in ${data.dir}.`,
      );
      expect(await migrateConfiguredDatabase({ dataDir: data.dir })).toBe(`Nothing to apply: the embedded database in ${data.dir} is up to date.`);
    } finally {
      data.remove();
    }
  }, 60_000);
});

describe('the schema, migrated inside each test', () => {
  const ALICE = '00000000-0000-4000-8000-00000000000a';
  const BOB = '00000000-0000-4000-8000-00000000000b';

  async function withFreshDatabase(work: (db: Kysely<Database>) => Promise<void>): Promise<void> {
    await onNewPostgresDatabase(async (url) => {
      const opened = await openDatabase({ dataDir: 'unused', url });
      try {
        await work(opened.db);
      } finally {
        await opened.close();
      }
    });
  }

  async function tables(db: Kysely<Database>): Promise<string[]> {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(db);
    return rows.map((r) => r.table_name);
  }

  async function twoMembers(db: Kysely<Database>): Promise<void> {
    await db
      .insertInto('members')
      .values([
        { id: ALICE, username: 'Alice', email: 'alice@example.com', password_hash: 'x' },
        { id: BOB, username: 'Bob', email: 'bob@example.com', password_hash: 'x' },
      ])
      .execute();
  }

  it('creates every table, and every migration undoes itself down to an empty schema', async () => {
    await withFreshDatabase(async (db) => {
      await migrateToLatest(db);
      expect(await tables(db)).toEqual(ALL_TABLES);
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([
        ['022_discover_generation', 'Down', 'Success'],
        ['021_interest_counts', 'Down', 'Success'],
        ['020_search_trigrams', 'Down', 'Success'],
        ['017_email_changes', 'Down', 'Success'],
        ['015_passkeys', 'Down', 'Success'],
        ['014_session_devices', 'Down', 'Success'],
        ['013_mail_and_password_resets', 'Down', 'Success'],
        ['012_operators', 'Down', 'Success'],
        ['011_report_evidence', 'Down', 'Success'],
        ['010_mute_and_receipts_view', 'Down', 'Success'],
        ['009_privacy_safety', 'Down', 'Success'],
        ['008_login_throttle_skeletons', 'Down', 'Success'],
        ['007_game_sessions', 'Down', 'Success'],
        ['006_live', 'Down', 'Success'],
        ['005_member_actions', 'Down', 'Success'],
        ['004_discover_cache', 'Down', 'Success'],
        ['003_social', 'Down', 'Success'],
        ['002_login_failures', 'Down', 'Success'],
        ['001_members', 'Down', 'Success'],
      ]);
      expect(await tables(db)).toEqual(['kysely_migration', 'kysely_migration_lock']);
    });
  });

  it('gives a new profile public visibility with online status shown, and a report an empty note, open', async () => {
    await withFreshDatabase(async (db) => {
      await migrateToLatest(db);
      await twoMembers(db);
      await db.insertInto('profiles').values({ member_id: ALICE, data: '{}', updated_at: 1 }).execute();
      expect(await db.selectFrom('profiles').select(['visibility', 'show_online']).execute()).toEqual([{ visibility: 'public', show_online: true }]);
      await db.insertInto('reports').values({ id: '00000000-0000-4000-8000-0000000000c1', reporter_id: ALICE, reported_id: BOB, reported_username: 'Bob', reason: 'spam' }).execute();
      expect(await db.selectFrom('reports').select(['note', 'status']).execute()).toEqual([{ note: '', status: 'open' }]);
    });
  });

  it('refuses a second request for one pair, a friendship or pair score stored the wrong way round, and a client id used twice, each by its named constraint', async () => {
    await withFreshDatabase(async (db) => {
      await migrateToLatest(db);
      await twoMembers(db);
      const request = (id: string) => db.insertInto('friend_requests').values({ id, from_id: ALICE, to_id: BOB }).execute();
      await request('00000000-0000-4000-8000-0000000000d1');
      await expect(request('00000000-0000-4000-8000-0000000000d2')).rejects.toMatchObject({ code: '23505', constraint: 'friend_requests_pair_key' });
      await expect(db.insertInto('friendships').values({ member_a: BOB, member_b: ALICE }).execute()).rejects.toMatchObject({
        code: '23514',
        constraint: 'friendships_ordered',
      });
      await expect(
        db.insertInto('discover_pair_scores').values({ member_low: BOB, member_high: ALICE, score: 1, computed_at: new Date(0) }).execute(),
      ).rejects.toMatchObject({ code: '23514', constraint: 'discover_pair_scores_ordered' });

      const message = () => db.insertInto('messages').values({ sender_id: ALICE, recipient_id: BOB, client_id: 'c-1', text: 'hi' }).execute();
      await message();
      await expect(message()).rejects.toMatchObject({ code: '23505', constraint: 'messages_sender_client_key' });

      const debate = '00000000-0000-4000-8000-0000000000e1';
      await db.insertInto('debates').values({ id: debate, member_a: ALICE, member_b: BOB, prompt: 'Tabs or spaces?' }).execute();
      const debateMessage = () => db.insertInto('debate_messages').values({ debate_id: debate, sender_id: ALICE, client_id: 'c-1', text: 'tabs' }).execute();
      await debateMessage();
      await expect(debateMessage()).rejects.toMatchObject({ code: '23505', constraint: 'debate_messages_sender_client_key' });
    });
  });
});
