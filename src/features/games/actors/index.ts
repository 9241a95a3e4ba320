import { deviceSources } from '../../chat';
import type { GamesActors } from '../ui/GamesActors';
import { botGameActors } from './botGame.actors';
import { hotTakesMatchActorsFor } from './hotTakesMatch.actors';
import { liveDebateActors } from './liveDebate.actors';
import { soloChatActors } from './soloChat.actors';
import { leaderboardActorsFor } from './leaderboard.actors';
import { readKnownYourStatsOf, yourStatsActorsFor } from './yourStats.actors';
import type { ViewerSource } from '../../../shared/session/viewer';

/** The games' real IO for the app's viewer, created where the app is assembled. */
export function createGamesActors(viewer: ViewerSource): GamesActors {
  return {
  sources: deviceSources,
  yourStats: { actors: yourStatsActorsFor(viewer), readKnown: readKnownYourStatsOf(viewer) },
  leaderboard: { actors: leaderboardActorsFor(viewer) },
  botGame: { actors: botGameActors },
  soloChat: { actors: soloChatActors },
  hotTakesMatch: { actors: hotTakesMatchActorsFor(viewer) },
  liveDebate: { actors: liveDebateActors },
  };
}
