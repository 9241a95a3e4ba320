import { deviceSources } from '../../chat';
import type { GamesActors } from '../ui/GamesActors';
import { botGameActors } from './botGame.actors';
import { hotTakesMatchActors } from './hotTakesMatch.actors';
import { liveDebateActors } from './liveDebate.actors';
import { soloChatActors } from './soloChat.actors';
import { leaderboardActors } from './leaderboard.actors';
import { readKnownYourStats, yourStatsActors } from './yourStats.actors';

/** The games' real IO, provided where the app is assembled. */
export const gamesActors: GamesActors = {
  sources: deviceSources,
  yourStats: { actors: yourStatsActors, readKnown: readKnownYourStats },
  leaderboard: { actors: leaderboardActors },
  botGame: { actors: botGameActors },
  soloChat: { actors: soloChatActors },
  hotTakesMatch: { actors: hotTakesMatchActors },
  liveDebate: { actors: liveDebateActors },
};
