import { useMemo, type ReactNode } from 'react';
import { createDiscoverActors } from '../features/discover/actors/discover.actors';
import { DiscoverActorsContext } from '../features/discover/ui/DiscoverActors';
import { createFriendsActors } from '../features/friends/actors/friends.actors';
import { FriendsActorsContext } from '../features/friends/ui/FriendsActors';
import { safetyActors } from '../features/safety/actors/safety.actors';
import { SafetyActorsContext } from '../features/safety/ui/SafetyActors';
import { useViewerSource } from './ViewerSourceContext';

/** The real IO of the people features (discover, friends, safety), given to their machines below. */
export function PeopleFeatureActors({ children }: { children: ReactNode }) {
  const viewer = useViewerSource();
  const discoverActors = useMemo(() => createDiscoverActors(viewer), [viewer]);
  const friendsActors = useMemo(() => createFriendsActors(viewer), [viewer]);
  return (
    <DiscoverActorsContext.Provider value={discoverActors}>
      <FriendsActorsContext.Provider value={friendsActors}>
        <SafetyActorsContext.Provider value={safetyActors}>{children}</SafetyActorsContext.Provider>
      </FriendsActorsContext.Provider>
    </DiscoverActorsContext.Provider>
  );
}
