import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CLIENT_ID_MAX_LENGTH } from '../../../domain/liveContract';
import type { OutboxEntry } from '../machines/liveEvents';
import { defineKeyFamily } from '../../../shared/storage/store';

// A member's chat messages that the server has not acknowledged yet, in the order they were written,
// kept on this device so they survive a reload or a dead connection (`mycelius_outbox_<memberId>`,
// members only). The live actor is the one writer; an entry leaves on the server's 'ack' or a refusal
// that a retry cannot fix.

const outboxEntrySchema = z.object({
  to: z.string().min(1).max(64),
  clientId: z.string().min(1).max(CLIENT_ID_MAX_LENGTH),
  // The chat and the server count a message without the spaces around it, so the queue must too: 2000
  // characters plus a trailing space is a message they take, and refusing it here kept the whole queue off the device.
  text: z.string().refine((text) => text.trim().length >= 1 && text.trim().length <= CHAT_MESSAGE_MAX_LENGTH),
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
