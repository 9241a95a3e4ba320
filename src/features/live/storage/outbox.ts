import { z } from 'zod';
import { CLIENT_ID_MAX_LENGTH, messageLengthProblem } from '../../../domain/liveContract';
import type { OutboxEntry } from '../machines/liveEvents';
import { defineKeyFamily } from '../../../shared/storage/store';

// A member's chat messages that the server has not acknowledged yet, in the order they were written,
// kept on this device so they survive a reload or a dead connection (`mycelius_outbox_<memberId>`,
// members only). The live actor is the one writer; an entry leaves on the server's 'ack' or a refusal
// that a retry cannot fix.

const outboxEntrySchema = z.object({
  to: z.string().min(1).max(64),
  clientId: z.string().min(1).max(CLIENT_ID_MAX_LENGTH),
  // Counted as the chat and the server count it: a queue refused here would keep every message off the device.
  text: z.string().refine((text) => messageLengthProblem(text) === null),
  queuedAt: z.number().int().nonnegative(),
}) satisfies z.ZodType<OutboxEntry>;

const outboxKey = defineKeyFamily<OutboxEntry[]>('mycelius_outbox_', z.array(outboxEntrySchema), () => []);

export function readOutbox(memberId: string): OutboxEntry[] {
  return outboxKey(memberId).read();
}

/** Throws AppError('STORAGE_FULL') when the device has no room left. */
export function writeOutbox(memberId: string, entries: readonly OutboxEntry[]): void {
  const key = outboxKey(memberId);
  if (entries.length === 0) key.remove();
  else key.write([...entries]);
}
