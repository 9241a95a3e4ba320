import { createContext } from 'react';
import type { chatLogsActors } from '../actors/chatLogs.actors';
import type { friendChatIO } from '../actors/friendChat.actors';
import type { chatMuteActorsFor, memberChatActorsFor, tabVisible } from '../actors/memberChat.actors';
import { useProvided } from '../../../shared/ui/useProvided';

/** The chats' IO: the real actors where the app is assembled (src/app), fakes in a test. */
export interface ChatActors {
  /** The clock and random source the chats run on (the device's in the app). */
  sources: { now: () => number; random: () => number };
  chatLogs: { actors: typeof chatLogsActors };
  friendChat: typeof friendChatIO;
  memberChat: { actors: ReturnType<typeof memberChatActorsFor>; tabVisible: typeof tabVisible };
  chatMute: { actors: ReturnType<typeof chatMuteActorsFor> };
}

export const ChatActorsContext = createContext<ChatActors | null>(null);

/** The chats' actors the app provides; a chat screen outside the provider is a wiring mistake, said loudly. */
export function useChatActors(): ChatActors {
  return useProvided(ChatActorsContext, 'A chat screen was rendered without ChatActorsContext: the app (or the test) provides the chat actors.');
}
