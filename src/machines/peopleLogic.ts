import { fromPromise } from 'xstate';
import type { SessionActor } from './sessionRequests';
import {
  answerRequestFor,
  befriendFor,
  loadDiscoverPageFor,
  loadFriendsFor,
  loadRequestsFor,
  removeFriendFor,
} from '../services/members/socialForSession';
import { friendRequestsMachine } from './friendRequests.machine';
import { friendsMachine } from './friends.machine';
import { memberDiscoverMachine } from './memberDiscover.machine';

// The people machines with the services that choose by the session (guest: the device; member: the
// server). The machines themselves are the same in both modes; screens start these.

export function friendsLogic(session: SessionActor | undefined) {
  return friendsMachine.provide({
    actors: {
      loadFriends: fromPromise(() => loadFriendsFor(session)),
      removeFriend: fromPromise(({ input }) => removeFriendFor(session, input.friendId)),
    },
  });
}

export function friendRequestsLogic(session: SessionActor | undefined) {
  return friendRequestsMachine.provide({
    actors: {
      loadRequests: fromPromise(() => loadRequestsFor(session)),
      answerRequest: fromPromise(({ input }) => answerRequestFor(session, input.requestId, input.answer)),
    },
  });
}

export function memberDiscoverLogic(session: SessionActor | undefined) {
  return memberDiscoverMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => loadDiscoverPageFor(session, input)),
      befriend: fromPromise(({ input }) => befriendFor(session, input)),
    },
  });
}
