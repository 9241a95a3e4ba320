import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LiveBus } from './feature';
import { historyRefusal, isMessageId, markRead, markWaitingDelivered, type ChatProblem } from './messages';

// What the REST routes and the socket both do after a write: tell every server over the bus (ids
// only), so each pushes frames to its own sockets. Without a bus (plain route tests) nothing is told.

export interface ChatActionDeps {
  db: Kysely<Database>;
  bus?: Pick<LiveBus, 'publish'>;
  now: () => number;
}

export async function announceMessage(deps: ChatActionDeps, id: string): Promise<void> {
  await deps.bus?.publish({ kind: 'message', id });
}

/** Marks the friend's (or a former friend's) messages up to `upTo` read by `reader` and tells them; the ids newly read. */
export async function readUpTo(deps: ChatActionDeps, reader: string, friendId: string, upTo: string): Promise<string[] | ChatProblem> {
  if (!isMessageId(upTo)) return { status: 400, code: 'INVALID_REQUEST' };
  const refusal = await historyRefusal(deps.db, reader, friendId);
  if (refusal) return refusal;
  const at = new Date(deps.now());
  const marks = await markRead(deps.db, reader, friendId, upTo, at);
  const sender = friendId.toLowerCase();
  // The sender hears of a read only when the reader sends read receipts; a private read still tells them it arrived.
  if (marks.shownRead.length > 0) await deps.bus?.publish({ kind: 'receipt', sender, reader, ids: marks.shownRead, status: 'read', at: at.toISOString() });
  if (marks.deliveredOnly.length > 0) await deps.bus?.publish({ kind: 'receipt', sender, reader, ids: marks.deliveredOnly, status: 'delivered', at: at.toISOString() });
  return marks.read;
}

/** A member came online: what waited for them is delivered now, and each sender is told. */
export async function deliverWaiting(deps: ChatActionDeps, recipient: string): Promise<void> {
  const at = new Date(deps.now());
  const bySender = await markWaitingDelivered(deps.db, recipient, at);
  for (const [sender, ids] of bySender) {
    await deps.bus?.publish({ kind: 'receipt', sender, reader: recipient, ids, status: 'delivered', at: at.toISOString() });
  }
}
