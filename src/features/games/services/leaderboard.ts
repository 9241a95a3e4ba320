import type { CommunityFilter } from '../../../domain/community';
import type { LeaderboardStats } from '../../../domain/leaderboard';
import { randomStats, type Board, type LeaderboardEntry, type LeaderboardTab } from '../../../domain/stats';
import type { User } from '../../../domain/user';
import { currentUserStatsKey, userStatsKey } from '../storage/leaderboard';
import { loadProfile } from '../../../shared/storage/profile';
import { pendingResultsOf, sendWaitingGames } from './pendingResults';
import { fetchLeaderboard } from './stats';
import type { ViewerSource } from '../../../shared/session/viewer';
import { currentUserId, loadUsers } from '../../../shared/people/users';

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

/**
 * The leaderboard for a tab and the header's community. A guest's is the device's (every tab ranks the
 * same people, as docs/product.md has it); a member's comes from the server after their waiting games.
 */
export async function loadBoard(source: ViewerSource, tab: LeaderboardTab, community: CommunityFilter, random: () => number): Promise<Board> {
  const viewer = await source.current();
  if (viewer.kind === 'guest') return { entries: loadLeaderboard(random), unsent: 0 };
  await sendWaitingGames(source, viewer.memberId);
  const entries = await fetchLeaderboard(source, tab, community === 'All Communities' ? null : community);
  return { entries, unsent: pendingResultsOf(viewer.memberId).length };
}
