import {
  CHAT_ROUTES,
  chatErrorTexts,
  conversationsResponseSchema,
  historyResponseSchema,
  type ChatHistory,
  type Conversation,
} from '../../../domain/liveContract';
import { memberErrorTexts } from '../../../domain/memberContract';
import { chatCodeText, type OpenedChat } from '../../../domain/memberChat';
import { memberViewSchema, SOCIAL_ROUTES, socialErrorTexts } from '../../../domain/socialContract';
import { memberCall } from '../../../shared/http/api';
import { isSessionEnded, memberFailure, type MemberFailure } from '../../../shared/http/errors';
import { reportSessionEnded } from '../../../shared/session/viewer';

// Member-to-member chat over REST: opening a chat, history pages and the conversation list. Sending
// and read marks go through the live actor (queued on the device, idempotent by client id), not through here. Each call
// resolves with validated data or throws MemberApiError; chatFailure below is the one place its text is chosen.

/** A 401 on any chat call ends the session app-wide (the app becomes a guest's), as other member calls do. */
async function chatCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isSessionEnded(error)) reportSessionEnded();
    throw error;
  }
}

/** GET the newest 50 messages with a friend, or the 50 before `before` (a message id); oldest first. */
export async function fetchChatHistory(friendId: string, before?: string): Promise<ChatHistory> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return chatCall(() => memberCall(`${CHAT_ROUTES.messages(friendId)}${query}`, historyResponseSchema));
}

/** What opening a chat needs: the friend's name (their profile view) and the newest page of messages. */
export async function openMemberChat(friendId: string): Promise<OpenedChat> {
  const [view, history] = await Promise.all([
    chatCall(() => memberCall(SOCIAL_ROUTES.member(friendId), memberViewSchema)),
    fetchChatHistory(friendId),
  ]);
  return { friend: { id: view.id, username: view.username }, history };
}

/** GET the member's conversations, newest activity first (the server's order). */
export async function fetchConversations(): Promise<Conversation[]> {
  return (await chatCall(() => memberCall(CHAT_ROUTES.conversations, conversationsResponseSchema))).conversations;
}

/** The one mapping from a failed chat call to what a person sees: the chat contract's text, else the members contract's. */
export function chatFailure(error: unknown): MemberFailure {
  const failure = memberFailure(error);
  const text = chatCodeText(failure.code);
  if (text) return { code: failure.code, message: text };
  if (failure.code === 'NOT_FOUND' || failure.code === 'HTTP_404') return { code: 'NOT_FOUND', message: socialErrorTexts.NOT_FOUND };
  if (failure.code === 'HTTP_403') return { code: 'NOT_FRIENDS', message: chatErrorTexts.NOT_FRIENDS };
  if (failure.code === 'HTTP_429') return { code: 'TOO_MANY_MESSAGES', message: chatErrorTexts.TOO_MANY_MESSAGES };
  return failure.code.startsWith('HTTP_') ? { code: 'SERVER', message: memberErrorTexts.SERVER } : failure;
}

export function chatFailureText(error: unknown): string {
  return chatFailure(error).message;
}
