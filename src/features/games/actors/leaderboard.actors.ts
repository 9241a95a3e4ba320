import { fromPromise } from 'xstate';
import type { CommunityFilter } from '../../../domain/community';
import { explainingFailure } from '../../../domain/explainedError';
import { messages } from '../../../domain/messages';
import type { LeaderboardTab } from '../../../domain/stats';
import type { Board } from '../../../domain/stats';
import { loadBoard } from '../services/leaderboard';
import { statsFailureText } from '../services/stats';
import type { ViewerSource } from '../../../shared/session/viewer';

/** What the leaderboard says when its entries could not be loaded. */
export function explainLeaderboardFailure(error: unknown): string {
  return statsFailureText(error, messages.social.leaderboardLoadFailed);
}

/** The leaderboard's IO for the app's viewer. */
export function leaderboardActorsFor(viewer: ViewerSource) {
  return {
  // Randomness enters here: a guest's first-time stats for other users are drawn once and then stored.
  loadBoard: fromPromise<Board, { tab: LeaderboardTab; community: CommunityFilter }>(({ input }) =>
    explainingFailure(() => loadBoard(viewer, input.tab, input.community, Math.random), explainLeaderboardFailure),
    ),
  };
}
