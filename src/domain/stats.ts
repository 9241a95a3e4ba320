import type { LeaderboardStats } from './leaderboard';
import { wholeBetween } from './random';

type StatName = keyof LeaderboardStats;

/** docs/product.md: other users' random stats, inclusive ranges. */
export const STAT_RANGES: Readonly<Record<StatName, readonly [number, number]>> = {
  totalPoints: [500, 3499],
  gamesPlayed: [5, 54],
  hotTakesScore: [200, 1699],
  friendsCount: [1, 20],
  winRate: [40, 79],
  streak: [0, 14],
};

/** `random` returns [0, 1) like Math.random; it is injected so tests can pin it. */
export function randomStats(random: () => number): LeaderboardStats {
  const pick = ([min, max]: readonly [number, number]) => wholeBetween(random(), min, max);
  return {
    totalPoints: pick(STAT_RANGES.totalPoints),
    gamesPlayed: pick(STAT_RANGES.gamesPlayed),
    hotTakesScore: pick(STAT_RANGES.hotTakesScore),
    friendsCount: pick(STAT_RANGES.friendsCount),
    winRate: pick(STAT_RANGES.winRate),
    streak: pick(STAT_RANGES.streak),
  };
}

export const LEADERBOARD_TABS = [
  { id: 'points', label: 'Total Points', stat: 'totalPoints' },
  { id: 'games', label: 'Games Played', stat: 'gamesPlayed' },
  { id: 'hottakes', label: 'Hot Takes', stat: 'hotTakesScore' },
  { id: 'friends', label: 'Friends', stat: 'friendsCount' },
] as const satisfies readonly { id: string; label: string; stat: StatName }[];

export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number]['id'];

export function tabStat(tab: LeaderboardTab): StatName {
  return LEADERBOARD_TABS.find((t) => t.id === tab)!.stat;
}

export interface LeaderboardEntry {
  id: string;
  username: string;
  isCurrentUser: boolean;
  stats: LeaderboardStats;
}

export interface RankedEntry extends LeaderboardEntry {
  rank: number;
  score: number;
}

/** Highest first on the tab's stat; ties broken by total points, then name, so ranks are stable. */
export function rankEntries(entries: readonly LeaderboardEntry[], tab: LeaderboardTab): RankedEntry[] {
  const stat = tabStat(tab);
  return [...entries]
    .sort(
      (a, b) =>
        b.stats[stat] - a.stats[stat] ||
        b.stats.totalPoints - a.stats.totalPoints ||
        a.username.localeCompare(b.username),
    )
    .map((entry, i) => ({ ...entry, rank: i + 1, score: entry.stats[stat] }));
}

/** What the leaderboard shows: the entries, and how many of the member's finished games still wait on the device. */
export interface Board {
  entries: LeaderboardEntry[];
  unsent: number;
}

/** The Games hub's 'Your Stats': a guest's fixed zeros or a member's figures from the server. */
export interface YourStats {
  gamesPlayed: number;
  totalPoints: number;
  /** The member's finished games still waiting on this device for the server. */
  unsent: number;
}

/** A won Hot Takes game as counted where the viewer's figures live. */
export interface GameWinOutcome {
  /** Points the win added; null when the server has not answered yet or its figures before are unknown. */
  award: number | null;
  /** The figures after the win; null for a member's game still waiting on the device. */
  stats: LeaderboardStats | null;
}
