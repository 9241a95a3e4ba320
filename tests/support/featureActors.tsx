import type { ReactNode } from 'react';
import { gamesActors } from '../../src/features/games/actors';
import { GamesActorsContext, type GamesActors } from '../../src/features/games/ui/GamesActors';

// Chat and games screens get their IO from the providers the app fills (src/app/ChatGamesActors.tsx).
// A UI test renders them under the same providers: the real actors (over the test's device storage), with
// the parts the test fakes replaced.

export function WithGamesActors({ fakes = {}, children }: { fakes?: Partial<GamesActors>; children: ReactNode }) {
  return <GamesActorsContext.Provider value={{ ...gamesActors, ...fakes }}>{children}</GamesActorsContext.Provider>;
}
