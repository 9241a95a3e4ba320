import { createContext } from 'react';
import type { botGameActors } from '../actors/botGame.actors';
import type { hotTakesMatchActors } from '../actors/hotTakesMatch.actors';
import type { liveDebateActors } from '../actors/liveDebate.actors';
import type { soloChatActors } from '../actors/soloChat.actors';
import type { leaderboardActors } from '../actors/leaderboard.actors';
import type { readKnownYourStats, yourStatsActors } from '../actors/yourStats.actors';
import { useProvided } from '../../../shared/ui/useProvided';

/** The games' IO: the real actors where the app is assembled (src/app), fakes in a test. */
export interface GamesActors {
  /** The clock and random source the games run on (the device's in the app). */
  sources: { now: () => number; random: () => number };
  yourStats: { actors: typeof yourStatsActors; readKnown: typeof readKnownYourStats };
  leaderboard: { actors: typeof leaderboardActors };
  botGame: { actors: typeof botGameActors };
  soloChat: { actors: typeof soloChatActors };
  hotTakesMatch: { actors: typeof hotTakesMatchActors };
  liveDebate: { actors: typeof liveDebateActors };
}

export const GamesActorsContext = createContext<GamesActors | null>(null);

/** The games' actors the app provides; a games screen outside the provider is a wiring mistake, said loudly. */
export function useGamesActors(): GamesActors {
  return useProvided(GamesActorsContext, 'A games screen was rendered without GamesActorsContext: the app (or the test) provides the games actors.');
}
