import type { ColumnType } from 'kysely';

// The tables as Kysely sees them. Column names are the SQL ones (snake_case); the members modules
// turn rows into the wire shapes of src/domain/memberContract.ts.

export interface MembersTable {
  id: string;
  username: string;
  /** Normalised: trimmed and lower-cased, unique. */
  email: string;
  /** argon2id PHC string; never leaves the server. */
  password_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SessionsTable {
  /** sha-256 (hex) of the cookie's random id: a stolen table cannot be replayed as cookies. */
  id_hash: string;
  member_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ProfilesTable {
  member_id: string;
  /** The contract's profile fields as JSON text (validated by zod whenever it is read). */
  data: ColumnType<unknown, string, string>;
  /** The client's `updatedAt` (ms since the epoch): the newer write wins. pg returns int8 as a string. */
  updated_at: ColumnType<string | number | bigint, number, number>;
}

export interface LoginFailuresTable {
  /** The username as typed, trimmed and lower-cased (whether or not such a member exists). */
  username_key: string;
  /** The client's address. */
  client_key: string;
  failed_at: ColumnType<Date, Date | string, never>;
}

export interface Database {
  members: MembersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  login_failures: LoginFailuresTable;
}

