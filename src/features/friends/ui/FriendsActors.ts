import { createContext, useMemo } from 'react';
import type { FriendsActors } from '../actors/friends.actors';
import { friendRequestsMachine } from '../machines/friendRequests.machine';
import { friendsMachine } from '../machines/friends.machine';
import { useProvided } from '../../../shared/ui/useProvided';

/** The friends machines' IO (people services, the tab's visibility), given where the app is assembled. */
export const FriendsActorsContext = createContext<FriendsActors | null>(null);

function useFriendsActors(): FriendsActors {
  return useProvided(FriendsActorsContext, 'The friends screens need FriendsActorsContext: provide friendsActors above them.');
}

export function useFriendsMachine() {
  const actors = useFriendsActors().friends;
  return useMemo(() => friendsMachine.provide({ actors }), [actors]);
}

export function useFriendRequestsMachine() {
  const actors = useFriendsActors().friendRequests;
  return useMemo(() => friendRequestsMachine.provide({ actors }), [actors]);
}
