// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { runEachTestSignedInAs } from './signedInMember';
import { pendingResultsOf, queueResult, rememberStats, sendPendingResults, sendWaitingGames } from '../../src/features/games/services/pendingResults';
import { createViewerSource } from '../../src/shared/session/viewer';
import { json, mockFetch } from './fetchMock';
import { fullStorage } from '../support/failingStorage';

const viewer = createViewerSource();

// A member's finished games wait on the device (`member_pending_results`) until POST /api/games/results
// has them, in the order they were played. A refusal for good drops the game; being offline, a lost
// session, a timeout, a rate limit or a failing server keep it for the next try.

const stats = (totalPoints: number) => ({ totalPoints, gamesPlayed: 1, hotTakesScore: totalPoints, friendsCount: 0, winRate: 100, streak: 1 });
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
/** Each game's server id, told apart by when it finished. */
const gameIdAt = (finishedAt: number) => `game-${finishedAt}`;
const waiting = (memberId: string, messageCount: number, finishedAt: number) => ({ memberId, game: 'hottakes', gameId: gameIdAt(finishedAt), messageCount, finishedAt });

runEachTestSignedInAs(viewer, 'm-1');

describe('queueResult', () => {
  it('keeps each finished game in order, with its member, and answers what it stored', () => {
    expect(queueResult('m-1', gameIdAt(1000), 6, 1000)).toEqual(waiting('m-1', 6, 1000));
    queueResult('m-2', gameIdAt(2000), 7, 2000);
    expect(stored('member_pending_results')).toEqual([waiting('m-1', 6, 1000), waiting('m-2', 7, 2000)]);
    expect(pendingResultsOf('m-1')).toEqual([waiting('m-1', 6, 1000)]);
    expect(pendingResultsOf('m-3')).toEqual([]);
  });

  it('keeps the newest 50; the oldest gives way', () => {
    for (let i = 0; i < 51; i += 1) queueResult('m-1', gameIdAt(i), 5, i);
    const kept = stored('member_pending_results') as { finishedAt: number }[];
    expect(kept).toHaveLength(50);
    expect(kept[0]!.finishedAt).toBe(1);
    expect(kept[49]!.finishedAt).toBe(50);
  });
});

describe('sendPendingResults', () => {
  it('with nothing waiting, sends nothing and answers null', async () => {
    const { calls } = mockFetch({});
    await expect(sendPendingResults(viewer, 'm-1')).resolves.toBeNull();
    expect(calls).toEqual([]);
    expect(stored('member_stats')).toBeNull();
  });

  it("sends the member's games in order, forgets each once sent and keeps the last figures", async () => {
    queueResult('m-1', gameIdAt(1000), 6, 1000);
    queueResult('m-2', gameIdAt(1500), 9, 1500);
    queueResult('m-1', gameIdAt(2000), 8, 2000);
    const { calls } = mockFetch({ 'POST /api/games/results': [json({ stats: stats(120) }), json({ stats: stats(260) })] });
    await expect(sendPendingResults(viewer, 'm-1')).resolves.toEqual(stats(260));
    expect(calls.map((c) => c.body)).toEqual([
      { game: 'hottakes', gameId: 'game-1000' },
      { game: 'hottakes', gameId: 'game-2000' },
    ]);
    expect(stored('member_pending_results')).toEqual([waiting('m-2', 9, 1500)]);
    expect(stored('member_stats')).toEqual({ memberId: 'm-1', stats: stats(260) });
  });

  it('drops a game the server refuses for good (400 to 499, but 401, 408 and 429) and goes on', async () => {
    for (const status of [400, 404, 422, 499]) {
      localStorage.clear();
      queueResult('m-1', gameIdAt(1000), 6, 1000);
      queueResult('m-1', gameIdAt(2000), 7, 2000);
      mockFetch({ 'POST /api/games/results': [json({ error: { code: 'INVALID_REQUEST', message: 'no' } }, status), json({ stats: stats(110) })] });
      await expect(sendPendingResults(viewer, 'm-1'), `status ${status}`).resolves.toEqual(stats(110));
      expect(stored('member_pending_results')).toEqual([]);
    }
  });

  it('a refused last game leaves no figures to keep', async () => {
    queueResult('m-1', gameIdAt(1000), 6, 1000);
    mockFetch({ 'POST /api/games/results': json({ error: { code: 'INVALID_REQUEST', message: 'no' } }, 400) });
    await expect(sendPendingResults(viewer, 'm-1')).resolves.toBeNull();
    expect(stored('member_pending_results')).toEqual([]);
    expect(stored('member_stats')).toBeNull();
  });

  it('keeps the game and fails on a lost session, a timeout, a rate limit, a failing server or no network', async () => {
    const replies = [401, 408, 429, 500, 503].map((status) => json({ error: { code: 'X', message: 'no' } }, status));
    for (const reply of [...replies, 'network-error' as const]) {
      localStorage.clear();
      viewer.announce({ kind: 'member', memberId: 'm-1' });
      queueResult('m-1', gameIdAt(1000), 6, 1000);
      queueResult('m-1', gameIdAt(2000), 7, 2000);
      const { calls } = mockFetch({ 'POST /api/games/results': reply });
      await expect(sendPendingResults(viewer, 'm-1')).rejects.toMatchObject({ name: 'MemberApiError' });
      expect(calls).toHaveLength(1);
      expect(stored('member_pending_results')).toEqual([waiting('m-1', 6, 1000), waiting('m-1', 7, 2000)]);
    }
  });

  it('keeps the games sent before a failure forgotten and the rest waiting', async () => {
    queueResult('m-1', gameIdAt(1000), 6, 1000);
    queueResult('m-1', gameIdAt(2000), 7, 2000);
    mockFetch({ 'POST /api/games/results': [json({ stats: stats(120) }), 'network-error'] });
    await expect(sendPendingResults(viewer, 'm-1')).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(stored('member_pending_results')).toEqual([waiting('m-1', 7, 2000)]);
  });

  it('calls made while a send is under way share it; a later call sends again', async () => {
    queueResult('m-1', gameIdAt(1000), 6, 1000);
    const { calls } = mockFetch({ 'POST /api/games/results': ['network-error', json({ stats: stats(120) })] });
    const first = sendPendingResults(viewer, 'm-1');
    const second = sendPendingResults(viewer, 'm-1');
    expect(second).toBe(first);
    await expect(first).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(calls).toHaveLength(1);
    await expect(sendPendingResults(viewer, 'm-1')).resolves.toEqual(stats(120));
    expect(calls).toHaveLength(2);
  });

  it('drops a game queued by an older version, which has no server id, without sending it', async () => {
    localStorage.setItem('member_pending_results', JSON.stringify([{ memberId: 'm-1', game: 'hottakes', messageCount: 6, finishedAt: 1000 }]));
    queueResult('m-1', gameIdAt(2000), 7, 2000);
    const { calls } = mockFetch({ 'POST /api/games/results': json({ stats: stats(110) }) });
    await expect(sendPendingResults(viewer, 'm-1')).resolves.toEqual(stats(110));
    expect(calls.map((c) => c.body)).toEqual([{ game: 'hottakes', gameId: 'game-2000' }]);
    expect(stored('member_pending_results')).toEqual([]);
  });
});

describe('sendWaitingGames', () => {
  it('answers the newest figures, or null when the games could not be sent', async () => {
    queueResult('m-1', gameIdAt(1000), 6, 1000);
    mockFetch({ 'POST /api/games/results': ['network-error', json({ stats: stats(120) })] });
    await expect(sendWaitingGames(viewer, 'm-1')).resolves.toBeNull();
    expect(pendingResultsOf('m-1')).toHaveLength(1);
    await expect(sendWaitingGames(viewer, 'm-1')).resolves.toEqual(stats(120));
    expect(pendingResultsOf('m-1')).toEqual([]);
  });
});

describe('rememberStats', () => {
  it('keeps the figures with whose they are', () => {
    rememberStats('m-1', stats(50));
    expect(stored('member_stats')).toEqual({ memberId: 'm-1', stats: stats(50) });
  });

  it('a full storage only loses the copy', () => {
    vi.stubGlobal('localStorage', fullStorage());
    expect(() => rememberStats('m-1', stats(50))).not.toThrow();
  });
});
