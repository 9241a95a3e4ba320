import type { Conversation } from './liveContract';

/** Newest message first; conversations without a message yet (a new friend) after them, by name. */
export function byLatestMessage(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => {
    if (a.lastMessage && b.lastMessage) return Date.parse(b.lastMessage.sentAt) - Date.parse(a.lastMessage.sentAt);
    if (a.lastMessage || b.lastMessage) return a.lastMessage ? -1 : 1;
    return a.username.localeCompare(b.username);
  });
}

/** Unread messages over all conversations the member has not muted (the Friends tab's badge). */
export function unreadTotal(conversations: readonly Conversation[]): number {
  return conversations.reduce((total, conversation) => total + (conversation.muted ? 0 : conversation.unread), 0);
}
