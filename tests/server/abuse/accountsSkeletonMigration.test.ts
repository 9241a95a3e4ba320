import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withDatabaseMigratedTo } from '../support/migrationOnOlderRows';

// Members who signed up before names had skeletons: the migration gives each one, keeps the older of two
// look-alikes on the plain skeleton (the younger's is made unique with its id) and then refuses new ones.

describe('the username skeleton migration on existing members', () => {
  it('backfills every skeleton, keeps look-alikes that already exist, and makes the index unique', { timeout: 60_000 }, async () => {
    await withDatabaseMigratedTo('006_live', async (db, migrateRest) => {
      const older = '00000000-0000-4000-8000-000000000001';
      const younger = '00000000-0000-4000-8000-000000000002';
      await sql`insert into members (id, username, email, password_hash, created_at) values
        (${older}, 'admin', 'a@example.com', 'x', '2026-01-01T00:00:00Z'),
        (${younger}, ${'\u0430dmin'}, 'b@example.com', 'x', '2026-01-02T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'Mira', 'c@example.com', 'x', '2026-01-03T00:00:00Z')`.execute(db);

      await migrateRest();
      const rows = await db.selectFrom('members').select(['username', 'username_skeleton']).orderBy('created_at').execute();
      expect(rows).toEqual([
        { username: 'admin', username_skeleton: 'adrnin' },
        { username: '\u0430dmin', username_skeleton: `adrnin#${younger}` },
        { username: 'Mira', username_skeleton: 'rnira' },
      ]);
      await expect(
        sql`insert into members (id, username, username_skeleton, email, password_hash) values (gen_random_uuid(), 'ADMIN2', 'adrnin', 'd@example.com', 'x')`.execute(db),
      ).rejects.toMatchObject({ code: '23505' });
    });
  });
});
