import { assign, fromCallback, setup } from 'xstate';
import type { Conversation } from '../../../domain/liveContract';
import { byLatestMessage } from '../../../domain/conversations';
import { messageFor } from '../../../domain/errorText';
import { memberErrorTexts } from '../../../domain/memberContract';
import { notProvided } from '../../../shared/machines/notProvided';
import type { LiveCommand, LiveEmitted } from '../../live';

// A member's conversations (the list on Friends and the unread badge on the Friends tab):
// loaded when the app opens them, again on REFRESH (Friends opened) and whenever a message arrives or the
// live channel opens again (what came meanwhile), the member's friends change or they mute or unmute a chat
// (on any tab or device), newest activity first.

export interface ConversationsContext {
  conversations: Conversation[];
  error: string | null;
}

export type ConversationsEvent = { type: 'REFRESH' } | LiveEmitted;

export const conversationsMachine = setup({
  types: {} as { context: ConversationsContext; events: ConversationsEvent },
  actors: {
    /** The member's conversations; a failure comes worded for the person (ExplainedError). */
    loadConversations: notProvided<Conversation[]>('loadConversations'),
    // The composition point provides the app's live link; standing alone, the list hears nothing.
    liveLink: fromCallback<LiveCommand>(() => undefined),
  },
  guards: {
    /** A message to or from the member, a friendship ended or a block, a mute, or the live channel back open: the list may have changed. */
    changes: ({ event }) =>
      (event.type === 'live.received' && (event.frame.type === 'message' || event.frame.type === 'people.changed' || event.frame.type === 'mute.changed')) ||
      (event.type === 'live.status' && event.status === 'open'),
  },
  actions: {
    logLinkFailure: (_, error: unknown) => console.error('The conversations lost the live link', error),
  },
}).createMachine({
  id: 'conversations',
  context: { conversations: [], error: null },
  invoke: { id: 'liveLink', src: 'liveLink', onError: { actions: { type: 'logLinkFailure', params: ({ event }: { event: { error: unknown } }) => event.error } } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConversations',
        src: 'loadConversations',
        onDone: { target: 'ready', actions: assign({ conversations: ({ event }) => byLatestMessage(event.output), error: null }) },
        // What was shown stays; the next change or visit tries again.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageFor(event.error, memberErrorTexts.SERVER) }) },
      },
      on: {
        // Started again so the answer includes what just changed.
        REFRESH: { target: 'loading', reenter: true },
        'live.received': { guard: 'changes', target: 'loading', reenter: true },
        'live.status': { guard: 'changes', target: 'loading', reenter: true },
      },
    },
    ready: {
      on: {
        REFRESH: 'loading',
        'live.received': { guard: 'changes', target: 'loading' },
        'live.status': { guard: 'changes', target: 'loading' },
      },
    },
  },
});
