import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The live layer: messages between friends, who is connected to which app server, and
// Hot Takes debates between two members. Every write lands here first; servers tell each other only
// ids over LISTEN/NOTIFY and read the rows, so any number of them can share one database.

export const liveMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // bigserial: ids sort in the order the database stored them, which is the order of the conversation.
    await db.schema
      .createTable('messages')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('sender_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('recipient_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('delivered_at', 'timestamptz')
      .addColumn('read_at', 'timestamptz')
      // A retry with the same client id is the same message: stored once, delivered once.
      .addUniqueConstraint('messages_sender_client_key', ['sender_id', 'client_id'])
      .execute();
    await db.schema.createIndex('messages_pair_idx').on('messages').columns(['sender_id', 'recipient_id', 'id']).execute();
    await db.schema.createIndex('messages_unread_idx').on('messages').columns(['recipient_id', 'sender_id']).where(sql.ref('read_at'), 'is', null).execute();

    // One row per open socket: presence is "has a fresh row", so it holds across servers and a
    // crashed server's rows go stale (seen_at) instead of keeping its members online forever.
    await db.schema
      .createTable('live_connections')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('server_id', 'text', (col) => col.notNull())
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('connected_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('live_connections_member_idx').on('live_connections').columns(['member_id', 'seen_at']).execute();
    await db.schema.createIndex('live_connections_server_idx').on('live_connections').column('server_id').execute();

    // Members waiting for a Hot Takes opponent (one row each; matching takes a row out in a transaction).
    await db.schema
      .createTable('debate_queue')
      .addColumn('member_id', 'uuid', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
      .addColumn('community', 'text')
      .addColumn('joined_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('debates')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('member_a', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('member_b', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('prompt', 'text', (col) => col.notNull())
      .addColumn('take_a', 'text')
      .addColumn('take_b', 'text')
      .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('ended_at', 'timestamptz')
      .addColumn('ended_by', 'uuid')
      .execute();
    await db.schema.createIndex('debates_a_idx').on('debates').column('member_a').execute();
    await db.schema.createIndex('debates_b_idx').on('debates').column('member_b').execute();

    await db.schema
      .createTable('debate_messages')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('debate_id', 'uuid', (col) => col.notNull().references('debates.id').onDelete('cascade'))
      .addColumn('sender_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('debate_messages_sender_client_key', ['debate_id', 'sender_id', 'client_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('debate_messages').execute();
    await db.schema.dropTable('debates').execute();
    await db.schema.dropTable('debate_queue').execute();
    await db.schema.dropTable('live_connections').execute();
    await db.schema.dropTable('messages').execute();
  },
};
