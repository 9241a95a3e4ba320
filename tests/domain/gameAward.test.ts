import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyWin, gameAward, isWinningGame, winRateAfterWin } from '../../src/domain/gameAward';

// docs/product.md §3: the current user's default stats.
const CURRENT_USER_DEFAULTS = { totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 };

describe('gameAward: 100 + 10 per message beyond 4', () => {
  it.each([
    [0, 100],
    [3, 100],
    [4, 100],
    [5, 110], // the smallest win: welcome, take, system line, partner's take, brash reply
    [6, 120],
    [12, 180],
  ])('%i messages earn %i', (count, award) => {
    expect(gameAward(count)).toBe(award);
  });

  it('never drops below 100 and ignores nonsense counts', () => {
    expect(gameAward(-3)).toBe(100);
    expect(gameAward(Number.NaN)).toBe(100);
    expect(gameAward(5.9)).toBe(110);
  });

  it('a win needs more than 4 messages', () => {
    expect(isWinningGame(4)).toBe(false);
    expect(isWinningGame(5)).toBe(true);
  });
});

describe('winRateAfterWin: wins recovered from the percentage, then one more won game', () => {
  it('the defaults: 65% of 12 games is 8 wins; 9 of 13 is 69%', () => {
    expect(winRateAfterWin(65, 12)).toBe(69);
  });

  it('edge cases: no games yet, a perfect record, a record of losses, out-of-range inputs', () => {
    expect(winRateAfterWin(0, 0)).toBe(100);
    expect(winRateAfterWin(100, 10)).toBe(100);
    expect(winRateAfterWin(0, 9)).toBe(10);
    expect(winRateAfterWin(250, 3)).toBe(100); // clamped to 100% → 3 wins → 4 of 4
    expect(winRateAfterWin(-40, 3)).toBe(25); // clamped to 0% → 0 wins → 1 of 4
    expect(winRateAfterWin(50, -5)).toBe(100); // no games counted → the first win
  });

  it('stays within 0-100 and never falls after a win', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 }), (rate, played) => {
        const next = winRateAfterWin(rate, played);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThanOrEqual(100);
        const wins = Math.round((rate / 100) * played);
        expect(next).toBe(Math.round(((wins + 1) / (played + 1)) * 100));
        expect(next).toBeGreaterThanOrEqual(Math.round((wins / Math.max(1, played)) * 100) - 1);
      }),
    );
  });
});

describe('applyWin: the per finished game stat update', () => {
  it('adds a game, the award to points and Hot Takes score, one to the streak, and recomputes the win rate', () => {
    expect(applyWin(CURRENT_USER_DEFAULTS, 110)).toEqual({
      totalPoints: 1360,
      gamesPlayed: 13,
      hotTakesScore: 960,
      friendsCount: 3,
      winRate: 69,
      streak: 6,
    });
  });

  it('leaves the input untouched', () => {
    const stats = { ...CURRENT_USER_DEFAULTS };
    applyWin(stats, 100);
    expect(stats).toEqual(CURRENT_USER_DEFAULTS);
  });
});
