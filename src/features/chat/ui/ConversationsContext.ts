import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import { unreadTotal } from '../../../domain/conversations';
import type { conversationsMachine } from '../machines/conversations.machine';

export type ConversationsActor = ActorRefFrom<typeof conversationsMachine>;

/**
 * A member's conversations, provided by ConversationsRoot: null for a guest and outside the app's session
 * root, and for a member in the moment before their actor has started (`expected` is true then).
 */
export const ConversationsContext = createContext<{ actor: ConversationsActor | null; expected: boolean }>({ actor: null, expected: false });

export function useConversations(): ConversationsActor | null {
  return useContext(ConversationsContext).actor;
}

/** A member is signed in, so their conversations are coming even while `useConversations()` is still null. */
export function useConversationsExpected(): boolean {
  return useContext(ConversationsContext).expected;
}

/** Unread messages over all the member's conversations (none for a guest). */
export function useUnreadMessageCount(): number {
  return useSelector(useConversations() ?? undefined, (s) => (s ? unreadTotal(s.context.conversations) : 0));
}
