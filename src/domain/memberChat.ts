import { chatErrorTexts, liveTexts, type ChatErrorCode, type ChatHistory, type MemberMessage } from './liveContract';

// A chat between two members as the device shows it: the server's stored messages plus mine that
// wait for the server's id. One message is one entry, however many ways it arrives (the 'ack' for my send,
// the 'message' echo, a history page): entries are matched by server id, and mine also by client id.

export interface ChatEntry {
  /** The server's id; null while my message waits for its 'ack'. */
  id: string | null;
  clientId: string;
  mine: boolean;
  text: string;
  sentAt: string;
  deliveredAt: string | null;
  readAt: string | null;
  /** Why the server refused my message (it will not be sent again). */
  error: string | null;
}

export type ChatMark = 'pending' | 'sent' | 'delivered' | 'read';

export function entryFromServer(message: MemberMessage, friendId: string): ChatEntry {
  return {
    id: message.id,
    clientId: message.clientId,
    mine: message.to === friendId,
    text: message.text,
    sentAt: message.sentAt,
    deliveredAt: message.deliveredAt,
    readAt: message.readAt,
    error: null,
  };
}

/** A message between me and this friend (either way), not one of another conversation. */
export function belongsTo(message: MemberMessage, friendId: string): boolean {
  return message.from === friendId || message.to === friendId;
}

function sameMessage(a: ChatEntry, b: ChatEntry): boolean {
  if (a.id !== null && a.id === b.id) return true;
  return a.mine && b.mine && a.clientId === b.clientId;
}

/** A later word on a message keeps marks already seen (a late 'message' echo must not undo a 'read' receipt). */
function combine(known: ChatEntry, incoming: ChatEntry): ChatEntry {
  return {
    ...incoming,
    id: incoming.id ?? known.id,
    deliveredAt: incoming.deliveredAt ?? known.deliveredAt ?? (incoming.readAt ?? known.readAt),
    readAt: incoming.readAt ?? known.readAt,
    error: incoming.id ? null : known.error,
  };
}

/** Adds a message, or updates the entry that is the same message; a new one goes to the end. */
export function mergeEntry(entries: readonly ChatEntry[], incoming: ChatEntry): ChatEntry[] {
  const index = entries.findIndex((entry) => sameMessage(entry, incoming));
  if (index === -1) return [...entries, incoming];
  return entries.map((entry, i) => (i === index ? combine(entry, incoming) : entry));
}

/** A history page, oldest first, then whatever arrived while it was loading and is not in it. */
export function withHistory(page: readonly ChatEntry[], current: readonly ChatEntry[]): ChatEntry[] {
  return current.reduce<ChatEntry[]>((list, entry) => mergeEntry(list, entry), [...page]);
}

/** Server ids are integers as text: a longer one is a later one. */
function byServerOrder(a: ChatEntry, b: ChatEntry): number {
  if (a.id === null || b.id === null) return (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0);
  return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The newest page fetched again after the live channel was down: what was missed goes in its place by server
 * id, what is shown stays (each message once), and mine still waiting for the server stay last.
 */
export function withLatest(page: readonly ChatEntry[], current: readonly ChatEntry[]): ChatEntry[] {
  return page.reduce<ChatEntry[]>((list, entry) => mergeEntry(list, entry), [...current]).sort(byServerOrder);
}

/** An earlier page goes before what is shown; a message already shown is not shown twice. */
export function withEarlier(page: readonly ChatEntry[], current: readonly ChatEntry[]): ChatEntry[] {
  const fresh = page.filter((entry) => !current.some((shown) => sameMessage(shown, entry)));
  return [...fresh, ...current];
}

/**
 * The friend received or read my messages: the listed ones, and (since the server counts up to a message)
 * every earlier one of mine that has an id.
 */
export function withReceipt(entries: readonly ChatEntry[], messageIds: readonly string[], status: 'delivered' | 'read', at: string): ChatEntry[] {
  const listed = new Set(messageIds);
  const last = entries.findLastIndex((entry) => entry.id !== null && listed.has(entry.id));
  if (last === -1) return [...entries];
  return entries.map((entry, i) => {
    if (i > last || !entry.mine || entry.id === null) return entry;
    const deliveredAt = entry.deliveredAt ?? at;
    return status === 'read' ? { ...entry, deliveredAt, readAt: entry.readAt ?? at } : { ...entry, deliveredAt };
  });
}

export function markOf(entry: ChatEntry): ChatMark {
  if (entry.id === null) return 'pending';
  if (entry.readAt) return 'read';
  return entry.deliveredAt ? 'delivered' : 'sent';
}

const markTexts: Record<Exclude<ChatMark, 'pending'>, string> = {
  sent: liveTexts.sent,
  delivered: liveTexts.delivered,
  read: liveTexts.read,
};

/** The visible mark under my message ('Sent', 'Delivered', 'Read'); none while it waits for the server. */
export function markText(entry: ChatEntry): string | null {
  const mark = markOf(entry);
  return mark === 'pending' ? null : markTexts[mark];
}

/** The id of the friend's newest message, what a read mark counts up to. */
export function newestFromFriend(entries: readonly ChatEntry[]): string | null {
  return entries.findLast((entry) => !entry.mine && entry.id !== null)?.id ?? null;
}

/** The first stored id, what 'Load earlier' asks before. */
export function oldestId(entries: readonly ChatEntry[]): string | null {
  return entries.find((entry) => entry.id !== null)?.id ?? null;
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
