import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Moderation (server/moderation/*). operators: members who may use the console, granted and revoked
// only on the command line (`npm run operator`). member_suspensions: one row while a member is
// suspended (until null: permanently); the row stays after its end until the member logs in again, so
// a suspended member stays out of everyone's lists until they come back. moderation_log: every
// operator action with who, what, when and why; the names are copied in, so an entry still reads
// after either account is deleted.

export const operatorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operators')
      .addColumn('member_id', 'uuid', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
      .addColumn('granted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('member_suspensions')
      .addColumn('member_id', 'uuid', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
      .addColumn('until', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('moderation_log')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('operator_id', 'uuid', (col) => col.references('members.id').onDelete('set null'))
      .addColumn('operator_username', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('dismiss', 'suspend', 'lift', 'delete')`))
      .addColumn('target_id', 'uuid')
      .addColumn('target_username', 'text', (col) => col.notNull())
      .addColumn('report_id', 'uuid')
      .addColumn('length', 'text', (col) => col.check(sql`length in ('1d', '7d', 'permanent')`))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('moderation_log_created_idx').on('moderation_log').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('reports_reported_idx').on('reports').columns(['reported_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('reports_reported_idx').execute();
    await db.schema.dropTable('moderation_log').execute();
    await db.schema.dropTable('member_suspensions').execute();
    await db.schema.dropTable('operators').execute();
  },
};
