import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Each interest row carries how many distinct items its member lists, so candidate pruning can rank
// holders the way the local score does (items shared over both lists' lengths) and read the holders of
// an item shortest lists first (member_interests_item_count_idx) rather than in whatever order the
// (item_key, member_id) index happens to give. Rows already written are counted once here.

export const interestCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table member_interests add column item_count integer not null default 0`.execute(db);
    await sql`
      update member_interests mi set item_count = c.n
      from (select member_id, count(distinct item_key)::int as n from member_interests group by member_id) c
      where c.member_id = mi.member_id`.execute(db);
    await db.schema.createIndex('member_interests_item_count_idx').on('member_interests').columns(['item_key', 'item_count', 'member_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('member_interests_item_count_idx').execute();
    await db.schema.alterTable('member_interests').dropColumn('item_count').execute();
  },
};
