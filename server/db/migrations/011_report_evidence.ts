import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// What a report is about, copied when it is filed: the reported message (position 0) and up to ten
// lines before it (1 is the one just before), both sides of the conversation or debate. Copies, not
// references, so the evidence outlives edits, deletions and both members' accounts; it goes only
// with its report. reports.source says where the report was made.

export const reportEvidenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('reports')
      .addColumn('source', 'text', (col) =>
        col.notNull().defaultTo('profile').check(sql`source in ('profile', 'message', 'friendRequest', 'debate')`),
      )
      .execute();
    // reports.id is a uuid, so the reference is one too (Postgres refuses a text key to a uuid).
    await db.schema
      .createTable('report_evidence')
      .addColumn('report_id', 'uuid', (col) => col.notNull().references('reports.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull().check(sql`position between 0 and 10`))
      .addColumn('sender_username', 'text', (col) => col.notNull())
      .addColumn('from_reported', 'boolean', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('report_evidence_pkey', ['report_id', 'position'])
      .execute();
    // Conversations are everyone a member has written with (server/live/messages.ts listConversations):
    // who wrote to them is found from this index, as whom they wrote to is from messages_pair_idx.
    await db.schema.createIndex('messages_recipient_pair_idx').on('messages').columns(['recipient_id', 'sender_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('messages_recipient_pair_idx').execute();
    await db.schema.dropTable('report_evidence').execute();
    await db.schema.alterTable('reports').dropColumn('source').execute();
  },
};
