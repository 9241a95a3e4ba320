import { fromPromise } from 'xstate';
import { explainingFailure } from '../../../domain/explainedError';
import type { Conversation } from '../../../domain/liveContract';
import { chatFailureText, fetchConversations, type ChatSession } from '../services/chats';

/** The member's conversation list for the app's viewer. */
export function conversationsActorsFor(session: ChatSession) {
  return {
    loadConversations: fromPromise<Conversation[]>(() => explainingFailure(() => fetchConversations(session), chatFailureText)),
  };
}
