import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Settings' 'Signed-in devices': each session keeps a short name of the browser and system it was
// started on ('Firefox on Windows', worked out from the User-Agent at log-in, never the header itself)
// and when it was last used (moved on at most every few minutes, not on every request). Sessions from
// before this migration have no name and count as last used when they began.

export const sessionDevicesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('device_name', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('last_active_at', 'timestamptz').execute();
    await sql`update sessions set last_active_at = created_at`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
    await db.schema.alterTable('sessions').dropColumn('device_name').execute();
  },
};
