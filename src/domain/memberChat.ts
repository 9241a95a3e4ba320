import type { ChatMessage, Delivery } from './chat';
import { chatErrorTexts, liveTexts, type ChatErrorCode, type ChatHistory, type MemberMessage } from './liveContract';

// A chat between two members as the device shows it: the server's stored messages plus mine that
// wait for the server's id. A message is held once, however many ways it arrives (the 'ack' for my send,
// the 'message' echo, a history page): messages are matched by server id, and mine also by client id.
// On the client a message's id is its client id: it stays the same from pending to read.

/** A chat message whose delivery the server tracks: every message of a member's chat. */
export type TrackedMessage = ChatMessage & { delivery: Delivery };

export type ChatMark = 'pending' | 'sent' | 'delivered' | 'read';

/** The server's message in this chat as the client holds it: 'user' when it is mine, 'other' when the friend's. */
export function fromServer(message: MemberMessage, friendId: string): TrackedMessage {
  return {
    id: message.clientId,
    text: message.text,
    sender: message.to === friendId ? 'user' : 'other',
    timestamp: message.sentAt,
    type: 'text',
    delivery: { serverId: message.id, deliveredAt: message.deliveredAt, readAt: message.readAt, error: null },
  };
}

/** Mine, typed now and not yet acknowledged: shown at once, with no server id. */
export function pendingMessage(clientId: string, text: string, at: string): TrackedMessage {
  return { id: clientId, text, sender: 'user', timestamp: at, type: 'text', delivery: { serverId: null, deliveredAt: null, readAt: null, error: null } };
}

export function isMine(message: ChatMessage): boolean {
  return message.sender === 'user';
}

/** A message between me and this friend (either way), not one of another conversation. */
export function belongsTo(message: MemberMessage, friendId: string): boolean {
  return message.from === friendId || message.to === friendId;
}

function sameMessage(a: TrackedMessage, b: TrackedMessage): boolean {
  if (a.delivery.serverId !== null && a.delivery.serverId === b.delivery.serverId) return true;
  return isMine(a) && isMine(b) && a.id === b.id;
}

/** A later word on a message keeps marks already seen (a late 'message' echo must not undo a 'read' receipt). */
function combine(known: TrackedMessage, incoming: TrackedMessage): TrackedMessage {
  const was = known.delivery;
  const now = incoming.delivery;
  return {
    ...incoming,
    delivery: {
      serverId: now.serverId ?? was.serverId,
      deliveredAt: now.deliveredAt ?? was.deliveredAt ?? (now.readAt ?? was.readAt),
      readAt: now.readAt ?? was.readAt,
      error: now.serverId ? null : was.error,
    },
  };
}

/** Adds a message, or updates the message that is the same message; a new one goes to the end. */
export function mergeMessage(messages: readonly TrackedMessage[], incoming: TrackedMessage): TrackedMessage[] {
  const index = messages.findIndex((message) => sameMessage(message, incoming));
  if (index === -1) return [...messages, incoming];
  return messages.map((message, i) => (i === index ? combine(message, incoming) : message));
}

/** A history page, oldest first, then whatever arrived while it was loading and is not in it. */
export function withHistory(page: readonly TrackedMessage[], current: readonly TrackedMessage[]): TrackedMessage[] {
  return current.reduce<TrackedMessage[]>((list, message) => mergeMessage(list, message), [...page]);
}

/** Server ids are integers as text: a longer one is a later one. */
function byServerOrder(a: TrackedMessage, b: TrackedMessage): number {
  const x = a.delivery.serverId;
  const y = b.delivery.serverId;
  if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * The newest page fetched again after the live channel was down: what was missed goes in its place by server
 * id, what is shown stays (each message once), and mine still waiting for the server stay last.
 */
export function withLatest(page: readonly TrackedMessage[], current: readonly TrackedMessage[]): TrackedMessage[] {
  return page.reduce<TrackedMessage[]>((list, message) => mergeMessage(list, message), [...current]).sort(byServerOrder);
}

/** An earlier page goes before what is shown; a message already shown is not shown twice. */
export function withEarlier(page: readonly TrackedMessage[], current: readonly TrackedMessage[]): TrackedMessage[] {
  const fresh = page.filter((message) => !current.some((shown) => sameMessage(shown, message)));
  return [...fresh, ...current];
}

/**
 * The friend received or read my messages: the listed ones, and (since the server counts up to a message)
 * every earlier one of mine that has an id.
 */
export function withReceipt(messages: readonly TrackedMessage[], messageIds: readonly string[], status: 'delivered' | 'read', at: string): TrackedMessage[] {
  const listed = new Set(messageIds);
  const last = messages.findLastIndex((message) => message.delivery.serverId !== null && listed.has(message.delivery.serverId));
  if (last === -1) return [...messages];
  return messages.map((message, i) => {
    const { delivery } = message;
    if (i > last || !isMine(message) || delivery.serverId === null) return message;
    const deliveredAt = delivery.deliveredAt ?? at;
    return { ...message, delivery: status === 'read' ? { ...delivery, deliveredAt, readAt: delivery.readAt ?? at } : { ...delivery, deliveredAt } };
  });
}

export function markOf({ delivery }: TrackedMessage): ChatMark {
  if (delivery.serverId === null) return 'pending';
  if (delivery.readAt) return 'read';
  return delivery.deliveredAt ? 'delivered' : 'sent';
}

const markTexts: Record<Exclude<ChatMark, 'pending'>, string> = {
  sent: liveTexts.sent,
  delivered: liveTexts.delivered,
  read: liveTexts.read,
};

/** The visible mark under my message ('Sent', 'Delivered', 'Read'); none while it waits for the server. */
export function markText(message: TrackedMessage): string | null {
  const mark = markOf(message);
  return mark === 'pending' ? null : markTexts[mark];
}

/** The id of the friend's newest message, what a read mark counts up to. */
export function newestFromFriend(messages: readonly TrackedMessage[]): string | null {
  return messages.findLast((message) => !isMine(message) && message.delivery.serverId !== null)?.delivery.serverId ?? null;
}

/** The first stored id, what 'Load earlier' asks before. */
export function oldestId(messages: readonly TrackedMessage[]): string | null {
  return messages.find((message) => message.delivery.serverId !== null)?.delivery.serverId ?? null;
}

/** What opening a member chat brings: the friend's name (their profile view) and the newest page of messages. */
export interface OpenedChat {
  friend: { id: string; username: string };
  history: ChatHistory;
}

function isChatCode(code: string): code is ChatErrorCode {
  return Object.hasOwn(chatErrorTexts, code);
}

/** The text for a chat error code from a route or a socket 'error' frame, or null for a code the chat contract lacks. */
export function chatCodeText(code: string): string | null {
  return isChatCode(code) ? chatErrorTexts[code] : null;
}
