import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { explainingFailure } from '../../../domain/explainedError';
import type { ChatHistory } from '../../../domain/liveContract';
import type { OpenedChat } from '../../../domain/memberChat';
import { chatFailureText, fetchChatHistory, fetchMuted, hasBlocked, openMemberChat, saveMuted, type ChatSession } from '../services/chats';

/** The tab becoming visible or hidden. */
export const watchTabVisibility = fromCallback<EventObject>(({ sendBack }) => {
  const onChange = () => sendBack({ type: 'VISIBILITY', visible: document.visibilityState === 'visible' });
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
});

/** The member chat's IO: its REST calls (failures worded by the chat's one mapping) and the tab's visibility. */
export function memberChatActorsFor(session: ChatSession) {
  return {
    loadChat: fromPromise<OpenedChat, { friendId: string }>(({ input }) => explainingFailure(() => openMemberChat(session, input.friendId), chatFailureText)),
    loadEarlier: fromPromise<ChatHistory, { friendId: string; before: string }>(({ input }) =>
      explainingFailure(() => fetchChatHistory(session, input.friendId, input.before), chatFailureText),
    ),
    catchUp: fromPromise<ChatHistory, { friendId: string }>(({ input }) =>
      explainingFailure(() => fetchChatHistory(session, input.friendId), chatFailureText),
    ),
    checkBlocked: fromPromise<boolean, { friendId: string }>(({ input }) => explainingFailure(() => hasBlocked(session, input.friendId), chatFailureText)),
    watchVisibility: watchTabVisibility,
  };
}

/** Whether the chat is muted, over REST (the More actions menu's 'Mute' and 'Unmute'). */
export function chatMuteActorsFor(session: ChatSession) {
  return {
    loadMute: fromPromise<boolean, { friendId: string }>(({ input }) => fetchMuted(session, input.friendId)),
    saveMute: fromPromise<boolean, { friendId: string; muted: boolean }>(({ input }) => saveMuted(session, input.friendId, input.muted)),
  };
}


/** Whether the tab is visible now (a page with no document counts as visible). */
export function tabVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}
