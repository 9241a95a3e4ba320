import type { LeaderboardStats } from '../domain/leaderboard';
import { randomStats, type LeaderboardEntry } from '../domain/stats';
import type { User } from '../domain/user';
import { currentUserStatsKey, userStatsKey } from '../storage/leaderboard';
import { loadProfile } from '../storage/profile';
import { currentUserId, loadUsers } from './users';

/** A user's stats, created at random the first time and kept under leaderboard_stats_{userId} after that. */
export function statsFor(user: Pick<User, 'id'>, random: () => number): LeaderboardStats {
  const key = userStatsKey(user.id);
  const stored = key.read();
  if (stored) return stored;
  const created = randomStats(random);
  key.write(created);
  return created;
}

export function loadLeaderboard(random: () => number): LeaderboardEntry[] {
  const me = currentUserId();
  const name = loadProfile().username.trim() || 'Player';
  const others = loadUsers()
    .filter((u) => u.id !== me)
    .map((u) => ({ id: u.id, username: u.username, isCurrentUser: false, stats: statsFor(u, random) }));
  return [{ id: me, username: name, isCurrentUser: true, stats: currentUserStatsKey.read() }, ...others];
}
