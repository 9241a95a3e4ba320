import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_LIFETIME_DAYS } from '../../src/domain/memberContract';
import type { Database } from '../db/schema';

// Sessions: the cookie holds 256 random bits; the table holds only their sha-256, so reading the
// table does not give anyone a usable cookie. Expiry slides: each use pushes it 30 days ahead.

const LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
/** A session is extended at most once an hour, not on every request. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;

export interface IssuedSession {
  id: string;
  expiresAt: Date;
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export async function createSession(db: Kysely<Database>, memberId: string, now: number): Promise<IssuedSession> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + LIFETIME_MS);
  await db.insertInto('sessions').values({ id_hash: hashSessionId(id), member_id: memberId, expires_at: expiresAt }).execute();
  // Sessions left to expire on other browsers would otherwise stay forever; each log-in sweeps its member's.
  await db.deleteFrom('sessions').where('member_id', '=', memberId).where('expires_at', '<=', new Date(now)).execute();
  return { id, expiresAt };
}

export interface ActiveSession {
  memberId: string;
  /** Set when this use pushed the expiry ahead, so the cookie's Max-Age follows. */
  extendedTo?: Date;
}

/** The member behind a cookie's session id, or undefined when it is unknown or expired. */
export async function resumeSession(db: Kysely<Database>, id: string, now: number): Promise<ActiveSession | undefined> {
  const idHash = hashSessionId(id);
  const row = await db.selectFrom('sessions').select(['member_id', 'expires_at']).where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return undefined;
  const expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return undefined;
  }
  if (now + LIFETIME_MS - expiresAt < EXTEND_AFTER_MS) return { memberId: row.member_id };
  const extendedTo = new Date(now + LIFETIME_MS);
  await db.updateTable('sessions').set({ expires_at: extendedTo }).where('id_hash', '=', idHash).execute();
  return { memberId: row.member_id, extendedTo };
}

export async function endSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashSessionId(id)).execute();
}
