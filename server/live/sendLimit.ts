import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// How fast one member may send chat messages: at most SEND_LIMIT in any SEND_WINDOW_MS. It guards the
// friends' screens against a flood, not a quota, so it is kept in memory per server process (one
// count per database handle, which the REST routes and the socket share) and costs no query per send.
// With several servers behind a balancer a member's ceiling is that many times higher.

export const SEND_LIMIT = 20;
export const SEND_WINDOW_MS = 10_000;
/** Members tracked at once; the least recently seen are forgotten first. */
const MAX_SENDERS = 50_000;

/** Send times inside the window, oldest first, per member. */
type SendTimes = Map<string, number[]>;

const perDatabase = new WeakMap<Kysely<Database>, SendTimes>();

function timesFor(db: Kysely<Database>): SendTimes {
  let times = perDatabase.get(db);
  if (!times) {
    times = new Map();
    perDatabase.set(db, times);
  }
  return times;
}

function recentSends(db: Kysely<Database>, memberId: string, t: number): number[] {
  const senders = timesFor(db);
  const recent = (senders.get(memberId) ?? []).filter((at) => at > t - SEND_WINDOW_MS);
  // Re-inserting keeps the map ordered by last use, so the oldest entry is the one to forget.
  senders.delete(memberId);
  senders.set(memberId, recent);
  if (senders.size > MAX_SENDERS) {
    const oldest = senders.keys().next().value;
    if (oldest !== undefined) senders.delete(oldest);
  }
  return recent;
}

/** Whole seconds the member must wait before sending at `t`, or undefined when they may send now. */
export function sendWait(db: Kysely<Database>, memberId: string, t: number): number | undefined {
  const recent = recentSends(db, memberId, t);
  const first = recent[0];
  return recent.length >= SEND_LIMIT && first !== undefined ? Math.max(1, Math.ceil((first + SEND_WINDOW_MS - t) / 1000)) : undefined;
}

/** Counts a message the member stored at `t`. */
export function countSend(db: Kysely<Database>, memberId: string, t: number): void {
  recentSends(db, memberId, t).push(t);
}
