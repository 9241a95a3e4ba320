import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomStats, rankEntries, STAT_RANGES, type LeaderboardEntry } from '../../src/domain/stats';

// docs/product.md §3: the random ranges, inclusive.
const RANGES = {
  totalPoints: [500, 3499],
  gamesPlayed: [5, 54],
  hotTakesScore: [200, 1699],
  friendsCount: [1, 20],
  winRate: [40, 79],
  streak: [0, 14],
} as const;
import { defaultCurrentUserStats } from '../../src/domain/leaderboard';

describe('random leaderboard stats', () => {
  it('stay within docs/product.md ranges as whole numbers for any random source', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 6, maxLength: 6 }), (rolls) => {
        let i = 0;
        const stats = randomStats(() => rolls[i++]!);
        for (const [name, [min, max]] of Object.entries(RANGES)) {
          const value = stats[name as keyof typeof stats];
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(min);
          expect(value).toBeLessThanOrEqual(max);
        }
      }),
    );
  });

  it('reach both ends of each range', () => {
    expect(randomStats(() => 0)).toEqual({ totalPoints: 500, gamesPlayed: 5, hotTakesScore: 200, friendsCount: 1, winRate: 40, streak: 0 });
    expect(randomStats(() => 0.999999999)).toEqual({ totalPoints: 3499, gamesPlayed: 54, hotTakesScore: 1699, friendsCount: 20, winRate: 79, streak: 14 });
  });

  it('ranges and current-user defaults are the docs/product.md ones', () => {
    expect(STAT_RANGES).toEqual(RANGES);
    expect(defaultCurrentUserStats()).toEqual({ totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 });
  });
});

describe('leaderboard ranking', () => {
  const entry = (id: string, totalPoints: number, gamesPlayed: number, hotTakesScore: number, friendsCount: number): LeaderboardEntry => ({
    id,
    username: id,
    isCurrentUser: id === 'me',
    stats: { totalPoints, gamesPlayed, hotTakesScore, friendsCount, winRate: 50, streak: 1 },
  });
  const entries = [entry('a', 100, 9, 300, 2), entry('me', 300, 1, 100, 3), entry('b', 200, 5, 200, 1)];

  it('sorts by the tab stat, highest first, with ranks and scores', () => {
    expect(rankEntries(entries, 'points').map((e) => [e.rank, e.id, e.score])).toEqual([[1, 'me', 300], [2, 'b', 200], [3, 'a', 100]]);
    expect(rankEntries(entries, 'games').map((e) => e.id)).toEqual(['a', 'b', 'me']);
    expect(rankEntries(entries, 'hottakes').map((e) => e.id)).toEqual(['a', 'b', 'me']);
    expect(rankEntries(entries, 'friends').map((e) => e.id)).toEqual(['me', 'a', 'b']);
  });

  it('breaks ties by total points', () => {
    const tied = [entry('x', 100, 5, 0, 0), entry('y', 900, 5, 0, 0)];
    expect(rankEntries(tied, 'games').map((e) => e.id)).toEqual(['y', 'x']);
  });
});
