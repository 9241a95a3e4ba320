import { wholeBetween } from './random';

// How long each chat takes to answer (docs/product.md), as inclusive ranges in milliseconds. Every chat
// draws its delay the same way (`replyDelayMs`), so "1-3 s" means the same thing in every chat.

export interface DelayRange {
  minMs: number;
  maxMs: number;
}

export const REPLY_DELAYS = {
  /** Bot games: 1000 ms plus a random 0-2000 ms. */
  botGame: { minMs: 1000, maxMs: 3000 },
  /** Hot Takes solo chat: a canned reaction 1-3 s after each message once the take is revealed. */
  soloReaction: { minMs: 1000, maxMs: 3000 },
  /** Hot Takes matched chat: every reply after the first, 0.8-2 s after the message. */
  matchedChat: { minMs: 800, maxMs: 2000 },
} as const satisfies Record<string, DelayRange>;

/** Hot Takes matched chat: the first AI reply comes 1.5 s after the partner's take is revealed. */
export const MATCHED_FIRST_REPLY_MS = 1500;

export function replyDelayMs(range: DelayRange, r: number): number {
  return wholeBetween(r, range.minMs, range.maxMs);
}
