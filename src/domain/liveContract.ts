import { z } from 'zod';
import { controlCharacterText, hasControlCharacters, safeLine } from './safeText';

// The wire contract of the live layer: the /api/live WebSocket, member-to-member chat,
// presence, notifications and Hot Takes debates between two members. Shared by the server
// (validation) and the client (calls, frames). Guests never open the socket: their chats stay the
// device-only AI personas. Every route needs a session (401 UNAUTHENTICATED, as in memberContract.ts).

export const LIVE_PATH = '/api/live';

export const CHAT_ROUTES = {
  /** GET: the member's conversations, newest activity first. */
  conversations: '/api/chats',
  /** GET ?before=<messageId>: history, newest CHAT_HISTORY_PAGE_SIZE, oldest first. Sends and reads go over LIVE_PATH. */
  messages: (friendId: string) => `/api/chats/${encodeURIComponent(friendId)}/messages`,
  /** GET whether the chat is muted, PUT mutes, DELETE unmutes (no body); each answers `{muted}` (src/domain/chatMute.ts). */
  mute: (memberId: string) => `/api/chats/${encodeURIComponent(memberId)}/mute`,
} as const;

export const CHAT_HISTORY_PAGE_SIZE = 50;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/**
 * What is wrong with a message's length, or null when it may be sent. A message counts without the
 * spaces around it, the same for the composer, the device's outbox and the server: 2000 characters plus a
 * trailing space is a message all three take.
 */
export function messageLengthProblem(text: string): 'MESSAGE_EMPTY' | 'MESSAGE_TOO_LONG' | null {
  const counted = text.trim().length;
  if (counted === 0) return 'MESSAGE_EMPTY';
  return counted > CHAT_MESSAGE_MAX_LENGTH ? 'MESSAGE_TOO_LONG' : null;
}
/** A client id: made on the device (crypto.randomUUID()), unique per sender; a retry reuses it. */
export const CLIENT_ID_MAX_LENGTH = 64;

/** The server sends a heartbeat frame this often; a client that hears nothing for 2.5 beats reconnects. */
export const LIVE_HEARTBEAT_MS = 20_000;
export const LIVE_SILENCE_LIMIT_MS = 50_000;
/** Reconnect backoff: base × 2^attempt, capped, with full jitter (a random share of it). */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;
/** Close code the server sends when it is restarting (SIGTERM): reconnect at once, to any server. */
export const CLOSE_SERVICE_RESTART = 1012;
/** Close code for a socket without a valid session: do not retry until the session changes. */
export const CLOSE_UNAUTHENTICATED = 4401;
/** A typing indicator lapses when no new 'typing' frame arrives for this long. */
export const TYPING_TIMEOUT_MS = 4000;
/** The client sends at most one 'typing' frame per friend this often while keys are pressed. */
export const TYPING_THROTTLE_MS = 2000;
/** A presence row older than this is a server that died: its members count as offline. */
export const PRESENCE_STALE_MS = 60_000;
/** A live debate holds at most this many messages, of at most this many characters in all (then DEBATE_FULL). */
export const DEBATE_MAX_MESSAGES = 200;
export const DEBATE_MAX_TEXT_CHARS = 100_000;
/** Hot Takes against a person: with no member matched within this, the AI opponent takes the seat. */
export const MATCHMAKING_TIMEOUT_MS = 10_000;

/** Visible texts of the live layer (one place; screens import these). */
export const liveTexts = {
  reconnecting: 'Reconnecting...',
  offline: "You're offline. Messages will be sent when you reconnect.",
  loadEarlier: 'Load earlier',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  typing: (name: string) => `${name} is typing...`,
  online: 'Online',
  /** A member friend's chat header, under their name: a real person, unlike the sample people's AI persona. */
  memberChatTagline: 'Member chat: messages are delivered live',
  conversationsHeading: 'Conversations',
  conversationsLoading: 'Loading conversations...',
  /** A conversation's last message when it was mine. */
  youSaid: (text: string) => `You: ${text}`,
  unread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  newMessageNotice: (name: string) => `New message from ${name}`,
  newRequestNotice: (name: string) => `${name} sent you a friend request`,
  aiOpponent: 'AI opponent',
  findingOpponent: 'Finding a debate partner...',
  opponentLeft: (name: string) => `${name} left the debate.`,
  debateEnded: 'The debate has ended.',
} as const;

export const chatErrorTexts = {
  NOT_FRIENDS: 'You can only message your friends.',
  BLOCKED: 'You cannot message this person.',
  MESSAGE_EMPTY: 'Write a message first.',
  MESSAGE_TOO_LONG: `Messages can be up to ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  INVALID_REQUEST: 'That request could not be understood.',
  TOO_MANY_MESSAGES: 'You are sending messages too fast. Please slow down.',
  DEBATE_NOT_FOUND: 'That debate has ended.',
  DEBATE_FULL: `This debate has reached its limit of ${DEBATE_MAX_MESSAGES} messages.`,
} as const;
export type ChatErrorCode = keyof typeof chatErrorTexts;

/** Refusals of a sent message that a retry cannot fix: the sender's device drops it from its queue. */
const FINAL_SEND_ERRORS: readonly string[] = ['NOT_FRIENDS', 'BLOCKED', 'MESSAGE_TOO_LONG', 'MESSAGE_EMPTY', 'INVALID_REQUEST'] satisfies ChatErrorCode[];

export function isFinalSendError(code: string): boolean {
  return FINAL_SEND_ERRORS.includes(code);
}

const memberId = safeLine(64).min(1);
const clientId = safeLine(CLIENT_ID_MAX_LENGTH).min(1);
// Line breaks and tabs are part of a message; every other control character is refused (safeText.ts).
const messageText = z
  .string()
  .refine((text) => messageLengthProblem(text) === null, `A message is 1 to ${CHAT_MESSAGE_MAX_LENGTH} characters.`)
  .trim()
  .refine((text) => !hasControlCharacters(text, true), controlCharacterText);
const isoTime = z.string();

/** One stored message between two members. Ids are server-assigned and sort in sending order. */
export const memberMessageSchema = z.object({
  id: z.string(),
  clientId,
  from: memberId,
  to: memberId,
  text: z.string(),
  sentAt: isoTime,
  deliveredAt: isoTime.nullable(),
  readAt: isoTime.nullable(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const historyResponseSchema = z.object({
  /** Oldest first. */
  messages: z.array(memberMessageSchema),
  /** Whether older messages exist before the first one ('Load earlier'). */
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof historyResponseSchema>;

export const conversationSchema = z.object({
  friendId: memberId,
  username: z.string(),
  picture: z.string().nullable(),
  lastMessage: z.object({ from: memberId, text: z.string(), sentAt: isoTime }).nullable(),
  unread: z.number().int().nonnegative(),
  /** Only when the friend's Online Status allows it; false otherwise. */
  online: z.boolean(),
  /** The member muted this chat: its unread still shows here but not in the tab's total. */
  muted: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationsResponseSchema = z.object({ conversations: z.array(conversationSchema) });

/** A Hot Takes debate between two members, as each side sees it. */
export const debatePhaseSchema = z.enum(['writing', 'revealed', 'ended']);
export const debateMessageSchema = z.object({ id: z.string(), clientId, from: memberId, text: z.string(), sentAt: isoTime });
export const debateViewSchema = z.object({
  debateId: z.string(),
  prompt: z.string(),
  opponent: z.object({ id: memberId, username: z.string() }),
  phase: debatePhaseSchema,
  /** The opponent's take is revealed only once both have written theirs. */
  yourTake: z.string().nullable(),
  opponentTake: z.string().nullable(),
  messages: z.array(debateMessageSchema),
  /** Set when ended: who left (null when both stayed) and what each side was awarded. */
  endedBy: memberId.nullable(),
  result: z.object({ won: z.boolean(), points: z.number().int(), messageCount: z.number().int() }).nullable(),
});
export type DebateView = z.infer<typeof debateViewSchema>;

// ---- Frames on /api/live (JSON text frames). ----

export const clientFrameSchema = z.discriminatedUnion('type', [
  /** Queue-backed: the server stores it (idempotent by clientId) and answers 'ack'. */
  z.object({ type: z.literal('send'), to: memberId, clientId, text: messageText }),
  z.object({ type: z.literal('typing'), to: memberId }),
  z.object({ type: z.literal('read'), friendId: memberId, upTo: safeLine(64).min(1) }),
  /** Enter the Hot Takes matchmaking queue (community: the header's, or null for everyone). */
  z.object({ type: z.literal('debate.join'), community: safeLine(100).nullable() }),
  z.object({ type: z.literal('debate.cancel') }),
  z.object({ type: z.literal('debate.take'), debateId: safeLine(100), text: messageText }),
  z.object({ type: z.literal('debate.say'), debateId: safeLine(100), clientId, text: messageText }),
  z.object({ type: z.literal('debate.leave'), debateId: safeLine(100) }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const serverFrameSchema = z.discriminatedUnion('type', [
  /** First frame after the socket opens: who you are and which friends are online now. */
  z.object({ type: z.literal('ready'), memberId, onlineFriends: z.array(memberId) }),
  z.object({ type: z.literal('heartbeat') }),
  /** A message to or from this member (also echoed to the sender's other tabs). */
  /** `muted`: the recipient muted the sender's chat, so no notice, sound or browser notification announces it. */
  z.object({ type: z.literal('message'), message: memberMessageSchema, muted: z.literal(true).optional() }),
  /** The stored form of a 'send' from this socket (also sent when the clientId was stored before). */
  z.object({ type: z.literal('ack'), clientId, message: memberMessageSchema }),
  /** Messages this member sent were delivered to / read by the friend. */
  z.object({ type: z.literal('receipt'), friendId: memberId, messageIds: z.array(z.string()), status: z.enum(['delivered', 'read']), at: isoTime }),
  z.object({ type: z.literal('typing'), from: memberId }),
  z.object({ type: z.literal('presence'), memberId, online: z.boolean() }),
  z.object({ type: z.literal('friendRequest'), from: z.object({ id: memberId, username: z.string() }) }),
  /**
   * The member's friends, friend requests or blocks changed (a request answered or cancelled, a friendship
   * ended, a block): fetch those lists again. It names no one, so a blocked member learns nothing more.
   */
  z.object({ type: z.literal('people.changed') }),
  /** The member's own profile was saved (on any device): fetch it again. */
  z.object({ type: z.literal('profile.changed') }),
  /** The member muted or unmuted their chat with `friendId` (on any device): every tab shows it at once. */
  z.object({ type: z.literal('mute.changed'), friendId: memberId, muted: z.boolean() }),
  /** A frame the server refused; clientId when it was a 'send' (the client keeps it queued only on retryable codes). */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), clientId: clientId.optional() }),
  z.object({ type: z.literal('debate.queued') }),
  z.object({ type: z.literal('debate.state'), debate: debateViewSchema }),
  /** A message stored in a debate since its last 'debate.state': the client appends it (once per id). */
  z.object({ type: z.literal('debate.message'), debateId: z.string(), message: debateMessageSchema }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** Hot Takes against a member: the debate screen's further texts (the reveal line is SPEC's, word for word). */
export const debateTexts = {
  revealLine: (name: string) => `Great! Here's what ${name} said about this:`,
  writeYourTake: 'Write your hot take. It stays hidden until you have both written one.',
  waitingForTake: (name: string) => `Waiting for ${name}'s hot take...`,
  revealing: (name: string) => `Revealing ${name}'s take...`,
  debateOn: 'Debate on! Defend your take.',
  searchingHint: 'You can type once you have a debate partner.',
  endedHint: 'This debate is over.',
  youLeft: 'You left the debate.',
  won: (points: number) => `You won! +${points} points`,
  notWon: 'No win this time: a debate needs more than 4 messages.',
  notPlayed: 'The debate ended before both takes were in, so it does not count.',
  messageCount: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
  backToGames: 'Back to games',
} as const;

/** The debate prompt when the AI cannot write one (SPEC's prompt format: a topic line, then the question). */
export const DEBATE_FALLBACK_PROMPT = 'Topic: Pineapple pizza\nPineapple belongs on pizza. Agree or disagree? Pick a side and defend it.';
