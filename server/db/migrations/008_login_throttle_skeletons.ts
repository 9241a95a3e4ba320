import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { usernameSkeleton } from '../../members/usernameSkeleton';

// Attempt counters for log-ins, password checks and sign-ups (server/members/attemptLimits.ts), one
// row per (scope, key) that a single locked statement counts, replacing login_failures, whose
// read-then-insert let parallel guesses through. server_secrets keeps secrets every app server on
// the database shares (the device-cookie key). members.username_skeleton makes look-alike names one
// name (server/members/usernameSkeleton.ts).

interface MemberRow {
  id: string;
  username: string;
}

export const loginThrottleSkeletonsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('auth_attempts')
      .addColumn('scope', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
      .addColumn('last_attempt_at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('auth_attempts_pkey', ['scope', 'key'])
      .execute();
    await db.schema.createIndex('auth_attempts_last_attempt_idx').on('auth_attempts').column('last_attempt_at').execute();
    await db.schema.dropTable('login_failures').execute();

    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();

    await db.schema.alterTable('members').addColumn('username_skeleton', 'text').execute();
    // Nullable: rows written straight into the table (seed and benchmark scripts, tests) have none,
    // and a unique index ignores NULLs. Sign-up always sets it. Existing names keep working. Where two already look alike, the older keeps the plain skeleton
    // and the younger's is made unique with its id, so a new look-alike of either is still refused.
    const members = await sql<MemberRow>`select id, username from members order by created_at, id`.execute(db);
    const taken = new Set<string>();
    for (const member of members.rows) {
      const skeleton = usernameSkeleton(member.username);
      const kept = taken.has(skeleton) ? `${skeleton}#${member.id}` : skeleton;
      taken.add(kept);
      await sql`update members set username_skeleton = ${kept} where id = ${member.id}`.execute(db);
    }
    await db.schema.createIndex('members_username_skeleton_key').on('members').unique().column('username_skeleton').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('members_username_skeleton_key').execute();
    await db.schema.alterTable('members').dropColumn('username_skeleton').execute();
    await db.schema.dropTable('server_secrets').execute();
    await db.schema.dropTable('auth_attempts').execute();
    await db.schema
      .createTable('login_failures')
      .addColumn('username_key', 'text', (col) => col.notNull())
      .addColumn('client_key', 'text', (col) => col.notNull())
      .addColumn('failed_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('login_failures_username_idx').on('login_failures').columns(['username_key', 'failed_at']).execute();
    await db.schema.createIndex('login_failures_client_idx').on('login_failures').columns(['client_key', 'failed_at']).execute();
    await db.schema.createIndex('login_failures_failed_at_idx').on('login_failures').column('failed_at').execute();
  },
};
