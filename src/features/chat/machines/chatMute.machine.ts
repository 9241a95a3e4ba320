import { assign, fromCallback, setup } from 'xstate';
import { chatMuteTexts } from '../../../domain/chatMute';
import { notProvided } from '../../../shared/machines/notProvided';
import type { LiveCommand, LiveEmitted } from '../../live';

// Whether the member's chat with one friend is muted (the chat's More actions menu offers 'Mute' or
// 'Unmute'). The server keeps it: the state is loaded as the chat opens, a change shows at once and is
// saved, a refused save puts it back and says so, and a change made on another tab or device arrives as a
// 'mute.changed' frame. Until the state is known, the menu offers neither.

export interface ChatMuteContext {
  friendId: string;
  /** What the menu shows. */
  muted: boolean;
  /** What the server last said. */
  confirmed: boolean;
  error: string | null;
}

export type ChatMuteEvent = { type: 'TOGGLE_MUTE' } | LiveEmitted;

export const chatMuteMachine = setup({
  types: {} as { context: ChatMuteContext; events: ChatMuteEvent; input: { friendId: string } },
  actors: {
    /** GET /api/chats/:friendId/mute: whether it is muted. */
    loadMute: notProvided<boolean, { friendId: string }>('loadMute'),
    /** PUT (mute) or DELETE (unmute) /api/chats/:friendId/mute: what the server then keeps. */
    saveMute: notProvided<boolean, { friendId: string; muted: boolean }>('saveMute'),
    // The screen provides the app's live link; standing alone, the chat hears no other tab.
    liveLink: fromCallback<LiveCommand>(() => undefined),
  },
  guards: {
    /** This chat was muted or unmuted on another tab or device (or this one's own change echoed). */
    isThisChatsMute: ({ context, event }) => event.type === 'live.received' && event.frame.type === 'mute.changed' && event.frame.friendId === context.friendId,
    channelOpened: ({ event }) => event.type === 'live.status' && event.status === 'open',
  },
  actions: {
    keep: assign((_, params: { muted: boolean }) => ({ muted: params.muted, confirmed: params.muted })),
    logLinkFailure: (_, error: unknown) => console.error('The chat mute lost the live link', error),
  },
}).createMachine({
  id: 'chatMute',
  context: ({ input }) => ({ friendId: input.friendId, muted: false, confirmed: false, error: null }),
  invoke: { id: 'liveLink', src: 'liveLink', onError: { actions: { type: 'logLinkFailure', params: ({ event }: { event: { error: unknown } }) => event.error } } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMute',
        src: 'loadMute',
        input: ({ context }) => ({ friendId: context.friendId }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => ({ muted: event.output }) } },
        // Not known: the menu offers neither until the live channel opens again and it loads.
        onError: 'unknown',
      },
    },
    unknown: {
      on: { 'live.status': { guard: 'channelOpened', target: 'loading' } },
    },
    ready: {
      initial: 'saved',
      on: {
        TOGGLE_MUTE: {
          target: '.saving',
          reenter: true,
          actions: assign(({ context }) => ({ muted: !context.muted, error: null })),
        },
      },
      states: {
        // While a save is in flight its answer decides (the frame it sets off says the same).
        saved: {
          on: {
            'live.received': {
              guard: 'isThisChatsMute',
              actions: { type: 'keep', params: ({ event }) => ({ muted: event.type === 'live.received' && event.frame.type === 'mute.changed' && event.frame.muted }) },
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveMute',
            src: 'saveMute',
            input: ({ context }) => ({ friendId: context.friendId, muted: context.muted }),
            onDone: { target: 'saved', actions: { type: 'keep', params: ({ event }) => ({ muted: event.output }) } },
            onError: { target: 'saved', actions: assign(({ context }) => ({ muted: context.confirmed, error: chatMuteTexts.failed })) },
          },
        },
      },
    },
  },
});
