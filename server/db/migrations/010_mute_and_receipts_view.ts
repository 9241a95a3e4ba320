import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// 'Show read receipts from others' (member_safety.show_read_receipts, on unless switched off): read
// wherever a read would reach the member, so a member who switched it off is never told of one.
// conversation_mutes: one row while a member keeps a conversation muted (server/live/mutes.ts), kept on
// the server so it holds on every device; gone with either account.

export const muteAndReceiptsViewMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('member_safety').addColumn('show_read_receipts', 'boolean', (col) => col.notNull().defaultTo(true)).execute();
    await db.schema
      .createTable('conversation_mutes')
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('other_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('muted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('conversation_mutes_pk', ['member_id', 'other_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('conversation_mutes').execute();
    await db.schema.alterTable('member_safety').dropColumn('show_read_receipts').execute();
  },
};
