import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// A member's new email waits in email_changes until the link sent to it is opened: the account's
// address changes only once the new mailbox has shown it is theirs. Only the sha-256 of each link's
// token is kept, so reading the table gives nobody a working link.

export const emailChangesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('email_changes')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('new_email', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('email_changes_member_idx').on('email_changes').column('member_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('email_changes').execute();
  },
};
