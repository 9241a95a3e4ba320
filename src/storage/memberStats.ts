import { z } from 'zod';
import { leaderboardStatsSchema } from '../domain/leaderboard';
import { defineKey } from './store';

// A member's figures as the server last gave them (shown at once, and while offline), and the finished
// games that have not reached the server yet (sent in order once it answers). Guests never have either:
// their figures stay under the contract's user_leaderboard_stats.

export const memberStatsSchema = z.object({ memberId: z.string(), stats: leaderboardStatsSchema });
export type MemberStatsCopy = z.infer<typeof memberStatsSchema>;

export const memberStatsKey = defineKey<MemberStatsCopy | null>('member_stats', memberStatsSchema.nullable(), () => null);

/** More than this many unsent games on one device is not a connection problem; the oldest give way. */
export const PENDING_RESULTS_MAX = 50;

export const pendingResultSchema = z.object({
  memberId: z.string(),
  game: z.literal('hottakes'),
  messageCount: z.number().int().min(0).max(10_000),
  finishedAt: z.number().int().nonnegative(),
});
export type PendingResult = z.infer<typeof pendingResultSchema>;

export const pendingResultsKey = defineKey<PendingResult[]>(
  'member_pending_results',
  z.array(pendingResultSchema).max(PENDING_RESULTS_MAX),
  () => [],
);
