import { z } from 'zod';
import { chatMessageSchema, type ChatMessage } from '../../../domain/chat';
import { defineKeyFamily } from '../../../shared/storage/store';

// A sample friend's AI persona chat, kept per friend on the device: reopening the chat shows it
// as it was left. Validated on read like every stored value; an unreadable one starts the chat afresh.

/** The newest messages kept per friend; older ones drop off so one chatty friend cannot fill the storage. */
export const FRIEND_CHAT_KEPT = 200;

const friendChatKey = defineKeyFamily('friend_chat_', z.array(chatMessageSchema), () => []);

export function loadFriendChat(friendId: string): ChatMessage[] {
  return friendChatKey(friendId).read();
}

/** Throws AppError('STORAGE_FULL') when the storage is full. */
export function saveFriendChat(friendId: string, messages: readonly ChatMessage[]): void {
  friendChatKey(friendId).write(messages.slice(-FRIEND_CHAT_KEPT));
}
