import type { Kysely } from 'kysely';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '../../src/domain/memberContract';
import type { Database } from '../db/schema';

// Log-in throttle: after 5 failed log-ins for one username, or from one client, within 15 minutes,
// further attempts are refused until enough of those failures are 15 minutes old. A success
// forgets only that client's failures on that name, so a member logging in from home does not
// clear what an attacker's address has built up (and an attacker cannot clear the member's).
// Failures live in the database (login_failures), shared by every app server on it.

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60 * 1000;

export interface LoginThrottle {
  /** Seconds until an attempt is allowed again, or 0 when it is allowed now. */
  retryAfterSeconds(username: string, client: string, now: number): Promise<number>;
  recordFailure(username: string, client: string, now: number): Promise<void>;
  recordSuccess(username: string, client: string): Promise<void>;
}

function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** With `times` oldest first: how long until fewer than the limit remain in the window. */
function waitFor(times: Date[], now: number): number {
  if (times.length < LOGIN_MAX_FAILURES) return 0;
  const freeing = times[times.length - LOGIN_MAX_FAILURES];
  return freeing ? Math.max(1, Math.ceil((new Date(freeing).getTime() + WINDOW_MS - now) / 1000)) : 0;
}

export function createLoginThrottle(db: Kysely<Database>): LoginThrottle {
  async function recentFailures(column: 'username_key' | 'client_key', key: string, now: number): Promise<Date[]> {
    const rows = await db
      .selectFrom('login_failures')
      .select('failed_at')
      .where(column, '=', key)
      .where('failed_at', '>', new Date(now - WINDOW_MS))
      .orderBy('failed_at')
      .execute();
    return rows.map((row) => row.failed_at);
  }

  return {
    async retryAfterSeconds(username, client, now) {
      const byName = await recentFailures('username_key', usernameKey(username), now);
      const byClient = await recentFailures('client_key', client, now);
      return Math.max(waitFor(byName, now), waitFor(byClient, now));
    },
    async recordFailure(username, client, now) {
      await db.insertInto('login_failures').values({ username_key: usernameKey(username), client_key: client, failed_at: new Date(now) }).execute();
      // Failures older than the window no longer count for anyone.
      await db.deleteFrom('login_failures').where('failed_at', '<=', new Date(now - WINDOW_MS)).execute();
    },
    async recordSuccess(username, client) {
      await db.deleteFrom('login_failures').where('username_key', '=', usernameKey(username)).where('client_key', '=', client).execute();
    },
  };
}
