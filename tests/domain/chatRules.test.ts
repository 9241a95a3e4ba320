import { describe, expect, it } from 'vitest';
import { shouldSaveLog } from '../../src/domain/chat';
import { pickIndex, wholeBetween } from '../../src/domain/random';
import { replyDelayMs } from '../../src/domain/replyTiming';

// docs/product.md, written out: bot reply 1000 ms + 0-2000 ms, solo reaction 1-3 s, matched later
// replies 0.8-2 s and the first 1.5 s after the reveal; bot games keep a log past 1 message, matched chats past 2.

// The ranges, written out; that each chat really waits its own range is checked on the simulated clock in
// tests/machines (botGame, soloChat, hotTakesMatch, whose first reply comes 1500 ms after the reveal).
const BOT_GAME = { minMs: 1000, maxMs: 3000 };
const RANGES = { botGame: BOT_GAME, soloReaction: { minMs: 1000, maxMs: 3000 }, matchedChat: { minMs: 800, maxMs: 2000 } };

describe('reply delays', () => {
  it.each([
    ['botGame', 0, 1000],
    ['botGame', 0.5, 2000],
    ['botGame', 0.9999999, 3000],
    ['soloReaction', 0, 1000],
    ['soloReaction', 0.9999999, 3000],
    ['matchedChat', 0, 800],
    ['matchedChat', 0.5, 1400],
    ['matchedChat', 0.9999999, 2000],
  ] as const)('%s with random %f waits %i ms', (chat, r, ms) => {
    expect(replyDelayMs(RANGES[chat], r)).toBe(ms);
  });

  it('a random source that misbehaves still gives a delay inside the range', () => {
    expect(replyDelayMs(BOT_GAME, 1)).toBe(3000);
    expect(replyDelayMs(BOT_GAME, -0.2)).toBe(1000);
    expect(replyDelayMs(BOT_GAME, Number.NaN)).toBe(1000);
  });
});

describe('random choices', () => {
  it('pickIndex stays inside the list for any source value', () => {
    expect([0, 0.1666, 0.1667, 0.5, 0.9999999, 1, -3, Number.NaN, Number.POSITIVE_INFINITY].map((r) => pickIndex(r, 6))).toEqual([0, 0, 1, 3, 5, 5, 0, 0, 0]);
    expect(pickIndex(0.7, 0)).toBe(0);
  });

  it('wholeBetween includes both ends', () => {
    expect(wholeBetween(0, 5, 54)).toBe(5);
    expect(wholeBetween(0.9999999, 5, 54)).toBe(54);
  });
});

describe('which sessions are kept in the logs', () => {
  const messages = (n: number) => Array.from({ length: n }, (_, i) => i);
  it('bot games and the solo chat: more than the welcome', () => {
    expect(shouldSaveLog('botGame', messages(1))).toBe(false);
    expect(shouldSaveLog('botGame', messages(2))).toBe(true);
    expect(shouldSaveLog('solo', messages(1))).toBe(false);
    expect(shouldSaveLog('solo', messages(2))).toBe(true);
  });
  it('the matched chat: more than 2 messages', () => {
    expect(shouldSaveLog('matched', messages(2))).toBe(false);
    expect(shouldSaveLog('matched', messages(3))).toBe(true);
  });
});
