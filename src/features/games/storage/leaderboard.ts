import { defaultCurrentUserStats, leaderboardStatsSchema, type LeaderboardStats } from '../../../domain/leaderboard';
import { defineKey, defineKeyFamily } from '../../../shared/storage/store';

export const currentUserStatsKey = defineKey('user_leaderboard_stats', leaderboardStatsSchema, defaultCurrentUserStats);
/** Other users' stats, created once and kept per user; null until created. */
export const userStatsKey = defineKeyFamily<LeaderboardStats | null>(
  'leaderboard_stats_',
  leaderboardStatsSchema.nullable(),
  () => null,
);
