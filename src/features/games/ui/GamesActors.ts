import { createContext } from 'react';
import type { botGameActors } from '../actors/botGame.actors';
import type { hotTakesMatchActorsFor } from '../actors/hotTakesMatch.actors';
import type { liveDebateActors } from '../actors/liveDebate.actors';
import type { soloChatActors } from '../actors/soloChat.actors';
import type { leaderboardActorsFor } from '../actors/leaderboard.actors';
import type { KnownYourStats } from '../machines/yourStats.machine';
import type { yourStatsActorsFor } from '../actors/yourStats.actors';
import { useProvided } from '../../../shared/ui/useProvided';

/** The games' IO: the real actors where the app is assembled (src/app), fakes in a test. */
export interface GamesActors {
  /** The clock and random source the games run on (the device's in the app). */
  sources: { now: () => number; random: () => number };
  yourStats: { actors: ReturnType<typeof yourStatsActorsFor>; readKnown: () => KnownYourStats };
  leaderboard: { actors: ReturnType<typeof leaderboardActorsFor> };
  botGame: { actors: typeof botGameActors };
  soloChat: { actors: typeof soloChatActors };
  hotTakesMatch: { actors: ReturnType<typeof hotTakesMatchActorsFor> };
  liveDebate: { actors: typeof liveDebateActors };
}

export const GamesActorsContext = createContext<GamesActors | null>(null);

/** The games' actors the app provides; a games screen outside the provider is a wiring mistake, said loudly. */
export function useGamesActors(): GamesActors {
  return useProvided(GamesActorsContext, 'A games screen was rendered without GamesActorsContext: the app (or the test) provides the games actors.');
}
