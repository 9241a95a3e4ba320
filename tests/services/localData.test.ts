// @vitest-environment happy-dom
// Services over local data (docs/product.md): leaderboard stats, the connected flags,
// the matched Hot Takes partner, its saved log and recorded win, and the client config fetched once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile } from '../../src/domain/profile';
import { createClientConfigLoader } from '../../src/shared/http/config';
import { setServiceConnected } from '../../src/features/profile/services/connectedServices';
import { befriend, isFriend, pickPartner, profileInterests, recordWin, saveMatchedLog } from '../../src/features/games/services/hotTakes';
import { loadLeaderboard, statsFor } from '../../src/features/games/services/leaderboard';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('leaderboard stats', () => {
  it("another user's stats are drawn once from the contract ranges and kept under leaderboard_stats_<id>", () => {
    const low = statsFor({ id: 'user-4' }, () => 0);
    expect(low).toEqual({ totalPoints: 500, gamesPlayed: 5, hotTakesScore: 200, friendsCount: 1, winRate: 40, streak: 0 });
    expect(JSON.parse(localStorage.getItem('leaderboard_stats_user-4')!)).toEqual(low);
    expect(statsFor({ id: 'user-4' }, () => 0.999999)).toEqual(low);
    expect(statsFor({ id: 'user-5' }, () => 0.999999)).toEqual({ totalPoints: 3499, gamesPlayed: 54, hotTakesScore: 1699, friendsCount: 20, winRate: 79, streak: 14 });
  });

  it('lists the current user first with the default stats and name "Player", then the 25 sample users', () => {
    const entries = loadLeaderboard(() => 0.5);
    expect(entries).toHaveLength(26);
    expect(entries[0]).toEqual({
      id: 'user-current',
      username: 'Player',
      isCurrentUser: true,
      stats: { totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 },
    });
    expect(entries.slice(1).every((entry) => !entry.isCurrentUser && entry.id !== 'user-current')).toBe(true);
    expect(entries[1]!.id).toBe('user-1');
  });

  it("uses the profile's username, trimmed", () => {
    localStorage.setItem('user_profile', JSON.stringify({ ...emptyProfile(), username: '  mika ' }));
    expect(loadLeaderboard(() => 0)[0]!.username).toBe('mika');
  });
});

describe('connected flags', () => {
  it('sets one service flag and keeps the others', () => {
    setServiceConnected('trakt', true);
    expect(JSON.parse(localStorage.getItem('user_profile')!).connectedServices).toEqual({ spotify: false, trakt: true, steam: false });
    setServiceConnected('trakt', false);
    expect(JSON.parse(localStorage.getItem('user_profile')!).connectedServices).toEqual({ spotify: false, trakt: false, steam: false });
  });

  it('writes nothing (and keeps the similarity cache) when the flag already has that value', () => {
    localStorage.setItem('similarity_cache_abc', JSON.stringify({ timestamp: 0, scores: {} }));
    setServiceConnected('steam', false);
    expect(localStorage.getItem('user_profile')).toBeNull();
    expect(localStorage.getItem('similarity_cache_abc')).not.toBeNull();
  });
});

describe('Hot Takes matched chat', () => {
  it('picks a partner among the other users by the random number, never the current user', () => {
    expect(pickPartner(() => 0)!.id).toBe('user-1');
    expect(pickPartner(() => 0.999)!.id).toBe('user-25');
    expect(pickPartner(() => 1)!.id).toBe('user-25');
    expect(pickPartner(() => Number.NaN)!.id).toBe('user-1');
    sessionStorage.setItem('activeUserId', 'user-1');
    expect(pickPartner(() => 0)!.id).toBe('user-2');
  });

  it('saves the log under hottakes_chat_logs with the partner and the summary of the contract', () => {
    const at = (id: string, text: string) => ({ id, text, sender: 'user' as const, timestamp: '2026-01-01T00:00:00.000Z', type: 'text' as const });
    saveMatchedLog([at('1', 'Welcome'), at('2', 'a'), at('3', 'b')], 'Ana', Date.UTC(2026, 0, 2));
    const [log] = JSON.parse(localStorage.getItem('hottakes_chat_logs')!) as { summary: string; partner: string; timestamp: string }[];
    expect(log).toMatchObject({ summary: 'Hot Takes session with 2 messages', partner: 'Ana', timestamp: '2026-01-02T00:00:00.000Z' });
  });

  it('records a win: 100 + 10 per message beyond 4, one more game, streak + 1, win rate recomputed', () => {
    expect(recordWin(7)).toEqual({
      award: 130,
      stats: { totalPoints: 1380, gamesPlayed: 13, hotTakesScore: 980, friendsCount: 3, winRate: 69, streak: 6 },
    });
    expect(JSON.parse(localStorage.getItem('user_leaderboard_stats')!)).toMatchObject({ totalPoints: 1380, streak: 6 });
  });
});

describe('Hot Takes matched chat: interests and friends', () => {
  it('builds the prompt from every listed genre, game and show, in that order', () => {
    expect(profileInterests()).toEqual([]);
    localStorage.setItem('user_profile', JSON.stringify({ username: 'ana', musicGenres: ['Jazz', 'Metal'], favoriteGames: ['Hades'], favoriteShows: ['Dark'] }));
    expect(profileInterests()).toEqual(['Jazz', 'Metal', 'Hades', 'Dark']);
  });

  it('befriends the partner once, for the current user, and knows them as a friend afterwards', () => {
    expect(isFriend('user-3')).toBe(false);
    befriend('user-3');
    befriend('user-3');
    expect(isFriend('user-3')).toBe(true);
    expect(isFriend('user-4')).toBe(false);
    const links = JSON.parse(localStorage.getItem('mycelius_friends')!) as { user_id: string; friend_id: string }[];
    expect(links.map((link) => [link.user_id, link.friend_id])).toEqual([['user-current', 'user-3']]);
  });
});

describe('client config', () => {
  const config = {
    spotify: { clientId: 'c', authorizeUrl: 'https://a', redirectUri: 'https://r', demo: true, scopes: ['user-top-read'] },
    trakt: { clientId: 't', authorizeUrl: 'https://a', redirectUri: 'https://r', demo: true },
    steam: { demo: true },
    ai: { provider: 'local' },
    version: 'v1.0.0',
  };

  it('is fetched from /api/config once, and fetched again after a failure', async () => {
    const fetchMock = vi.fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(new Response(JSON.stringify(config), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const getClientConfig = createClientConfigLoader();
    await expect(getClientConfig()).rejects.toThrow();
    await expect(getClientConfig()).resolves.toEqual(config);
    await expect(getClientConfig()).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/config');
  });
});
