import type { ReactNode } from 'react';
import { friendsActors } from '../features/friends/actors/friends.actors';
import { FriendsActorsContext } from '../features/friends/ui/FriendsActors';
import { safetyActors } from '../features/safety/actors/safety.actors';
import { SafetyActorsContext } from '../features/safety/ui/SafetyActors';

/** The real IO of the people features (friends, safety), given to their machines below. */
export function PeopleFeatureActors({ children }: { children: ReactNode }) {
  return (
    <FriendsActorsContext.Provider value={friendsActors}>
      <SafetyActorsContext.Provider value={safetyActors}>{children}</SafetyActorsContext.Provider>
    </FriendsActorsContext.Provider>
  );
}
