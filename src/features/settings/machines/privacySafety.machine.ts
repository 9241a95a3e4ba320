import { assign, setup } from 'xstate';
import { defaultPrivacySafety, privacySafetyTexts, type FriendRequestsFrom, type PrivacySafety } from '../../../domain/privacySafety';
import { notProvided } from '../../../shared/machines/notProvided';

// Settings' 'Privacy and safety' (members only): what the server keeps, changed one choice at a time.
// A change shows at once and is sent whole; a change during a save starts a fresh save with the latest;
// a refused save puts every choice back where the server last confirmed it.

export interface PrivacySafetyContext {
  /** What the screen shows. */
  safety: PrivacySafety;
  /** What the server last answered (the defaults until it has). */
  confirmed: PrivacySafety;
  error: string | null;
}

type PrivacySafetyEvent =
  | { type: 'CHOOSE_FRIEND_REQUESTS'; value: FriendRequestsFrom }
  | { type: 'TOGGLE_READ_RECEIPTS' }
  | { type: 'TOGGLE_TYPING' }
  | { type: 'TOGGLE_SHOW_READ_RECEIPTS' }
  | { type: 'RETRY' };

export const privacySafetyMachine = setup({
  types: {} as { context: PrivacySafetyContext; events: PrivacySafetyEvent },
  // The real ones are the feature's actors/privacySafety.actors.ts, given the app's session.
  actors: {
    /** GET /api/me/safety. */
    loadSafety: notProvided<PrivacySafety>('loadSafety'),
    /** PUT /api/me/safety with every choice; answers what the server then keeps. */
    saveSafety: notProvided<PrivacySafety, PrivacySafety>('saveSafety'),
  },
  actions: {
    change: assign(({ context }, params: { change: Partial<PrivacySafety> }) => ({ safety: { ...context.safety, ...params.change }, error: null })),
    keepAnswer: assign((_, params: { answer: PrivacySafety }) => ({ safety: params.answer, confirmed: params.answer })),
  },
}).createMachine({
  id: 'privacySafety',
  context: { safety: defaultPrivacySafety(), confirmed: defaultPrivacySafety(), error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSafety',
        src: 'loadSafety',
        onDone: { target: 'ready', actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: assign({ error: privacySafetyTexts.loadFailed }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      initial: 'saved',
      states: {
        saved: {},
        saving: {
          invoke: {
            id: 'saveSafety',
            src: 'saveSafety',
            input: ({ context }) => context.safety,
            onDone: { target: 'saved', actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'saved', actions: assign(({ context }) => ({ safety: context.confirmed, error: privacySafetyTexts.saveFailed })) },
          },
        },
      },
      on: {
        CHOOSE_FRIEND_REQUESTS: { target: '.saving', reenter: true, actions: { type: 'change', params: ({ event }) => ({ change: { friendRequests: event.value } }) } },
        TOGGLE_READ_RECEIPTS: {
          target: '.saving',
          reenter: true,
          actions: { type: 'change', params: ({ context }) => ({ change: { sendReadReceipts: !context.safety.sendReadReceipts } }) },
        },
        TOGGLE_TYPING: {
          target: '.saving',
          reenter: true,
          actions: { type: 'change', params: ({ context }) => ({ change: { sendTypingIndicator: !context.safety.sendTypingIndicator } }) },
        },
        TOGGLE_SHOW_READ_RECEIPTS: {
          target: '.saving',
          reenter: true,
          actions: { type: 'change', params: ({ context }) => ({ change: { showReadReceipts: !context.safety.showReadReceipts } }) },
        },
      },
    },
  },
});
