import { assign, fromPromise, setup } from 'xstate';
import { messageFor } from '../domain/errorText';
import { messages } from '../domain/messages';
import type { User } from '../domain/user';
import { loadFriends, removeFriendLink } from '../services/users';

export interface FriendsContext {
  friends: User[];
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
  | { type: 'RETRY' };

/** Friends ('Your Friends'): load, then remove after an in-page confirmation (both link directions go). */
export const friendsMachine = setup({
  types: {} as { context: FriendsContext; events: FriendsEvent },
  actors: {
    loadFriends: fromPromise<User[]>(async () => loadFriends()),
    removeFriend: fromPromise(async ({ input }: { input: { friendId: string } }) => removeFriendLink(input.friendId)),
  },
  guards: {
    isFriend: ({ context, event }) => event.type === 'REMOVE' && context.friends.some((f) => f.id === event.friendId),
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
