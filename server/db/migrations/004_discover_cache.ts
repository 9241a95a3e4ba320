import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Discovery's caches, kept in the database so every app server behind a load balancer shares them.
// A ranking is one member's ordered candidates for one view (community and search); a pair score is
// a one-way (Gemini) score of two members, stored once per pair so both see the same number whoever
// asked first.
// Both are only trusted while younger than an hour and newer than every profile they were built from.

export const discoverCacheMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('discover_rankings')
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      // '' for everyone, else the community and the normalised search
      .addColumn('scope', 'text', (col) => col.notNull())
      .addColumn('computed_at', 'timestamptz', (col) => col.notNull())
      // true when any profile change (not only one of its candidates') may change the ranking
      .addColumn('open', 'boolean', (col) => col.notNull())
      .addColumn('entries', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('discover_rankings_pkey', ['member_id', 'scope'])
      .execute();

    await db.schema
      .createTable('discover_pair_scores')
      .addColumn('member_low', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('member_high', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('score', 'integer', (col) => col.notNull())
      .addColumn('computed_at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('discover_pair_scores_pkey', ['member_low', 'member_high'])
      .addCheckConstraint('discover_pair_scores_ordered', sql`member_low < member_high`)
      .execute();
    await db.schema.createIndex('discover_pair_scores_high_idx').on('discover_pair_scores').column('member_high').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('discover_pair_scores').execute();
    await db.schema.dropTable('discover_rankings').execute();
  },
};
