import {
  CHAT_ROUTES,
  chatErrorTexts,
  conversationsResponseSchema,
  historyResponseSchema,
  type ChatHistory,
  type Conversation,
} from '../../../domain/liveContract';
import { muteStateSchema } from '../../../domain/chatMute';
import { memberErrorTexts } from '../../../domain/memberContract';
import { chatCodeText, type OpenedChat } from '../../../domain/memberChat';
import { blocksResponseSchema, memberViewSchema, SOCIAL_ROUTES, socialErrorTexts } from '../../../domain/socialContract';
import { memberCall } from '../../../shared/http/api';
import { isSessionEnded, memberFailure, type MemberFailure } from '../../../shared/http/errors';
import type { ViewerSource } from '../../../shared/session/viewer';

/** Who hears that a chat call answered 401: the app's viewer, which tells the session. */
export type ChatSession = Pick<ViewerSource, 'reportSessionEnded'>;

// Member-to-member chat over REST: opening a chat, history pages and the conversation list. Sending
// and read marks go through the live actor (queued on the device, idempotent by client id), not through here. Each call
// resolves with validated data or throws MemberApiError; chatFailure below is the one place its text is chosen.

/** A 401 on any chat call ends the session app-wide (the app becomes a guest's), as other member calls do. */
async function chatCall<T>(session: ChatSession, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isSessionEnded(error)) session.reportSessionEnded();
    throw error;
  }
}

/** GET the newest 50 messages with a friend, or the 50 before `before` (a message id); oldest first. */
export async function fetchChatHistory(session: ChatSession, friendId: string, before?: string): Promise<ChatHistory> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return chatCall(session, () => memberCall(`${CHAT_ROUTES.messages(friendId)}${query}`, historyResponseSchema));
}

/**
 * What opening a chat needs: the friend's name (their profile view) and the newest page of messages. Someone
 * who blocked the member shows them no profile, yet the member keeps their own record of the conversation:
 * the name then comes from the member's conversation list.
 */
export async function openMemberChat(session: ChatSession, friendId: string): Promise<OpenedChat> {
  const named = async (): Promise<{ id: string; username: string }> => {
    try {
      const view = await chatCall(session, () => memberCall(SOCIAL_ROUTES.member(friendId), memberViewSchema));
      return { id: view.id, username: view.username };
    } catch (error) {
      const listed = (await fetchConversations(session).catch(() => [])).find((conversation) => conversation.friendId === friendId);
      if (!listed) throw error;
      return { id: friendId, username: listed.username };
    }
  };
  const [friend, history] = await Promise.all([named(), fetchChatHistory(session, friendId)]);
  return { friend, history };
}

/** Whether the member has blocked this person (GET /api/blocks: only their own blocks, so nothing is revealed). */
export async function hasBlocked(session: ChatSession, personId: string): Promise<boolean> {
  const { blocked } = await chatCall(session, () => memberCall(SOCIAL_ROUTES.blocks, blocksResponseSchema));
  return blocked.some((person) => person.id === personId);
}

/** GET the member's conversations, newest activity first (the server's order). */
export async function fetchConversations(session: ChatSession): Promise<Conversation[]> {
  return (await chatCall(session, () => memberCall(CHAT_ROUTES.conversations, conversationsResponseSchema))).conversations;
}

/** GET whether the member's chat with `friendId` is muted. */
export async function fetchMuted(session: ChatSession, friendId: string): Promise<boolean> {
  return (await chatCall(session, () => memberCall(CHAT_ROUTES.mute(friendId), muteStateSchema))).muted;
}

/** PUT (mute) or DELETE (unmute) the member's chat with `friendId`; answers what the server keeps. */
export async function saveMuted(session: ChatSession, friendId: string, muted: boolean): Promise<boolean> {
  return (await chatCall(session, () => memberCall(CHAT_ROUTES.mute(friendId), muteStateSchema, { method: muted ? 'PUT' : 'DELETE' }))).muted;
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
