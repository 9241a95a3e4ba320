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
  /** A change was heard while the dialog was open or a removal on its way: the list is read again after. */
  reloadWanted: boolean;
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
 * ended, a block, an accepted request), or the channel opened again. Remove stays pressable while the list
 * is read again; a change heard meanwhile (or a read cut short by Remove) reads the list once the dialog is done.
 */
/** What asks for the list again, heard while the dialog is open or the removal on its way. */
const reloadLater = {
  REFRESH: { actions: 'wantReload' },
  'live.received': { guard: 'liveChange', actions: 'wantReload' },
  'live.status': { guard: 'liveChange', actions: 'wantReload' },
} as const;

export const friendsMachine = setup({
  types: {} as { context: FriendsContext; events: FriendsEvent },
  actors: {
    loadFriends: notProvided<FriendEntry[]>('loadFriends'),
    removeFriend: notProvided<unknown, { friendId: string }>('removeFriend'),
  },
  guards: {
    reloadWanted: ({ context }) => context.reloadWanted,
    isFriend: ({ context, event }) => event.type === 'REMOVE' && context.friends.some((f) => f.id === event.friendId),
    liveChange: ({ event }) =>
      (event.type === 'live.received' && event.frame.type === 'people.changed') || (event.type === 'live.status' && event.status === 'open'),
  },
  actions: {
    wantReload: assign({ reloadWanted: true }),
  },
}).createMachine({
  id: 'friends',
  context: { friends: [], pendingId: null, notice: null, error: null, reloadWanted: false },
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
          always: { guard: 'reloadWanted', target: 'refreshing' },
          on: {
            REMOVE: { guard: 'isFriend', target: 'confirming', actions: assign({ pendingId: ({ event }) => event.friendId, error: null }) },
            REFRESH: 'refreshing',
            'live.received': { guard: 'liveChange', target: 'refreshing' },
            'live.status': { guard: 'liveChange', target: 'refreshing' },
          },
        },
        refreshing: {
          entry: assign({ reloadWanted: false }),
          on: {
            // Asked before the change: asked again, so the list shows it.
            REFRESH: { target: 'refreshing', reenter: true },
            'live.received': { guard: 'liveChange', target: 'refreshing', reenter: true },
            'live.status': { guard: 'liveChange', target: 'refreshing', reenter: true },
            REMOVE: { guard: 'isFriend', target: 'confirming', actions: assign({ pendingId: ({ event }) => event.friendId, error: null, reloadWanted: true }) },
          },
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
            ...reloadLater,
          },
        },
        removing: {
          on: reloadLater,
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
