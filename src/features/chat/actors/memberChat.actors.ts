import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { explainingFailure } from '../../../domain/explainedError';
import type { ChatHistory } from '../../../domain/liveContract';
import type { OpenedChat } from '../../../domain/memberChat';
import { chatFailureText, fetchChatHistory, openMemberChat } from '../services/chats';

/** The member chat's IO: its REST calls (failures worded by the chat's one mapping) and the tab's visibility. */
export const memberChatActors = {
  loadChat: fromPromise<OpenedChat, { friendId: string }>(({ input }) => explainingFailure(() => openMemberChat(input.friendId), chatFailureText)),
  loadEarlier: fromPromise<ChatHistory, { friendId: string; before: string }>(({ input }) =>
    explainingFailure(() => fetchChatHistory(input.friendId, input.before), chatFailureText),
  ),
  catchUp: fromPromise<ChatHistory, { friendId: string }>(({ input }) => explainingFailure(() => fetchChatHistory(input.friendId), chatFailureText)),
  watchVisibility: fromCallback<EventObject>(({ sendBack }) => {
    const onChange = () => sendBack({ type: 'VISIBILITY', visible: document.visibilityState === 'visible' });
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }),
};

/** Whether the tab is visible now (a page with no document counts as visible). */
export function tabVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}
