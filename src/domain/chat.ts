import { z } from 'zod';
import { messageLengthProblem } from './liveContract';

export const chatMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  sender: z.string(), // 'user' | 'other' | 'system', or a persona's name in AI chat
  timestamp: z.string(),
  type: z.enum(['text', 'emoji']).default('text'),
});

/**
 * Where a message between two members stands. Only those messages carry it: the server stores them and
 * tells when they arrive and are read. A chat kept on the device (an AI persona's, a game's) has none.
 */
export interface Delivery {
  /** The server's id; null while mine waits for its 'ack'. */
  serverId: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  /** Why the server refused my message (it will not be sent again). */
  error: string | null;
}

/**
 * One message as every chat on the client holds and draws it: a guest's chat with a persona, a game, a
 * debate and a member's chat. The device stores it without `delivery` (SPEC's chat keys); a member's
 * message has its wire form (`MemberMessage`) and is this shape once it arrives.
 */
export type ChatMessage = z.infer<typeof chatMessageSchema> & { delivery?: Delivery };

export const chatLogSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  messages: z.array(chatMessageSchema),
  summary: z.string(),
  partner: z.string().optional(),
});
export type ChatLog = z.infer<typeof chatLogSchema>;

export const MAX_CHAT_LOGS_PER_GAME = 10;

/**
 * docs/product.md, "Leaving a chat": a session is kept in the logs only when it holds more messages than
 * this. Bot games and the Hot Takes solo chat need more than the welcome; the matched chat more than 2.
 */
export const LOG_KEPT_ABOVE = { botGame: 1, solo: 1, matched: 2 } as const;
export type LoggedChat = keyof typeof LOG_KEPT_ABOVE;

export function shouldSaveLog(chat: LoggedChat, chatMessages: readonly unknown[]): boolean {
  return chatMessages.length > LOG_KEPT_ABOVE[chat];
}

/** Every chat opens with a welcome message from 'other' whose id is '1' (docs/product.md). */
export const WELCOME_MESSAGE_ID = '1';
/** The logs view shows the first 5 messages of a log, each cut to 50 characters (docs/product.md). */
export const LOG_PREVIEW_MESSAGES = 5;
export const LOG_PREVIEW_CHARS = 50;

export type MessageType = ChatMessage['type'];

export function welcomeMessage(text: string, now: number): ChatMessage {
  return { id: WELCOME_MESSAGE_ID, text, sender: 'other', timestamp: new Date(now).toISOString(), type: 'text' };
}

/** docs/product.md: send is ignored for empty or blank text; what is sent is kept untrimmed. */
export function isSendable(text: string): boolean {
  return messageLengthProblem(text) !== 'MESSAGE_EMPTY';
}

/**
 * A new message appended after `existing`. Ids are timestamp-based (docs/product.md); the list length is
 * added so two messages in the same millisecond (an emoji tapped twice) still get distinct ids.
 */
export function createMessage(
  existing: readonly ChatMessage[],
  fields: { text: string; sender: string; type?: MessageType },
  now: number,
): ChatMessage {
  return {
    id: `${now}-${existing.length}`,
    text: fields.text,
    sender: fields.sender,
    timestamp: new Date(now).toISOString(),
    type: fields.type ?? 'text',
  };
}

export function appendMessage(
  existing: readonly ChatMessage[],
  fields: { text: string; sender: string; type?: MessageType },
  now: number,
): ChatMessage[] {
  return [...existing, createMessage(existing, fields, now)];
}

/** '{Game title} session with N messages', N not counting the welcome message. */
export function chatLogSummary(title: string, chatMessages: readonly ChatMessage[]): string {
  const count = chatMessages.filter((m) => m.id !== WELCOME_MESSAGE_ID).length;
  return `${title} session with ${count} messages`;
}

export function buildChatLog(title: string, chatMessages: readonly ChatMessage[], now: number, partner?: string): ChatLog {
  const log: ChatLog = {
    id: String(now),
    timestamp: new Date(now).toISOString(),
    messages: [...chatMessages],
    summary: chatLogSummary(title, chatMessages),
  };
  if (partner !== undefined) log.partner = partner;
  return log;
}

export interface LogPreview {
  lines: { id: string; sender: string; text: string }[];
  /** How many messages the preview leaves out ('... and {n} more messages'); 0 when none. */
  more: number;
}

function cut(text: string): string {
  const chars = Array.from(text); // whole code points, so an emoji is never split in half
  return chars.length > LOG_PREVIEW_CHARS ? `${chars.slice(0, LOG_PREVIEW_CHARS).join('')}...` : text;
}

export function previewLog(log: ChatLog): LogPreview {
  return {
    lines: log.messages.slice(0, LOG_PREVIEW_MESSAGES).map((m) => ({ id: m.id, sender: m.sender, text: cut(m.text) })),
    more: Math.max(0, log.messages.length - LOG_PREVIEW_MESSAGES),
  };
}

/**
 * The message a reply answers (the newest the user typed) and everything else said, in order. A reply
 * owed to a message sent while another was on its way is written after that one landed, so the newest
 * message is not always the last: what came after it (an emoji, the earlier reply) is history too.
 */
export function answeredMessage(chatMessages: readonly ChatMessage[]): { message: string; history: ChatMessage[] } {
  const index = chatMessages.findLastIndex((m) => m.sender === 'user' && m.type === 'text');
  return { message: chatMessages[index]?.text ?? '', history: chatMessages.filter((_, i) => i !== index) };
}
