import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Mail waits in mail_queue until it is delivered (server/mail/queue.ts): a request never waits on
// SMTP, a failed delivery is tried again later, and a message queued before a crash is still sent
// by whichever server starts next. password_resets holds only the sha-256 of each reset link's
// token, so reading the table gives nobody a working link.

export const mailAndPasswordResetsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_queue')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text_body', 'text', (col) => col.notNull())
      .addColumn('html_body', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('sent_at', 'timestamptz')
      .addColumn('given_up_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').column('next_attempt_at').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('password_resets_member_idx').on('password_resets').column('member_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('password_resets').execute();
    await db.schema.dropTable('mail_queue').execute();
  },
};
