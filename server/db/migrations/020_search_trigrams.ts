import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Trigram indexes for the discover search: a search finds members whose lower-cased username or one
// of whose item keys contains the words (a LIKE '%…%' in candidates.ts). Without them every name
// and item is read; with them Postgres reads only the rows sharing the needle's trigrams (needles of
// three characters or more; shorter ones are still answered, by reading the rows).

export const searchTrigramsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index members_username_trgm_idx on members using gin (lower(username) gin_trgm_ops)`.execute(db);
    await sql`create index member_interests_item_trgm_idx on member_interests using gin (item_key gin_trgm_ops)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index member_interests_item_trgm_idx`.execute(db);
    await sql`drop index members_username_trgm_idx`.execute(db);
    await sql`drop extension if exists pg_trgm`.execute(db);
  },
};
