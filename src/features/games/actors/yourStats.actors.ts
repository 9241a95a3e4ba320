import { fromPromise } from 'xstate';
import { explainingFailure } from '../../../domain/explainedError';
import { messages } from '../../../domain/messages';
import type { KnownYourStats } from '../machines/yourStats.machine';
import { statsFailureText } from '../services/stats';
import type { YourStats } from '../../../domain/stats';
import { knownYourStats, loadYourStats, unsentGames } from '../services/yourStats';
import type { ViewerSource } from '../../../shared/session/viewer';

/** What the hub says when the figures could not be loaded. */
export function explainYourStatsFailure(error: unknown): string {
  return statsFailureText(error, messages.leaderboard.statsLoadFailed);
}

/** The hub's figures for the app's viewer. */
export function yourStatsActorsFor(viewer: ViewerSource) {
  return {
    loadYourStats: fromPromise<YourStats>(() => explainingFailure(() => loadYourStats(viewer), explainYourStatsFailure)),
  };
}

/** What the device knows of the viewer's figures (a guest's zeros, a member's last copy) and their waiting games. */
export function readKnownYourStatsOf(viewer: ViewerSource): () => KnownYourStats {
  return () => ({ stats: knownYourStats(viewer), unsent: unsentGames(viewer) });
}
