import { fromPromise } from 'xstate';
import { explainingFailure } from '../../../domain/explainedError';
import type { Conversation } from '../../../domain/liveContract';
import { chatFailureText, fetchConversations } from '../services/chats';

export const conversationsActors = {
  loadConversations: fromPromise<Conversation[]>(() => explainingFailure(fetchConversations, chatFailureText)),
};
