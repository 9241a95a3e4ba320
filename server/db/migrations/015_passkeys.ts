import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Passkeys (WebAuthn credentials) a member added, and the challenges handed out for adding one or
// signing in with one. A challenge row is taken with DELETE ... RETURNING, so of two answers to the
// same challenge only one finds it; expired rows are pruned whenever new ones are handed out, and each
// client (or member) holds only a few at a time, so a flood of option requests cannot grow the table.

export const passkeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'uuid', (col) => col.primaryKey())
      .addColumn('member_id', 'uuid', (col) => col.notNull().references('members.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (col) => col.notNull().unique())
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('sign_count', 'bigint', (col) => col.notNull())
      .addColumn('transports', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('last_used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('passkeys_member_idx').on('passkeys').column('member_id').execute();

    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge', 'text', (col) => col.primaryKey())
      .addColumn('purpose', 'text', (col) => col.notNull())
      // The member adding a passkey, or the client key of a sign-in (who may hold how many).
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('passkey_challenges_holder_idx').on('passkey_challenges').columns(['purpose', 'holder', 'created_at']).execute();
    await db.schema.createIndex('passkey_challenges_expiry_idx').on('passkey_challenges').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('passkey_challenges').execute();
    await db.schema.dropTable('passkeys').execute();
  },
};
