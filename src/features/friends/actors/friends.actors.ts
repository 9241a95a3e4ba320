import { fromCallback, fromPromise } from 'xstate';
import type { FriendEntry } from '../../../domain/friends';
import { answerRequestFor, loadFriendsFor, loadRequestsFor, removeFriendFor, type RequestAnswer, type RequestsSnapshot } from '../../discover';

// The friends list and the friend requests as the session's viewer has them: the device's sample friends for
// everyone, the server's for a member (the discover feature's people services choose).

export const friendsListActors = {
  loadFriends: fromPromise<FriendEntry[]>(() => loadFriendsFor()),
  removeFriend: fromPromise<unknown, { friendId: string }>(({ input }) => removeFriendFor(input.friendId)),
};

export const friendRequestsActors = {
  loadRequests: fromPromise<RequestsSnapshot>(() => loadRequestsFor()),
  answerRequest: fromPromise<unknown, { requestId: string; answer: RequestAnswer }>(({ input }) => answerRequestFor(input.requestId, input.answer)),
  watchVisibility: fromCallback(({ sendBack }) => {
    const onChange = () => {
      if (document.visibilityState === 'visible') sendBack({ type: 'VISIBLE' });
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }),
};

export const friendsActors = { friends: friendsListActors, friendRequests: friendRequestsActors };
export type FriendsActors = typeof friendsActors;
