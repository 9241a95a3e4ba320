// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { startEachTestWithEmptyStorage } from '../support/emptyStorage';
import { memberStatsKey, pendingResultsKey } from '../../src/features/games/storage/memberStats';

// A member's figures as the server last gave them (`member_stats`) and the finished games still to send
// (`member_pending_results`, at most 50).

const stats = { totalPoints: 130, gamesPlayed: 1, hotTakesScore: 130, friendsCount: 0, winRate: 100, streak: 1 };
const result = { memberId: 'm-1', game: 'hottakes' as const, messageCount: 7, finishedAt: 1000 };

startEachTestWithEmptyStorage();

describe('member_stats', () => {
  it('is null until written, then the figures with whose they are', () => {
    expect(memberStatsKey.read()).toBeNull();
    memberStatsKey.write({ memberId: 'm-1', stats });
    expect(JSON.parse(localStorage.getItem('member_stats')!)).toEqual({ memberId: 'm-1', stats });
    expect(memberStatsKey.read()).toEqual({ memberId: 'm-1', stats });
  });

  it('reads a damaged copy as none and sets it aside', () => {
    localStorage.setItem('member_stats', '{"memberId":"m-1","stats":{"totalPoints":"lots"}}');
    expect(memberStatsKey.read()).toBeNull();
    expect(localStorage.getItem('member_stats.corrupt')).toBe('{"memberId":"m-1","stats":{"totalPoints":"lots"}}');
  });
});

describe('member_pending_results', () => {
  it('is an empty list until a game waits', () => {
    expect(pendingResultsKey.read()).toEqual([]);
    pendingResultsKey.write([result]);
    expect(JSON.parse(localStorage.getItem('member_pending_results')!)).toEqual([result]);
  });

  it('takes at most 50 waiting games', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ ...result, finishedAt: i }));
    localStorage.setItem('member_pending_results', JSON.stringify(fifty));
    expect(pendingResultsKey.read()).toHaveLength(50);
    localStorage.setItem('member_pending_results', JSON.stringify([...fifty, result]));
    expect(pendingResultsKey.read()).toEqual([]);
  });

  it('reads results off the contract as none', () => {
    for (const broken of [{ ...result, game: 'emojistory' }, { ...result, messageCount: -1 }, { ...result, messageCount: 10_001 }, { ...result, finishedAt: -5 }]) {
      localStorage.setItem('member_pending_results', JSON.stringify([broken]));
      expect(pendingResultsKey.read()).toEqual([]);
    }
  });
});
