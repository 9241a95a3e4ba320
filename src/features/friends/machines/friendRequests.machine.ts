import { assertEvent, assign, setup } from 'xstate';
import { messages } from '../../../domain/messages';
import { messageFor } from '../../../domain/errorText';
import type { ListedFriendRequest } from '../../../domain/socialContract';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import type { RequestAnswer, RequestsSnapshot } from '../../discover';

/**
 * A member's friend requests: incoming ones to Accept or Decline, outgoing ones to Cancel, kept
 * fresh by the live channel (REFRESH when the other person answers, and whenever the channel opens), and as a
 * fallback every 30 s and whenever the tab is shown again. When an outgoing request has turned into a
 * friendship the sender is told "You're now friends with {name}!" in the page until they dismiss it.
 * One actor for the whole app (the Friends tab's badge and the Friends screen read it); a guest's
 * service answers with no requests.
 */
export interface FriendRequestsContext {
  incoming: ListedFriendRequest[];
  outgoing: ListedFriendRequest[];
  friendIds: string[];
  /** The request being answered. */
  answeringId: string | null;
  notice: string | null;
  error: string | null;
}

type FriendRequestsEvent =
  | { type: 'REFRESH' }
  | { type: 'VISIBLE' }
  | { type: 'ACCEPT'; requestId: string }
  | { type: 'DECLINE'; requestId: string }
  | { type: 'CANCEL'; requestId: string }
  | { type: 'DISMISS_NOTICE' };

const answerOf = { ACCEPT: 'accept', DECLINE: 'decline', CANCEL: 'cancel' } as const satisfies Record<string, RequestAnswer>;

function acceptedNotice(previous: readonly ListedFriendRequest[], loaded: RequestsSnapshot): string | null {
  const names = previous.filter((request) => loaded.friendIds.includes(request.to.id)).map((request) => request.to.username);
  return names.length === 0 ? null : names.map((name) => messages.friends.added(name)).join(' ');
}

/** Accept, Decline and Cancel, taken only for a request on the lists shown. */
const answers = {
  ACCEPT: { guard: 'answersIncoming', target: 'answering', actions: 'startAnswer' },
  DECLINE: { guard: 'answersIncoming', target: 'answering', actions: 'startAnswer' },
  CANCEL: { guard: 'cancelsOutgoing', target: 'answering', actions: 'startAnswer' },
} as const;

export const friendRequestsMachine = setup({
  types: {} as { context: FriendRequestsContext; events: FriendRequestsEvent },
  actors: {
    loadRequests: notProvided<RequestsSnapshot>('loadRequests'),
    answerRequest: notProvided<unknown, { requestId: string; answer: RequestAnswer }>('answerRequest'),
    // Sends VISIBLE when the tab is shown again: hidden tabs are not refreshed by the browser's timers reliably.
    watchVisibility: callbackNotProvided('watchVisibility'),
  },
  guards: {
    answersIncoming: ({ context, event }) =>
      (event.type === 'ACCEPT' || event.type === 'DECLINE') && context.incoming.some((r) => r.id === event.requestId),
    cancelsOutgoing: ({ context, event }) => event.type === 'CANCEL' && context.outgoing.some((r) => r.id === event.requestId),
  },
  actions: {
    startAnswer: assign({
      answeringId: ({ event }) => (event.type === 'ACCEPT' || event.type === 'DECLINE' || event.type === 'CANCEL' ? event.requestId : null),
      error: null,
    }),
    logWatchFailure: (_, params: { error: unknown }) => console.error('Watching the tab visibility failed', params.error),
  },
  delays: {
    refreshDelay: 30_000,
  },
}).createMachine({
  id: 'friendRequests',
  context: { incoming: [], outgoing: [], friendIds: [], answeringId: null, notice: null, error: null },
  invoke: { id: 'watchVisibility', src: 'watchVisibility', onError: { actions: { type: 'logWatchFailure', params: ({ event }) => ({ error: event.error }) } } },
  on: {
    DISMISS_NOTICE: { actions: assign({ notice: null }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRequests',
        src: 'loadRequests',
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => ({
            incoming: event.output.incoming,
            outgoing: event.output.outgoing,
            friendIds: event.output.friendIds,
            notice: acceptedNotice(context.outgoing, event.output) ?? context.notice,
            error: null,
          })),
        },
        // The lists shown stay as they were; the next refresh tries again.
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageFor(event.error, messages.requests.loadFailed) }) },
      },
      on: {
        // Something changed after this load was asked (a live 'people.changed', the live channel opening as
        // the page loads): asked again, so the answer includes it.
        REFRESH: { target: 'loading', reenter: true },
        // The rows on screen stay pressable while they are fetched again: the answer goes at once, and the
        // lists are loaded after it anyway.
        ...answers,
      },
    },
    idle: {
      after: { refreshDelay: 'loading' },
      on: {
        REFRESH: 'loading',
        VISIBLE: 'loading',
        ...answers,
      },
    },
    answering: {
      invoke: {
        id: 'answerRequest',
        src: 'answerRequest',
        input: ({ context, event }) => {
          assertEvent(event, ['ACCEPT', 'DECLINE', 'CANCEL']);
          return { requestId: context.answeringId ?? '', answer: answerOf[event.type] };
        },
        onDone: { target: 'loading', actions: assign({ answeringId: null }) },
        onError: {
          target: 'idle',
          actions: assign({ answeringId: null, error: ({ event }) => messageFor(event.error, messages.requests.answerFailed) }),
        },
      },
    },
  },
});
