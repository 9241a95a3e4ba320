import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withDatabaseMigratedTo } from '../support/migrationOnOlderRows';

// Interest rows written before each row carried its member's item count: the migration counts them, an
// item listed in two categories once (as the local score counts it).

describe('the interest count migration on existing rows', () => {
  it('gives every row its member’s count of distinct items', { timeout: 60_000 }, async () => {
    await withDatabaseMigratedTo('020_search_trigrams', async (db, migrateRest) => {
      const two = '00000000-0000-4000-8000-000000000001';
      const one = '00000000-0000-4000-8000-000000000002';
      await sql`insert into members (id, username, email, password_hash) values
        (${two}, 'two', 'a@example.com', 'x'), (${one}, 'one', 'b@example.com', 'x')`.execute(db);
      await sql`insert into member_interests (member_id, category, item_key, item) values
        (${two}, 'music', 'dune', 'Dune'), (${two}, 'shows', 'dune', 'Dune'), (${two}, 'games', 'hades', 'Hades'),
        (${one}, 'music', 'jazz', 'Jazz')`.execute(db);

      await migrateRest();
      const rows = await db.selectFrom('member_interests').select(['member_id', 'category', 'item_count']).orderBy('member_id').orderBy('category').execute();
      expect(rows).toEqual([
        { member_id: two, category: 'games', item_count: 2 },
        { member_id: two, category: 'music', item_count: 2 },
        { member_id: two, category: 'shows', item_count: 2 },
        { member_id: one, category: 'music', item_count: 1 },
      ]);
    });
  });
});
