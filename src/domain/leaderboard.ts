import { z } from 'zod';

export const leaderboardStatsSchema = z.object({
  totalPoints: z.number(),
  gamesPlayed: z.number(),
  hotTakesScore: z.number(),
  friendsCount: z.number(),
  winRate: z.number(),
  streak: z.number(),
});
export type LeaderboardStats = z.infer<typeof leaderboardStatsSchema>;

export function defaultCurrentUserStats(): LeaderboardStats {
  return { totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 };
}
