import type { LeaderboardStats } from '../../../domain/leaderboard';
import type { YourStats } from '../../../domain/stats';
import { memberStatsKey } from '../storage/memberStats';
import { pendingResultsOf, rememberStats, sendWaitingGames } from './pendingResults';
import { fetchMemberStats } from './stats';
import type { Viewer, ViewerSource } from '../../../shared/session/viewer';

// The Games hub's 'Your Stats': a guest's are docs/product.md's fixed 0 and 0; a member's are the server's.

const GUEST_STATS: YourStats = { gamesPlayed: 0, totalPoints: 0, unsent: 0 };

function shown(stats: LeaderboardStats, unsent: number): YourStats {
  return { gamesPlayed: stats.gamesPlayed, totalPoints: stats.totalPoints, unsent };
}

function copyFor(viewer: Viewer & { kind: 'member' }): YourStats | null {
  const copy = memberStatsKey.read();
  return copy && copy.memberId === viewer.memberId ? shown(copy.stats, pendingResultsOf(viewer.memberId).length) : null;
}

/** What can be shown at once, before anything loads: a guest's zeros, a member's last figures, or null. */
export function knownYourStats(source: ViewerSource): YourStats | null {
  const viewer = source.known();
  if (!viewer) return null;
  return viewer.kind === 'guest' ? GUEST_STATS : copyFor(viewer);
}

/** How many of the member's finished games wait on this device (none for a guest or while the session is unknown). */
export function unsentGames(source: ViewerSource): number {
  const viewer = source.known();
  return viewer?.kind === 'member' ? pendingResultsOf(viewer.memberId).length : 0;
}

/** The current figures; a member's waiting games are sent first. Throws MemberApiError. */
export async function loadYourStats(source: ViewerSource): Promise<YourStats> {
  const viewer = await source.current();
  if (viewer.kind === 'guest') return GUEST_STATS;
  await sendWaitingGames(source, viewer.memberId);
  const stats = await fetchMemberStats(source);
  rememberStats(viewer.memberId, stats);
  return shown(stats, pendingResultsOf(viewer.memberId).length);
}
