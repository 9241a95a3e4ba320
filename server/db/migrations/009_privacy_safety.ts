import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// A member's 'Privacy and safety' settings (server/social/privacySafety.ts), one row once they save
// one (none means the defaults), gone with the account. messages.read_private marks a read that the
// reader's 'Send read receipts' kept to themselves: read_at still counts it read for them, and the
// sender is never shown it, even after the reader switches receipts back on.

export const privacySafetyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_safety')
      .addColumn('member_id', 'uuid', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
      .addColumn('friend_requests', 'text', (col) =>
        col.notNull().defaultTo('everyone').check(sql`friend_requests in ('everyone', 'friendsOfFriends', 'noOne')`),
      )
      .addColumn('send_read_receipts', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('send_typing', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();
    await db.schema.alterTable('messages').addColumn('read_private', 'boolean', (col) => col.notNull().defaultTo(false)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('messages').dropColumn('read_private').execute();
    await db.schema.dropTable('member_safety').execute();
  },
};
