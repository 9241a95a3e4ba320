import { describe, expect, it } from 'vitest';
import { apportion, breakdownTotal, matchBreakdownSchema, type RawContributions } from '../../src/domain/matchBreakdown';

// An explained match: the card's percentage split into what music, games, shows and hobbies
// each add, in whole points that add up to the percentage exactly.

function raw(music: number, games: number, shows: number, hobbies: number, items: Partial<Record<keyof RawContributions, string[]>> = {}): RawContributions {
  return {
    music: { points: music, items: items.music ?? [] },
    games: { points: games, items: items.games ?? [] },
    shows: { points: shows, items: items.shows ?? [] },
    hobbies: { points: hobbies, items: items.hobbies ?? [] },
  };
}

const pointsOf = (score: number, contributions: RawContributions) => {
  const breakdown = apportion(score, contributions);
  return breakdown && [breakdown.music.points, breakdown.games.points, breakdown.shows.points, breakdown.hobbies.points];
};

describe('apportion', () => {
  it('splits the score in proportion to the raw points', () => {
    expect(pointsOf(60, raw(1, 2, 3, 0))).toEqual([10, 20, 30, 0]);
  });

  it('gives the points left after rounding down to the largest remainders', () => {
    // exact shares 0.875, 4.375, 1.75, 0: floors 0, 4, 1, 0 and two points left for music and shows
    expect(pointsOf(7, raw(0.5, 2.5, 1, 0))).toEqual([1, 4, 2, 0]);
  });

  it('breaks equal remainders towards the earlier category', () => {
    expect(pointsOf(10, raw(1, 1, 1, 0))).toEqual([4, 3, 3, 0]);
    expect(pointsOf(11, raw(0, 1, 1, 1))).toEqual([0, 4, 4, 3]);
  });

  it('counts negative raw points as none', () => {
    expect(pointsOf(40, raw(-5, 1, 0, 1))).toEqual([0, 20, 0, 20]);
  });

  it('has no breakdown for a score without any raw points, except zero for a score of zero', () => {
    expect(apportion(50, raw(0, 0, 0, 0))).toBeUndefined();
    expect(apportion(50, raw(-1, 0, 0, 0))).toBeUndefined();
    expect(apportion(0, raw(0, 0, 0, 0, { music: ['Jazz'] }))).toEqual({
      music: { points: 0, items: ['Jazz'] },
      games: { points: 0, items: [] },
      shows: { points: 0, items: [] },
      hobbies: { points: 0, items: [] },
    });
  });

  it('carries the shared items per category, at most 30 of at most 200 characters', () => {
    const many = Array.from({ length: 31 }, (_, i) => `game ${i}`);
    const breakdown = apportion(100, raw(1, 1, 1, 1, { games: many, hobbies: ['x'.repeat(201)], shows: ['Dark'] }))!;
    expect(breakdown.games.items).toEqual(many.slice(0, 30));
    expect(breakdown.hobbies.items).toEqual(['x'.repeat(200)]);
    expect(breakdown.shows.items).toEqual(['Dark']);
    expect(breakdown.music.items).toEqual([]);
  });

  it('always adds up to the score', () => {
    for (const score of [1, 13, 37, 99, 100]) {
      expect(breakdownTotal(apportion(score, raw(0.3, 1.7, 2.9, 0.01))!)).toBe(score);
    }
  });
});

describe('breakdownTotal', () => {
  it('is the sum of the four parts', () => {
    const part = (points: number) => ({ points, items: [] });
    expect(breakdownTotal({ music: part(1), games: part(20), shows: part(300), hobbies: part(4000) })).toBe(4321);
  });
});

describe('matchBreakdownSchema', () => {
  const part = (points: number, items: string[] = []) => ({ points, items });
  it('takes whole points from 0 to 100 and short item lists', () => {
    expect(matchBreakdownSchema.safeParse({ music: part(0), games: part(100), shows: part(5, ['Dark']), hobbies: part(1) }).success).toBe(true);
    expect(matchBreakdownSchema.safeParse({ music: part(-1), games: part(0), shows: part(0), hobbies: part(0) }).success).toBe(false);
    expect(matchBreakdownSchema.safeParse({ music: part(101), games: part(0), shows: part(0), hobbies: part(0) }).success).toBe(false);
    expect(matchBreakdownSchema.safeParse({ music: part(1.5), games: part(0), shows: part(0), hobbies: part(0) }).success).toBe(false);
    expect(matchBreakdownSchema.safeParse({ music: part(0, Array(31).fill('a')), games: part(0), shows: part(0), hobbies: part(0) }).success).toBe(false);
    expect(matchBreakdownSchema.safeParse({ music: part(0, ['a'.repeat(201)]), games: part(0), shows: part(0), hobbies: part(0) }).success).toBe(false);
    expect(matchBreakdownSchema.safeParse({ music: part(0), games: part(0), shows: part(0) }).success).toBe(false);
  });
});
