// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { runEachTestSignedInAs } from './signedInMember';
import { recordGameWin } from '../../src/features/games/services/gameResults';
import { loadBoard } from '../../src/features/games/services/leaderboard';
import { MemberApiError } from '../../src/shared/http/errors';
import { fetchLeaderboard, fetchMemberStats, sendGameResult, startGameSession, statsFailureText } from '../../src/features/games/services/stats';
import { createViewerSource } from '../../src/shared/session/viewer';
import { knownYourStats, loadYourStats } from '../../src/features/games/services/yourStats';
import { json, mockFetch } from './fetchMock';

// The app's viewer source: the test announces on it as the session would, and hears the session end on it.
const viewer = createViewerSource();

// The member's leaderboard calls (socialContract.ts): GET /api/me/stats, POST /api/games/results,
// GET /api/leaderboard, and the device queue that keeps a finished game until the server has it.

const zero = { totalPoints: 0, gamesPlayed: 0, hotTakesScore: 0, friendsCount: 0, winRate: 0, streak: 0 };
const afterWin = { totalPoints: 130, gamesPlayed: 1, hotTakesScore: 130, friendsCount: 0, winRate: 100, streak: 1 };
const afterTwo = { totalPoints: 240, gamesPlayed: 2, hotTakesScore: 240, friendsCount: 0, winRate: 100, streak: 2 };
const miraRow = { id: 'm-1', username: 'mira', isCurrentUser: true, stats: afterWin };
const noorRow = { id: 'm-2', username: 'noor', isCurrentUser: false, stats: zero };

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

runEachTestSignedInAs(viewer, 'm-1');

describe('member stats calls', () => {
  it('GET /api/me/stats answers the figures; a body off the contract is a SERVER failure', async () => {
    const { calls } = mockFetch({ 'GET /api/me/stats': [json({ stats: zero }), json({ stats: { totalPoints: 'lots' } })] });
    await expect(fetchMemberStats(viewer)).resolves.toEqual(zero);
    await expect(fetchMemberStats(viewer)).rejects.toMatchObject({ code: 'SERVER' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/me/stats', 'GET /api/me/stats']);
  });

  it('POST /api/games/sessions starts a game and answers its id', async () => {
    const { calls } = mockFetch({ 'POST /api/games/sessions': [json({ gameId: 'g-1' }, 201), json({ error: { code: 'TOO_MANY_REQUESTS', message: 'x' } }, 429)] });
    await expect(startGameSession(viewer)).resolves.toBe('g-1');
    expect(calls[0]!.body).toEqual({ game: 'hottakes' });
    await expect(startGameSession(viewer)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
  });

  it("POST /api/games/results sends the game by its server id, and answers the server's figures", async () => {
    const { calls } = mockFetch({ 'POST /api/games/results': json({ stats: afterWin }, 201) });
    await expect(sendGameResult(viewer, 'g-7')).resolves.toEqual(afterWin);
    expect(calls[0]!.body).toEqual({ game: 'hottakes', gameId: 'g-7' });
    expect(calls[0]!.headers['content-type']).toBe('application/json');
  });

  it('a 401 from any of them tells the session it is over; other failures do not', async () => {
    const heard: string[] = [];
    const stop = viewer.onSessionEnded(() => heard.push('ended'));
    mockFetch({
      'GET /api/me/stats': [json({ error: { code: 'SERVER', message: 'x' } }, 500), json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401)],
      'POST /api/games/results': json({}, 401),
    });
    await expect(fetchMemberStats(viewer)).rejects.toMatchObject({ code: 'SERVER' });
    expect(heard).toEqual([]);
    await expect(fetchMemberStats(viewer)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(sendGameResult(viewer, 'g-5')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(heard).toEqual(['ended', 'ended']);
    stop();
  });

  it('GET /api/leaderboard asks for the tab and the community (none for all), and fails typed', async () => {
    const { calls } = mockFetch({
      'GET /api/leaderboard': [json({ entries: [miraRow, noorRow] }), json({ entries: [miraRow] }), 'network-error', json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401)],
    });
    await expect(fetchLeaderboard(viewer, 'hottakes', 'UW')).resolves.toEqual([miraRow, noorRow]);
    await expect(fetchLeaderboard(viewer, 'friends', null)).resolves.toEqual([miraRow]);
    expect(calls.map((c) => Object.fromEntries(c.query))).toEqual([{ tab: 'hottakes', community: 'UW' }, { tab: 'friends' }]);
    await expect(fetchLeaderboard(viewer, 'points', null)).rejects.toMatchObject({ code: 'OFFLINE' });
    await expect(fetchLeaderboard(viewer, 'points', null)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });

  it('tells offline, an ended session and a rate limit apart; anything else gets the fallback', () => {
    const fallback = 'Could not load the leaderboard. Please try again.';
    expect(statsFailureText(new MemberApiError('OFFLINE'), fallback)).toBe('You appear to be offline. Please check your connection and try again.');
    expect(statsFailureText(new MemberApiError('UNAUTHENTICATED', { status: 401 }), fallback)).toBe('Your session has ended. Please log in again.');
    expect(statsFailureText(new MemberApiError('TOO_MANY_REQUESTS', { status: 429 }), fallback)).toBe(
      'You are doing that too often. Please wait a while and try again.',
    );
    expect(statsFailureText(new MemberApiError('SERVER', { status: 500 }), fallback)).toBe(fallback);
    expect(statsFailureText(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('who the services serve', () => {
  it('a browser without the member hint cookie is a guest at once; with it, the services wait for the session', async () => {
    viewer.announce({ kind: 'guest' });
    await expect(viewer.current()).resolves.toEqual({ kind: 'guest' });
    // A new page load: a new viewer source, which nobody has announced on.
    await expect(createViewerSource().current()).resolves.toEqual({ kind: 'guest' });
    document.cookie = 'mycelius_member=1; path=/';
    try {
      const again = createViewerSource();
      expect(again.known()).toBeNull();
      const waiting = again.current();
      again.announce({ kind: 'member', memberId: 'm-9' });
      await expect(waiting).resolves.toEqual({ kind: 'member', memberId: 'm-9' });
    } finally {
      document.cookie = 'mycelius_member=; path=/; max-age=0';
    }
  });
});

describe('a finished game and the leaderboard, by viewer', () => {
  it("a guest's win counts on the device by docs/product.md's award, with no request", async () => {
    viewer.announce({ kind: 'guest' });
    const { calls } = mockFetch({});
    await expect(recordGameWin(viewer, null, 7, 1000)).resolves.toEqual({
      award: 130,
      stats: { totalPoints: 1380, gamesPlayed: 13, hotTakesScore: 980, friendsCount: 3, winRate: 69, streak: 6 },
    });
    expect(calls).toEqual([]);
    const board = await loadBoard(viewer, 'points', 'UW', () => 0);
    expect(board.entries).toHaveLength(26);
    expect(board.unsent).toBe(0);
    expect(knownYourStats(viewer)).toEqual({ gamesPlayed: 0, totalPoints: 0, unsent: 0 });
    await expect(loadYourStats(viewer)).resolves.toEqual({ gamesPlayed: 0, totalPoints: 0, unsent: 0 });
    expect(calls).toEqual([]);
  });

  it("a member's win is posted; the server's figures are kept and the award is their difference", async () => {
    localStorage.setItem('member_stats', JSON.stringify({ memberId: 'm-1', stats: zero }));
    const { calls } = mockFetch({ 'POST /api/games/results': json({ stats: afterWin }, 201) });
    await expect(recordGameWin(viewer, 'g-7', 7, 1000)).resolves.toEqual({ award: 130, stats: afterWin });
    expect(calls.map((c) => c.body)).toEqual([{ game: 'hottakes', gameId: 'g-7' }]);
    expect(stored('member_stats')).toEqual({ memberId: 'm-1', stats: afterWin });
    expect(stored('member_pending_results')).toEqual([]);
    expect(stored('user_leaderboard_stats')).toBeNull();
  });

  it('offline, the game waits on the device; the next load sends it first, then reads the figures', async () => {
    mockFetch({ 'POST /api/games/results': 'network-error' });
    await expect(recordGameWin(viewer, 'g-6', 6, 1000)).resolves.toEqual({ award: null, stats: null });
    await expect(recordGameWin(viewer, 'g-5', 5, 2000)).resolves.toEqual({ award: null, stats: null });
    expect(stored('member_pending_results')).toEqual([
      { memberId: 'm-1', game: 'hottakes', gameId: 'g-6', messageCount: 6, finishedAt: 1000 },
      { memberId: 'm-1', game: 'hottakes', gameId: 'g-5', messageCount: 5, finishedAt: 2000 },
    ]);
    expect(knownYourStats(viewer)).toBeNull();

    // Still offline: the hub says so, and the games keep waiting.
    mockFetch({ 'POST /api/games/results': 'network-error', 'GET /api/me/stats': 'network-error' });
    await expect(loadYourStats(viewer)).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(stored('member_pending_results')).toHaveLength(2);

    const { calls } = mockFetch({
      'POST /api/games/results': [json({ stats: afterWin }, 201), json({ stats: afterTwo }, 201)],
      'GET /api/me/stats': json({ stats: afterTwo }),
    });
    await expect(loadYourStats(viewer)).resolves.toEqual({ gamesPlayed: 2, totalPoints: 240, unsent: 0 });
    expect(calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body ?? null)}`)).toEqual([
      'POST /api/games/results {"game":"hottakes","gameId":"g-6"}',
      'POST /api/games/results {"game":"hottakes","gameId":"g-5"}',
      'GET /api/me/stats null',
    ]);
    expect(stored('member_pending_results')).toEqual([]);
    expect(knownYourStats(viewer)).toEqual({ gamesPlayed: 2, totalPoints: 240, unsent: 0 });
  });

  it('the leaderboard sends waiting games first; a server still failing them leaves them counted as unsent', async () => {
    localStorage.setItem('member_pending_results', JSON.stringify([{ memberId: 'm-1', game: 'hottakes', gameId: 'g-6', messageCount: 6, finishedAt: 1000 }]));
    const { calls } = mockFetch({
      'POST /api/games/results': json({ error: { code: 'SERVER', message: 'down' } }, 503),
      'GET /api/leaderboard': json({ entries: [miraRow, noorRow] }),
    });
    await expect(loadBoard(viewer, 'games', 'Microsoft', () => 0)).resolves.toEqual({ entries: [miraRow, noorRow], unsent: 1 });
    await expect(loadBoard(viewer, 'points', 'All Communities', () => 0)).resolves.toEqual({ entries: [miraRow, noorRow], unsent: 1 });
    expect(calls.filter((c) => c.method === 'GET').map((c) => Object.fromEntries(c.query))).toEqual([
      { tab: 'games', community: 'Microsoft' },
      { tab: 'points' },
    ]);
  });

  it("a result the server refuses for good is dropped, so it cannot hold up the others; another member's stay", async () => {
    localStorage.setItem(
      'member_pending_results',
      JSON.stringify([
        { memberId: 'm-1', game: 'hottakes', gameId: 'g-3', messageCount: 3, finishedAt: 1000 },
        { memberId: 'm-2', game: 'hottakes', gameId: 'g-9', messageCount: 9, finishedAt: 1500 },
        { memberId: 'm-1', game: 'hottakes', gameId: 'g-7', messageCount: 7, finishedAt: 2000 },
      ]),
    );
    const { calls } = mockFetch({
      'POST /api/games/results': [json({ error: { code: 'INVALID_REQUEST', message: 'no' } }, 400), json({ stats: afterWin }, 201)],
      'GET /api/me/stats': json({ stats: afterWin }),
    });
    await expect(loadYourStats(viewer)).resolves.toEqual({ gamesPlayed: 1, totalPoints: 130, unsent: 0 });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { game: 'hottakes', gameId: 'g-3' },
      { game: 'hottakes', gameId: 'g-7' },
    ]);
    expect(stored('member_pending_results')).toEqual([{ memberId: 'm-2', game: 'hottakes', gameId: 'g-9', messageCount: 9, finishedAt: 1500 }]);
  });

  it('a waiting list that does not validate is set aside (kept under .corrupt) and read as empty', async () => {
    localStorage.setItem('member_pending_results', JSON.stringify([{ memberId: 'm-1', game: 'chess', messageCount: -1 }]));
    const { calls } = mockFetch({ 'GET /api/me/stats': json({ stats: zero }) });
    await expect(loadYourStats(viewer)).resolves.toEqual({ gamesPlayed: 0, totalPoints: 0, unsent: 0 });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(localStorage.getItem('member_pending_results.corrupt')).toContain('chess');
  });
});
