import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Members, their sessions and their profiles. Deleting a member removes every row of theirs
// (ON DELETE CASCADE), which is what DELETE /api/me promises.

export const membersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('members')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('members_username_lower_key')
      .on('members')
      .unique()
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- a migration is history: it keeps the call it shipped with
      .expression(sql`lower(username)`)
      .execute();
    await db.schema.createIndex('members_email_key').on('members').unique().column('email').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('sessions_member_id_idx').on('sessions').column('member_id').execute();

    await db.schema
      .createTable('profiles')
      .addColumn('member_id', 'uuid', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
      .addColumn('data', 'jsonb', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('profiles').execute();
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('members').execute();
  },
};
