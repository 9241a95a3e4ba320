import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

// Attempt counters kept in the database (auth_attempts), so every app server on it counts the same
// attempts and a restart forgets none. An attempt is counted BEFORE the work it guards (a password
// check, a sign-up) inside one transaction that first locks every counter it touches: parallel
// requests queue on those row locks, so the Nth attempt is refused even when all arrive at once.
// Counters are locked in (scope, key) order, the same for every request, so two requests never wait
// on each other in a circle. What is counted is an attempt; the caller gives it back (`release`)
// when it turned out not to be a failure.

/** Refused once `limit` attempts fall in a window that starts at the first of them. */
export interface LockRule {
  kind: 'lock';
  scope: string;
  key: string;
  limit: number;
  windowMs: number;
}

/** After `freeAttempts` in the window, each further attempt waits twice as long as the one before (1 s, 2 s, 4 s ...), at most maxDelayMs. */
export interface DelayRule {
  kind: 'delay';
  scope: string;
  key: string;
  freeAttempts: number;
  windowMs: number;
  maxDelayMs: number;
}

export type AttemptRule = LockRule | DelayRule;

export interface Reservation {
  counted: { scope: string; key: string; windowStartedAt: Date }[];
}

export type ReserveResult = { allowed: true; reservation: Reservation } | { allowed: false; retryAfterSeconds: number };

interface CounterRow {
  scope: string;
  key: string;
  attempts: number;
  window_started_at: Date | string;
  last_attempt_at: Date | string;
}

/** Counters untouched this long are dropped: longer than every window in use. */
const FORGET_AFTER_MS = 25 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 1000;

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('attempt refused');
  }
}

function time(value: Date | string): number {
  return new Date(value).getTime();
}

/** Milliseconds until this rule allows one more attempt (0: now), given its counter. */
function waitMs(rule: AttemptRule, attempts: number, windowStartedAt: number, lastAttemptAt: number, now: number): number {
  if (rule.kind === 'lock') return attempts >= rule.limit ? windowStartedAt + rule.windowMs - now : 0;
  if (attempts < rule.freeAttempts) return 0;
  const delay = Math.min(rule.maxDelayMs, 1000 * 2 ** (attempts - rule.freeAttempts));
  return lastAttemptAt + delay - now;
}

export function createAttemptLimits(db: Kysely<Database>) {
  let lastCleanup = Number.NEGATIVE_INFINITY;

  async function countIn(trx: Transaction<Database>, rules: AttemptRule[], now: number): Promise<Reservation> {
    const at = new Date(now);
    const locked = await sql<CounterRow>`
      insert into auth_attempts (scope, key, attempts, window_started_at, last_attempt_at)
      values ${sql.join(rules.map((rule) => sql`(${rule.scope}, ${rule.key}, 0, ${at}, ${at})`))}
      on conflict (scope, key) do update set attempts = auth_attempts.attempts
      returning scope, key, attempts, window_started_at, last_attempt_at`.execute(trx);
    const counters = rules.map((rule) => {
      const row = locked.rows.find((r) => r.scope === rule.scope && r.key === rule.key);
      const started = row ? time(row.window_started_at) : now;
      const fresh = !row || started + rule.windowMs <= now;
      return {
        rule,
        attempts: fresh ? 0 : row.attempts,
        windowStartedAt: fresh ? now : started,
        lastAttemptAt: row ? time(row.last_attempt_at) : now,
      };
    });
    const wait = Math.max(0, ...counters.map((c) => waitMs(c.rule, c.attempts, c.windowStartedAt, c.lastAttemptAt, now)));
    // Thrown so the transaction rolls back: a refused attempt leaves no new row behind.
    if (wait > 0) throw new Refused(Math.max(1, Math.ceil(wait / 1000)));
    for (const counter of counters) {
      await trx
        .updateTable('auth_attempts')
        .set({ attempts: counter.attempts + 1, window_started_at: new Date(counter.windowStartedAt), last_attempt_at: at })
        .where('scope', '=', counter.rule.scope)
        .where('key', '=', counter.rule.key)
        .execute();
    }
    return { counted: counters.map((c) => ({ scope: c.rule.scope, key: c.rule.key, windowStartedAt: new Date(c.windowStartedAt) })) };
  }

  async function cleanUp(now: number): Promise<void> {
    if (now - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now;
    await db.deleteFrom('auth_attempts').where('last_attempt_at', '<', new Date(now - FORGET_AFTER_MS)).execute();
  }

  return {
    /** Counts one attempt against every rule, or refuses it (counting nothing) with the seconds until all allow it. */
    async reserve(rules: AttemptRule[], now: number): Promise<ReserveResult> {
      await cleanUp(now);
      const ordered = [...rules].sort((a, b) => (a.scope === b.scope ? (a.key < b.key ? -1 : 1) : a.scope < b.scope ? -1 : 1));
      try {
        const reservation = await db.transaction().execute((trx) => countIn(trx, ordered, now));
        return { allowed: true, reservation };
      } catch (error) {
        if (error instanceof Refused) return { allowed: false, retryAfterSeconds: error.retryAfterSeconds };
        throw error;
      }
    },
    /** Gives the attempt back to every counter it was counted on (unless that counter's window has restarted since). */
    async release(reservation: Reservation): Promise<void> {
      for (const counted of reservation.counted) {
        await db
          .updateTable('auth_attempts')
          .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
          .where('scope', '=', counted.scope)
          .where('key', '=', counted.key)
          .where('window_started_at', '=', counted.windowStartedAt)
          .execute();
      }
    },
    /** Drops one counter: its attempts no longer count. */
    async forget(scope: string, key: string): Promise<void> {
      await db.deleteFrom('auth_attempts').where('scope', '=', scope).where('key', '=', key).execute();
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
