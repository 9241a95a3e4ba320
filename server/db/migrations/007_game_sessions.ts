import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Hot Takes games against the AI as the server saw them: issued when a member starts one, counted up
// by the AI reply routes as they answer its turns, and marked once its result has scored, so a game
// scores once and only from what the server itself answered.

export const gameSessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_sessions')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('game', 'text', (col) => col.notNull())
      .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('answered_turns', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('scored_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('game_sessions_member_idx').on('game_sessions').columns(['member_id', 'started_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('game_sessions').execute();
  },
};
