import type { LeaderboardStats } from '../../../domain/leaderboard';
import { memberStatsKey, pendingResultsKey, PENDING_RESULTS_MAX, type PendingResult } from '../storage/memberStats';
import { MemberApiError } from '../../../shared/http/errors';
import { sendGameResult, type SessionEnds } from './stats';

// A member's finished games wait on the device until the server has them: a game won on a train still
// counts once the connection is back. Results go in the order they were played, one at a time.

function sameResult(a: PendingResult, b: PendingResult): boolean {
  return a.memberId === b.memberId && a.gameId === b.gameId && a.finishedAt === b.finishedAt && a.messageCount === b.messageCount;
}

/** Keeps `memberId`'s finished game `gameId` until it is sent. Throws AppError('STORAGE_FULL'). */
export function queueResult(memberId: string, gameId: string, messageCount: number, finishedAt: number): PendingResult {
  const result: PendingResult = { memberId, game: 'hottakes', gameId, messageCount, finishedAt };
  pendingResultsKey.write([...pendingResultsKey.read(), result].slice(-PENDING_RESULTS_MAX));
  return result;
}

export function pendingResultsOf(memberId: string): PendingResult[] {
  return pendingResultsKey.read().filter((r) => r.memberId === memberId);
}

function forget(result: PendingResult): void {
  pendingResultsKey.write(pendingResultsKey.read().filter((r) => !sameResult(r, result)));
}

/** The server refused this result for good (not offline, not a busy or failing server, not a lost session). */
function refusedForGood(error: unknown): boolean {
  return error instanceof MemberApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

export function rememberStats(memberId: string, stats: LeaderboardStats): void {
  try {
    memberStatsKey.write({ memberId, stats });
  } catch {
    // A full storage only loses the copy shown before the next load; the server keeps the figures.
  }
}

const inFlight = new Map<string, Promise<LeaderboardStats | null>>();

async function sendInOrder(session: SessionEnds, memberId: string): Promise<LeaderboardStats | null> {
  let latest: LeaderboardStats | null = null;
  for (const result of pendingResultsOf(memberId)) {
    try {
      if (result.gameId === undefined) console.warn('A finished game from an older version has no server game id and is dropped');
      else latest = await sendGameResult(session, result.gameId);
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      console.error('A finished game was refused by the server and is dropped', error);
    }
    forget(result);
  }
  if (latest) rememberStats(memberId, latest);
  return latest;
}

/**
 * Sends `memberId`'s waiting games; resolves with the figures after the last one (null when none waited).
 * On a failure the unsent ones stay on the device and the failure is thrown. Calls made while a send is
 * under way share it, so no game is sent twice by this tab.
 */
export function sendPendingResults(session: SessionEnds, memberId: string): Promise<LeaderboardStats | null> {
  const running = inFlight.get(memberId);
  if (running) return running;
  const sending = sendInOrder(session, memberId).finally(() => inFlight.delete(memberId));
  inFlight.set(memberId, sending);
  return sending;
}

/**
 * Sends the waiting games before figures are read, without letting a failed send stop the reading: what
 * is still waiting is counted and shown, and goes with the next load. Resolves with the newest figures.
 */
export async function sendWaitingGames(session: SessionEnds, memberId: string): Promise<LeaderboardStats | null> {
  try {
    return await sendPendingResults(session, memberId);
  } catch (error) {
    console.warn('Finished games still wait on this device', error);
    return null;
  }
}
