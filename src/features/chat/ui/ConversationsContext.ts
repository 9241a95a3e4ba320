import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import { unreadTotal } from '../../../domain/conversations';
import type { conversationsMachine } from '../machines/conversations.machine';

export type ConversationsActor = ActorRefFrom<typeof conversationsMachine>;

/** A member's conversations, provided by ConversationsRoot; null for a guest and outside the app's session root. */
export const ConversationsContext = createContext<ConversationsActor | null>(null);

export function useConversations(): ConversationsActor | null {
  return useContext(ConversationsContext);
}

/** Unread messages over all the member's conversations (none for a guest). */
export function useUnreadMessageCount(): number {
  return useSelector(useConversations() ?? undefined, (s) => (s ? unreadTotal(s.context.conversations) : 0));
}
