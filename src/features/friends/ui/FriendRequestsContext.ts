import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { friendRequestsMachine } from '../machines/friendRequests.machine';

export type FriendRequestsActor = ActorRefFrom<typeof friendRequestsMachine>;

/** The app's one friend-requests actor, started where the app is assembled; null for a screen rendered on its own. */
export const FriendRequestsContext = createContext<FriendRequestsActor | null>(null);

export function useFriendRequests(): FriendRequestsActor | null {
  return useContext(FriendRequestsContext);
}

/** The member's incoming friend requests waiting for an answer (none for a guest). */
export function useIncomingRequestCount(): number {
  return useSelector(useFriendRequests() ?? undefined, (s) => s?.context.incoming.length ?? 0);
}
