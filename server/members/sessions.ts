import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_ACTIVITY_STEP_MINUTES } from '../../src/domain/accountSecurity';
import { SESSION_LIFETIME_DAYS } from '../../src/domain/memberContract';
import type { Database } from '../db/schema';

// Sessions: the cookie holds 256 random bits; the table holds only their sha-256, so reading the
// table does not give anyone a usable cookie. Expiry slides: each use pushes it 30 days ahead.

const LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
/** A session is extended at most once an hour, not on every request. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;
/** Last-active moves on at most this often: listing devices needs minutes, not every request. */
export const ACTIVITY_STEP_MS = SESSION_ACTIVITY_STEP_MINUTES * 60 * 1000;

export interface IssuedSession {
  id: string;
  expiresAt: Date;
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/**
 * The id a session is shown by in 'Signed-in devices': a hash of the stored hash, so it names the session
 * to its member without being, or leading to, the cookie.
 */
export function publicSessionId(idHash: string): string {
  return createHash('sha256').update(`device:${idHash}`).digest('hex').slice(0, 32);
}

/** `deviceName` is the short name of the browser and system (server/members/deviceName.ts). */
export async function createSession(db: Kysely<Database>, memberId: string, now: number, deviceName: string | null = null): Promise<IssuedSession> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + LIFETIME_MS);
  await db
    .insertInto('sessions')
    .values({ id_hash: hashSessionId(id), member_id: memberId, expires_at: expiresAt, device_name: deviceName, last_active_at: new Date(now) })
    .execute();
  // Sessions left to expire on other browsers would otherwise stay forever; each log-in sweeps its member's.
  await db.deleteFrom('sessions').where('member_id', '=', memberId).where('expires_at', '<=', new Date(now)).execute();
  return { id, expiresAt };
}

export interface ActiveSession {
  memberId: string;
  /** The stored hash of this session's id (what 'this device' and 'every other session' are told by). */
  idHash: string;
  /** Set when this use pushed the expiry ahead, so the cookie's Max-Age follows. */
  extendedTo?: Date;
}

/** The member behind a cookie's session id, or undefined when it is unknown or expired. */
export async function resumeSession(db: Kysely<Database>, id: string, now: number): Promise<ActiveSession | undefined> {
  const idHash = hashSessionId(id);
  const row = await db.selectFrom('sessions').select(['member_id', 'expires_at', 'last_active_at']).where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return undefined;
  const expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return undefined;
  }
  const session = { memberId: row.member_id, idHash };
  const extend = now + LIFETIME_MS - expiresAt >= EXTEND_AFTER_MS;
  const touch = row.last_active_at === null || now - new Date(row.last_active_at).getTime() >= ACTIVITY_STEP_MS;
  if (!extend && !touch) return session;
  const extendedTo = new Date(now + LIFETIME_MS);
  await db
    .updateTable('sessions')
    .set({ last_active_at: new Date(now), ...(extend ? { expires_at: extendedTo } : {}) })
    .where('id_hash', '=', idHash)
    .execute();
  return extend ? { ...session, extendedTo } : session;
}

export async function endSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashSessionId(id)).execute();
}
