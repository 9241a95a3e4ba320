import { fromCallback, fromPromise } from 'xstate';
import type { FriendEntry } from '../../../domain/friends';
import { answerRequestFor, loadFriendsFor, loadRequestsFor, removeFriendFor, type RequestAnswer, type RequestsSnapshot } from '../../discover';
import type { ViewerSource } from '../../../shared/session/viewer';

// The friends list and the friend requests as the session's viewer has them: the device's sample friends for
// everyone, the server's for a member (the discover feature's people services choose).

export function friendsListActorsFor(viewer: ViewerSource) {
  return {
    loadFriends: fromPromise<FriendEntry[]>(() => loadFriendsFor(viewer)),
    removeFriend: fromPromise<unknown, { friendId: string }>(({ input }) => removeFriendFor(viewer, input.friendId)),
  };
}

/** The tab coming back into view. */
export const watchVisibility = fromCallback(({ sendBack }) => {
  const onChange = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'VISIBLE' });
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
});

export function friendRequestsActorsFor(viewer: ViewerSource) {
  return {
    loadRequests: fromPromise<RequestsSnapshot>(() => loadRequestsFor(viewer)),
    answerRequest: fromPromise<unknown, { requestId: string; answer: RequestAnswer }>(({ input }) => answerRequestFor(viewer, input.requestId, input.answer)),
    watchVisibility,
  };
}

/** The friends features' real IO for the app's viewer, created where the app is assembled. */
export function createFriendsActors(viewer: ViewerSource) {
  return { friends: friendsListActorsFor(viewer), friendRequests: friendRequestsActorsFor(viewer) };
}
export type FriendsActors = ReturnType<typeof createFriendsActors>;
