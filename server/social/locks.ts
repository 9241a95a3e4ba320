import type { Transaction } from 'kysely';
import { holdTransactionLock as lock } from '../db/advisoryLock';
import type { Database } from '../db/schema';

// Transaction-scoped advisory locks: everything that changes how two members stand (requests,
// friendship, blocks) holds the pair's lock, so two requests at once (two accepts, a request each
// way, a block during an accept) run one after the other on every server sharing the database.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member or request id must be a uuid before it reaches SQL (anything else is simply not found). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function lockPair(trx: Transaction<Database>, one: string, other: string): Promise<void> {
  const [first, second] = one < other ? [one, other] : [other, one];
  return lock(trx, `pair:${first}:${second}`);
}

export function lockMemberAction(trx: Transaction<Database>, memberId: string, action: string): Promise<void> {
  return lock(trx, `action:${memberId}:${action}`);
}

/** Hot Takes matchmaking: one join at a time picks from the queue, on every server, so nobody is matched twice. */
export function lockDebateQueue(trx: Transaction<Database>): Promise<void> {
  return lock(trx, 'debate-queue');
}

/** One debate's moves (takes, messages, the end) in order, so the result counts exactly what was stored. */
export function lockDebate(trx: Transaction<Database>, debateId: string): Promise<void> {
  return lock(trx, `debate:${debateId}`);
}
