import type { LeaderboardStats } from '../domain/leaderboard';
import { memberStatsKey } from '../storage/memberStats';
import { recordWin } from './hotTakes';
import { queueResult, sendPendingResults } from './members/pendingResults';
import { sendGameResult } from './members/stats';
import { currentViewer } from './members/viewer';

// A won Hot Takes game, counted where the viewer's figures live: a guest's on the device (docs/product.md's
// award), a member's on the server, which decides what the game is worth.

export interface GameWinOutcome {
  /** Points the win added; null when the server has not answered yet or its figures before are unknown. */
  award: number | null;
  /** The figures after the win; null for a member's game still waiting on the device. */
  stats: LeaderboardStats | null;
}

function knownPoints(memberId: string): number | null {
  const copy = memberStatsKey.read();
  return copy && copy.memberId === memberId ? copy.stats.totalPoints : null;
}

async function recordMemberWin(memberId: string, messageCount: number, finishedAt: number): Promise<GameWinOutcome> {
  const before = knownPoints(memberId);
  let queued = true;
  try {
    queueResult(memberId, messageCount, finishedAt);
  } catch {
    queued = false;
  }
  // Without room on the device the game can only count if the server takes it now, so its failure is the game's.
  if (!queued) {
    const stats = await sendGameResult(messageCount);
    return { award: before === null ? null : stats.totalPoints - before, stats };
  }
  try {
    const stats = await sendPendingResults(memberId);
    return { award: stats && before !== null ? stats.totalPoints - before : null, stats };
  } catch (error) {
    // Kept on the device: the Games hub and the leaderboard send it when they next load.
    console.warn('A finished game waits on this device for the server', error);
    return { award: null, stats: null };
  }
}

export async function recordGameWin(messageCount: number, finishedAt: number): Promise<GameWinOutcome> {
  const viewer = await currentViewer();
  if (viewer.kind === 'guest') return recordWin(messageCount);
  return recordMemberWin(viewer.memberId, messageCount, finishedAt);
}
