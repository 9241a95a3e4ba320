import { assign, setup } from 'xstate';
import { messages } from '../../../domain/messages';
import type { FriendEntry } from '../../../domain/friends';
import { messageFor } from '../../../domain/errorText';
import { notProvided } from '../../../shared/machines/notProvided';
import type { LiveEmitted } from '../../live';

export interface FriendsContext {
  friends: FriendEntry[];
  /** The friend the confirmation dialog asks about. */
  pendingId: string | null;
  /** A short status line for screen readers and sighted users after a removal. */
  notice: string | null;
  error: string | null;
}

type FriendsEvent =
  | { type: 'REMOVE'; friendId: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | LiveEmitted;

/**
 * Friends ('Your Friends'): load, then remove after an in-page confirmation (both link directions go).
 * REFRESH (a friend request was accepted) reloads the list while it stays on screen, as does what the live
 * channel says (forwarded by the screen): the member's friends changed ('people.changed': a friendship
 * ended, a block, an accepted request), or the channel opened again.
 */
export const friendsMachine = setup({
  types: {} as { context: FriendsContext; events: FriendsEvent },
  actors: {
    loadFriends: notProvided<FriendEntry[]>('loadFriends'),
    removeFriend: notProvided<unknown, { friendId: string }>('removeFriend'),
  },
  guards: {
    isFriend: ({ context, event }) => event.type === 'REMOVE' && context.friends.some((f) => f.id === event.friendId),
    liveChange: ({ event }) =>
      (event.type === 'live.received' && event.frame.type === 'people.changed') || (event.type === 'live.status' && event.status === 'open'),
  },
}).createMachine({
  id: 'friends',
  context: { friends: [], pendingId: null, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadFriends',
        src: 'loadFriends',
        onDone: { target: 'ready', actions: assign({ friends: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageFor(event.error, messages.social.friendsLoadFailed) }),
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            REMOVE: { guard: 'isFriend', target: 'confirming', actions: assign({ pendingId: ({ event }) => event.friendId, error: null }) },
            REFRESH: 'refreshing',
            'live.received': { guard: 'liveChange', target: 'refreshing' },
            'live.status': { guard: 'liveChange', target: 'refreshing' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshFriends',
            src: 'loadFriends',
            onDone: { target: 'idle', actions: assign({ friends: ({ event }) => event.output }) },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messageFor(event.error, messages.social.friendsLoadFailed) }),
            },
          },
        },
        confirming: {
          on: {
            CONFIRM: 'removing',
            CANCEL: { target: 'idle', actions: assign({ pendingId: null }) },
          },
        },
        removing: {
          invoke: {
            id: 'removeFriend',
            src: 'removeFriend',
            input: ({ context }) => ({ friendId: context.pendingId! }),
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => {
                const removed = context.friends.find((f) => f.id === context.pendingId);
                return {
                  friends: context.friends.filter((f) => f.id !== context.pendingId),
                  pendingId: null,
                  notice: removed ? `${removed.username} was removed from your friends.` : null,
                };
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                pendingId: null,
                error: ({ event }) => messageFor(event.error, messages.social.removeFriendFailed),
              }),
            },
          },
        },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
