import { z } from 'zod';
import { leaderboardStatsSchema } from '../../../domain/leaderboard';
import { defineKey } from '../../../shared/storage/store';

// A member's figures as the server last gave them (shown at once, and while offline), and the finished
// games that have not reached the server yet (sent in order once it answers). Guests never have either:
// their figures stay under the contract's user_leaderboard_stats.

export const memberStatsSchema = z.object({ memberId: z.string(), stats: leaderboardStatsSchema });
export type MemberStatsCopy = z.infer<typeof memberStatsSchema>;

export const memberStatsKey = defineKey<MemberStatsCopy | null>('member_stats', memberStatsSchema.nullable(), () => null);

/** More than this many unsent games on one device is not a connection problem; the oldest give way. */
export const PENDING_RESULTS_MAX = 50;

// `gameId`: the id the server issued when the game started, which is what it scores. Games queued by an
// older version have none; the server cannot count those, so they are dropped when next sent.
export const pendingResultSchema = z.object({
  memberId: z.string(),
  game: z.literal('hottakes'),
  gameId: z.string().max(100).optional(),
  messageCount: z.number().int().min(0).max(10_000),
  finishedAt: z.number().int().nonnegative(),
});
export type PendingResult = z.infer<typeof pendingResultSchema>;

export const pendingResultsKey = defineKey<PendingResult[]>(
  'member_pending_results',
  z.array(pendingResultSchema).max(PENDING_RESULTS_MAX),
  () => [],
);
