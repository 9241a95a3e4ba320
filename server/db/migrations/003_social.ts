import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Where members meet: what each profile says in a form SQL can prune by, privacy, friend requests,
// friendships, blocks, reports and game results. Every row of a deleted member goes with them
// (ON DELETE CASCADE) except reports, which operators keep with the reported name.

export const socialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('profiles')
      .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('public'))
      .addColumn('show_online', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('communities', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
      // Server time of the last change to anything discover ranks by: rankings computed before it are stale.
      .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('profiles_communities_gin').on('profiles').using('gin').column('communities').execute();
    await db.schema.createIndex('profiles_changed_at_idx').on('profiles').column('changed_at').execute();

    // One row per item a profile lists, normalised (trimmed, lower-cased), for candidate pruning.
    await db.schema
      .createTable('member_interests')
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('item_key', 'text', (col) => col.notNull())
      .addColumn('item', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('member_interests_pkey', ['member_id', 'category', 'item_key'])
      .execute();
    await db.schema.createIndex('member_interests_item_idx').on('member_interests').columns(['item_key', 'member_id']).execute();

    // Pending requests only: accepting turns one into a friendship, declining or cancelling deletes it.
    await db.schema
      .createTable('friend_requests')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('from_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('to_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('friend_requests_pair_key', ['from_id', 'to_id'])
      .execute();
    await db.schema.createIndex('friend_requests_to_idx').on('friend_requests').column('to_id').execute();

    // One row per pair, the smaller id first, so a friendship cannot exist twice or one-sided.
    await db.schema
      .createTable('friendships')
      .addColumn('member_a', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('member_b', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('friendships_pkey', ['member_a', 'member_b'])
      .addCheckConstraint('friendships_ordered', sql`member_a < member_b`)
      .execute();
    await db.schema.createIndex('friendships_b_idx').on('friendships').column('member_b').execute();

    await db.schema
      .createTable('blocks')
      .addColumn('blocker_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('blocked_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('blocks_pkey', ['blocker_id', 'blocked_id'])
      .execute();
    await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();

    await db.schema
      .createTable('reports')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('reporter_id', 'uuid', (col) => col.references('members.id').onDelete('set null'))
      .addColumn('reported_id', 'uuid', (col) => col.references('members.id').onDelete('set null'))
      .addColumn('reported_username', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'created_at']).execute();

    await db.schema
      .createTable('game_results')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('game', 'text', (col) => col.notNull())
      .addColumn('won', 'boolean', (col) => col.notNull())
      .addColumn('points', 'integer', (col) => col.notNull())
      .addColumn('message_count', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('game_results_member_idx').on('game_results').columns(['member_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['game_results', 'reports', 'blocks', 'friendships', 'friend_requests', 'member_interests']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable('profiles').dropColumn('changed_at').dropColumn('communities').dropColumn('show_online').dropColumn('visibility').execute();
  },
};
