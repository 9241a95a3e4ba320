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
import type { ViewerSource } from '../../../shared/session/viewer';

/** Who hears that a members call answered 401: the app's viewer, which tells the session. */
export type SessionEnds = Pick<ViewerSource, 'reportSessionEnded'>;

// The member's side of the leaderboard: their figures, a finished game, and the ranking, from the server.
// Each resolves with validated data or throws MemberApiError (OFFLINE when the server cannot be reached).

/** A members call whose 401 also tells the session, which then returns to a guest with its notice. */
async function statsCall<T>(session: SessionEnds, url: string, schema: z.ZodType<T>, init?: { method: string; body: unknown }): Promise<T> {
  try {
    return await memberCall(url, schema, init);
  } catch (error) {
    if (isSessionEnded(error)) session.reportSessionEnded();
    throw error;
  }
}

export async function fetchMemberStats(session: SessionEnds): Promise<LeaderboardStats> {
  return (await statsCall(session, SOCIAL_ROUTES.stats, statsResponseSchema)).stats;
}

/** Starts a Hot Takes game against the AI on the server; its id goes with every reply and with the result. */
export async function startGameSession(session: SessionEnds): Promise<string> {
  const body = { game: 'hottakes' as const };
  return (await statsCall(session, SOCIAL_ROUTES.gameSessions, gameSessionResponseSchema, { method: 'POST', body })).gameId;
}

/** Records a finished Hot Takes game by its id; the server decides what it is worth and answers the new figures. */
export async function sendGameResult(session: SessionEnds, gameId: string): Promise<LeaderboardStats> {
  const body = { game: 'hottakes' as const, gameId };
  return (await statsCall(session, SOCIAL_ROUTES.gameResults, statsResponseSchema, { method: 'POST', body })).stats;
}

/** The ranking for a tab: members of `community` (all when null), or with 'friends' the member and their friends. */
export async function fetchLeaderboard(session: SessionEnds, tab: LeaderboardTab, community: Community | null): Promise<LeaderboardEntry[]> {
  const query = new URLSearchParams({ tab });
  if (community) query.set('community', community);
  return (await statsCall(session, `${SOCIAL_ROUTES.leaderboard}?${query.toString()}`, leaderboardResponseSchema)).entries;
}

/** What a person is told when figures could not be loaded or sent: the reason when it helps, else `fallback`. */
export function statsFailureText(error: unknown, fallback: string): string {
  if (!(error instanceof MemberApiError)) return messageFor(error, fallback);
  if (error.code === 'OFFLINE' || error.code === 'UNAUTHENTICATED') return memberErrorTexts[error.code];
  if (error.code === 'TOO_MANY_REQUESTS') return socialErrorTexts.TOO_MANY_REQUESTS;
  return fallback;
}
