// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import { addFriendLink, loadFriendIds, loadFriends, loadUsers, needsReseed, removeFriendLink } from '../../src/shared/people/users';
import { friendsKey, usersKey } from '../../src/shared/people/usersStore';
import { statsFor, loadLeaderboard } from '../../src/features/games/services/leaderboard';
import { currentUserStatsKey, userStatsKey } from '../../src/features/games/storage/leaderboard';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('sample users reseed rule', () => {
  const full = SAMPLE_USERS.map((u) => ({ ...u }));

  it('seeds the 25 sample users into mycelius_users when nothing is stored', () => {
    const users = loadUsers();
    expect(users).toHaveLength(25);
    expect(JSON.parse(localStorage.getItem('mycelius_users')!)).toHaveLength(25);
  });

  it('reseeds when fewer than 25 are stored', () => {
    usersKey.write(full.slice(0, 24));
    expect(needsReseed(full.slice(0, 24))).toBe(true);
    expect(loadUsers()).toHaveLength(25);
  });

  it('reseeds when any user lacks personality or communities', () => {
    const noPersonality = full.map((u, i) => (i === 3 ? { ...u, personality: undefined } : u));
    const blankPersonality = full.map((u, i) => (i === 3 ? { ...u, personality: '  ' } : u));
    const noCommunities = full.map((u, i) => (i === 7 ? { ...u, communities: [] } : u));
    const missingCommunities = full.map((u, i) => (i === 7 ? { ...u, communities: undefined } : u));
    for (const bad of [noPersonality, blankPersonality, noCommunities, missingCommunities]) {
      expect(needsReseed(bad)).toBe(true);
      usersKey.write(bad);
      expect(loadUsers()).toEqual(SAMPLE_USERS);
    }
  });

  it('keeps complete stored users as they are', () => {
    const edited = full.map((u, i) => (i === 0 ? { ...u, interests: ['Polka', 'Chess', 'Knitting'] } : u));
    usersKey.write(edited);
    expect(needsReseed(edited)).toBe(false);
    expect(loadUsers()[0]!.interests).toEqual(['Polka', 'Chess', 'Knitting']);
  });
});

describe('friend storage', () => {
  it('adds a UUID link for the current user, refuses duplicates, removes both directions', () => {
    expect(addFriendLink('user-4')).toBe(true);
    expect(addFriendLink('user-4')).toBe(false);
    expect(addFriendLink('user-current')).toBe(false);
    const [link] = friendsKey.read();
    expect(link).toMatchObject({ user_id: 'user-current', friend_id: 'user-4' });
    expect(link!.id).toMatch(/^[0-9a-f-]{36}$/);
    friendsKey.write([...friendsKey.read(), { id: 'x', user_id: 'user-4', friend_id: 'user-current' }]);
    expect(loadFriendIds()).toEqual(['user-4']);
    expect(loadFriends().map((u) => u.username)).toEqual(['NovaGamer']);
    removeFriendLink('user-4');
    expect(friendsKey.read()).toEqual([]);
  });
});

describe('leaderboard stats storage', () => {
  it('creates other users\' stats once and keeps them under leaderboard_stats_{id}', () => {
    const first = statsFor({ id: 'user-9' }, () => 0.5);
    expect(JSON.parse(localStorage.getItem('leaderboard_stats_user-9')!)).toEqual(first);
    expect(statsFor({ id: 'user-9' }, () => 0)).toEqual(first);
  });

  it('lists the current user with defaults (or stored stats) and all 25 others', () => {
    const entries = loadLeaderboard(() => 0.3);
    expect(entries).toHaveLength(26);
    expect(entries[0]).toMatchObject({ id: 'user-current', isCurrentUser: true, stats: { totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 } });
    currentUserStatsKey.write({ totalPoints: 9, gamesPlayed: 1, hotTakesScore: 2, friendsCount: 0, winRate: 0, streak: 0 });
    expect(loadLeaderboard(() => 0.9)[0]!.stats.totalPoints).toBe(9);
    expect(userStatsKey('user-25').read()).not.toBeNull();
  });
});
