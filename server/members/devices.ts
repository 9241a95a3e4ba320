import type { Kysely } from 'kysely';
import type { SignedInDevice } from '../../src/domain/accountSecurity';
import type { Database } from '../db/schema';
import { UNKNOWN_DEVICE } from './deviceName';
import { ACTIVITY_STEP_MS, publicSessionId } from './sessions';

// 'Signed-in devices': a member's own sessions, shown by public id (publicSessionId), and ended one at a
// time or all but the caller's. Every query names the member, so another member's id finds nothing.

type Db = Kysely<Database>;

async function liveSessions(db: Db, memberId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id_hash', 'device_name', 'last_active_at', 'created_at'])
    .where('member_id', '=', memberId)
    .where('expires_at', '>', new Date(now))
    .execute();
}

/** The member's live sessions, the caller's first, then the most recently active. */
export async function listDevices(db: Db, memberId: string, currentHash: string, now: number): Promise<SignedInDevice[]> {
  const rows = await liveSessions(db, memberId, now);
  return rows
    .map((row) => ({
      id: publicSessionId(row.id_hash),
      name: row.device_name ?? UNKNOWN_DEVICE,
      lastActiveAt: new Date(row.last_active_at ?? row.created_at).toISOString(),
      current: row.id_hash === currentHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt) || a.id.localeCompare(b.id));
}

/** Ends the member's session shown as `deviceId`; false when the member has none by that id. */
export async function endDevice(db: Db, memberId: string, deviceId: string, now: number): Promise<boolean> {
  const rows = await liveSessions(db, memberId, now);
  const row = rows.find((r) => publicSessionId(r.id_hash) === deviceId);
  if (!row) return false;
  const ended = await db.deleteFrom('sessions').where('id_hash', '=', row.id_hash).where('member_id', '=', memberId).executeTakeFirst();
  return Number(ended.numDeletedRows) > 0;
}

/** Ends every session of the member but `keepHash`; answers how many ended. */
export async function endOtherDevices(db: Db, memberId: string, keepHash: string): Promise<number> {
  const ended = await db.deleteFrom('sessions').where('member_id', '=', memberId).where('id_hash', '!=', keepHash).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** A live socket counts as use: its sessions' last-active moves on with the heartbeat, at most every step. */
export async function touchSessions(db: Db, idHashes: readonly string[], now: number): Promise<void> {
  if (idHashes.length === 0) return;
  await db
    .updateTable('sessions')
    .set({ last_active_at: new Date(now) })
    .where('id_hash', 'in', idHashes)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<=', new Date(now - ACTIVITY_STEP_MS))]))
    .execute();
}
