import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findPasswordHolder } from '../members/accounts';
import { hashSessionId } from '../members/sessions';

// The operator role: a row in `operators`. It is granted and revoked only on the command line
// (scripts/operator.ts); no route writes this table.

type Db = Kysely<Database>;

export type GrantOutcome = { kind: 'granted' | 'already'; username: string } | { kind: 'unknown' };
export type RevokeOutcome = { kind: 'revoked' | 'notOperator'; username: string } | { kind: 'unknown' };

export async function grantOperator(db: Db, username: string, at: Date): Promise<GrantOutcome> {
  const holder = await findPasswordHolder(db, username);
  if (!holder) return { kind: 'unknown' };
  const inserted = await db
    .insertInto('operators')
    .values({ member_id: holder.member.id, granted_at: at })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return { kind: inserted ? 'granted' : 'already', username: holder.member.username };
}

export async function revokeOperator(db: Db, username: string): Promise<RevokeOutcome> {
  const holder = await findPasswordHolder(db, username);
  if (!holder) return { kind: 'unknown' };
  const deleted = await db.deleteFrom('operators').where('member_id', '=', holder.member.id).executeTakeFirst();
  return { kind: deleted.numDeletedRows > 0n ? 'revoked' : 'notOperator', username: holder.member.username };
}

export interface OperatorIdentity {
  id: string;
  username: string;
}

/**
 * Who acts from a shell (`npm run reports -- --close <id>`): no member, so no id, and the moderation
 * log names them 'command line (<OS user>)', or just 'command line' when the OS user cannot be read.
 */
export interface CommandLineActor {
  id: null;
  username: string;
}

/** The name in the log: the OS user's name, kept to letters, digits and . _ @ - (at most 64), so it reads as one plain word. */
export function commandLineActor(osUser: string | undefined): CommandLineActor {
  const name = (osUser ?? '').replace(/[^\p{L}\p{N}._@-]/gu, '').slice(0, 64);
  return { id: null, username: name === '' ? 'command line' : `command line (${name})` };
}

/**
 * The operator behind a session cookie's id, or undefined (no session, an ended one, or a member
 * without the role). It only reads: the console's routes answer anyone else exactly as an unknown
 * route does, so they must not touch the cookie either.
 */
export async function operatorOfSession(db: Db, sessionId: string, at: Date): Promise<OperatorIdentity | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('operators as o', 'o.member_id', 's.member_id')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .select(['m.id', 'm.username'])
    .where('s.id_hash', '=', hashSessionId(sessionId))
    .where('s.expires_at', '>', at)
    .executeTakeFirst();
  return row;
}
