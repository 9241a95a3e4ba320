import type { GameWinOutcome } from '../../../domain/stats';
import { memberStatsKey } from '../storage/memberStats';
import { recordWin } from './hotTakes';
import { queueResult, sendPendingResults } from './pendingResults';
import { sendGameResult, startGameSession } from './stats';
import type { ViewerSource } from '../../../shared/session/viewer';

// A won Hot Takes game, counted where the viewer's figures live: a guest's on the device (docs/product.md's
// award), a member's on the server, which decides what the game is worth.

function knownPoints(memberId: string): number | null {
  const copy = memberStatsKey.read();
  return copy && copy.memberId === memberId ? copy.stats.totalPoints : null;
}

async function recordMemberWin(viewer: ViewerSource, memberId: string, gameId: string, messageCount: number, finishedAt: number): Promise<GameWinOutcome> {
  const before = knownPoints(memberId);
  let queued = true;
  try {
    queueResult(memberId, gameId, messageCount, finishedAt);
  } catch {
    queued = false;
  }
  // Without room on the device the game can only count if the server takes it now, so its failure is the game's.
  if (!queued) {
    const stats = await sendGameResult(viewer, gameId);
    return { award: before === null ? null : stats.totalPoints - before, stats };
  }
  try {
    const stats = await sendPendingResults(viewer, memberId);
    return { award: stats && before !== null ? stats.totalPoints - before : null, stats };
  } catch (error) {
    // Kept on the device: the Games hub and the leaderboard send it when they next load.
    console.warn('A finished game waits on this device for the server', error);
    return { award: null, stats: null };
  }
}

/**
 * A new Hot Takes game against the AI: a member's is started on the server, which answers the id its
 * replies and its result carry (only a game the server saw can score); a guest's needs none (null).
 */
export async function startHotTakesGame(viewer: ViewerSource): Promise<string | null> {
  return (await viewer.current()).kind === 'guest' ? null : startGameSession(viewer);
}

/**
 * Counts a won game: a guest's on the device by its `messageCount`; a member's on the server by `gameId`
 * (the server values it from the turns it answered). A member's game without an id cannot count.
 */
export async function recordGameWin(source: ViewerSource, gameId: string | null, messageCount: number, finishedAt: number): Promise<GameWinOutcome> {
  const viewer = await source.current();
  if (viewer.kind === 'guest') return recordWin(messageCount);
  if (gameId === null) throw new Error('A member\'s game was played without a server game id, so it cannot count.');
  return recordMemberWin(source, viewer.memberId, gameId, messageCount, finishedAt);
}
