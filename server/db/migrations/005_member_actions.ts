import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// What a member did that is rate limited (friend requests sent, reports filed), kept for the limit's
// window. Friend requests are deleted when answered, so they cannot be counted themselves; and the
// count lives in the database so every app server on it counts the same.

export const memberActionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_actions')
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('acted_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('member_actions_member_idx').on('member_actions').columns(['member_id', 'action', 'acted_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('member_actions').execute();
  },
};
