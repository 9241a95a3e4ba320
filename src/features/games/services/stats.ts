import { memberErrorTexts } from '../../../domain/memberContract';
import { messageFor } from '../../../domain/errorText';
import type { LeaderboardStats } from '../../../domain/leaderboard';
import {
  gameSessionResponseSchema,
  leaderboardResponseSchema,
  SOCIAL_ROUTES,
  socialErrorTexts,
  statsResponseSchema,
} from '../../../domain/socialContract';
import type { Community } from '../../../domain/community';
import type { LeaderboardEntry, LeaderboardTab } from '../../../domain/stats';
import type { z } from 'zod';
import { memberCall } from '../../../shared/http/api';
import { isSessionEnded, MemberApiError } from '../../../shared/http/errors';
import { reportSessionEnded } from '../../../shared/session/viewer';

// The member's side of the leaderboard: their figures, a finished game, and the ranking, from the server.
// Each resolves with validated data or throws MemberApiError (OFFLINE when the server cannot be reached).

/** A members call whose 401 also tells the session, which then returns to a guest with its notice. */
async function statsCall<T>(url: string, schema: z.ZodType<T>, init?: { method: string; body: unknown }): Promise<T> {
  try {
    return await memberCall(url, schema, init);
  } catch (error) {
    if (isSessionEnded(error)) reportSessionEnded();
    throw error;
  }
}

export async function fetchMemberStats(): Promise<LeaderboardStats> {
  return (await statsCall(SOCIAL_ROUTES.stats, statsResponseSchema)).stats;
}

/** Starts a Hot Takes game against the AI on the server; its id goes with every reply and with the result. */
export async function startGameSession(): Promise<string> {
  const body = { game: 'hottakes' as const };
  return (await statsCall(SOCIAL_ROUTES.gameSessions, gameSessionResponseSchema, { method: 'POST', body })).gameId;
}

/** Records a finished Hot Takes game by its id; the server decides what it is worth and answers the new figures. */
export async function sendGameResult(gameId: string): Promise<LeaderboardStats> {
  const body = { game: 'hottakes' as const, gameId };
  return (await statsCall(SOCIAL_ROUTES.gameResults, statsResponseSchema, { method: 'POST', body })).stats;
}

/** The ranking for a tab: members of `community` (all when null), or with 'friends' the member and their friends. */
export async function fetchLeaderboard(tab: LeaderboardTab, community: Community | null): Promise<LeaderboardEntry[]> {
  const query = new URLSearchParams({ tab });
  if (community) query.set('community', community);
  return (await statsCall(`${SOCIAL_ROUTES.leaderboard}?${query.toString()}`, leaderboardResponseSchema)).entries;
}

/** What a person is told when figures could not be loaded or sent: the reason when it helps, else `fallback`. */
export function statsFailureText(error: unknown, fallback: string): string {
  if (!(error instanceof MemberApiError)) return messageFor(error, fallback);
  if (error.code === 'OFFLINE' || error.code === 'UNAUTHENTICATED') return memberErrorTexts[error.code];
  if (error.code === 'TOO_MANY_REQUESTS') return socialErrorTexts.TOO_MANY_REQUESTS;
  return fallback;
}
