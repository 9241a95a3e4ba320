import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Failed log-ins, kept for the throttle's 15-minute window. In the database rather than in one
// process's memory, so every app server sharing the database counts the same failures and a
// restart does not wipe an attacker's count.

export const loginFailuresMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_failures')
      .addColumn('username_key', 'text', (col) => col.notNull())
      .addColumn('client_key', 'text', (col) => col.notNull())
      .addColumn('failed_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('login_failures_username_idx').on('login_failures').columns(['username_key', 'failed_at']).execute();
    await db.schema.createIndex('login_failures_client_idx').on('login_failures').columns(['client_key', 'failed_at']).execute();
    await db.schema.createIndex('login_failures_failed_at_idx').on('login_failures').column('failed_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('login_failures').execute();
  },
};
