import { chatErrorTexts, type ClientFrame, type MemberMessage, type ServerFrame } from '../../src/domain/liveContract';
import type { BusEvent, LiveDeps, LiveFeature, LiveFeatureFactory, LiveSocket } from './feature';
import { announceMessage, deliverWaiting, readUpTo } from './chatActions';
import { sendsTyping, showsReadReceipts } from '../social/privacySafety';
import { mutedPairs } from '../social/mutes';
import { asSeenBy, chatRefusal, findMessages, isChatProblem, markDelivered, storeMessage, type ChatProblem } from './messages';

// Member-to-member chat on the live socket. A send is stored first (once per client id) and
// answered with 'ack'; then only its id crosses the bus, and every server's copy of this feature
// reads the row and pushes it to the sockets it holds. The server that reaches the recipient marks
// the message delivered, and the sender's sockets, wherever they are, get the receipt. A read reaches the
// sender only while their 'Show read receipts from others' is on (read here, when it would be told), and a
// message to someone who muted its sender's chat says so, so their tabs announce nothing.

function errorFrame(problem: ChatProblem, clientId?: string): ServerFrame {
  return { type: 'error', code: problem.code, message: chatErrorTexts[problem.code], ...(clientId === undefined ? {} : { clientId }) };
}

/** Messages stored here whose bus event has not come back yet (it always does, to the publisher too). */
const JUST_STORED_MAX = 1_000;

export const chatFeature: LiveFeatureFactory = (deps: LiveDeps): LiveFeature => {
  const { db, bus, sockets, now } = deps;
  // The server that stored a message pushes it without reading the row back; other servers read it.
  const justStored = new Map<string, MemberMessage>();

  function remember(message: MemberMessage): void {
    justStored.set(message.id, message);
    const oldest = justStored.keys().next().value;
    if (justStored.size > JUST_STORED_MAX && oldest !== undefined) justStored.delete(oldest);
  }

  async function send(socket: LiveSocket, frame: Extract<ClientFrame, { type: 'send' }>): Promise<void> {
    const stored = await storeMessage(db, socket.memberId, { to: frame.to, clientId: frame.clientId, text: frame.text }, new Date(now()));
    if (isChatProblem(stored)) {
      socket.reply(errorFrame(stored, frame.clientId));
      return;
    }
    socket.reply({ type: 'ack', clientId: frame.clientId, message: stored.message });
    // A repeat was announced when it was first stored: announcing it again would deliver it twice.
    if (!stored.created) return;
    remember(stored.message);
    await announceMessage(deps, stored.message.id);
  }

  async function typing(socket: LiveSocket, to: string): Promise<void> {
    const refusal = await chatRefusal(db, socket.memberId, to);
    if (refusal) socket.reply(errorFrame(refusal));
    // 'Send typing indicator' off: the frame goes no further, whatever the client sends.
    else if (await sendsTyping(db, socket.memberId)) await bus.publish({ kind: 'typing', from: socket.memberId, to: to.toLowerCase() });
  }

  async function read(socket: LiveSocket, friendId: string, upTo: string): Promise<void> {
    const outcome = await readUpTo(deps, socket.memberId, friendId, upTo);
    if (isChatProblem(outcome)) socket.reply(errorFrame(outcome));
  }

  /** The batch's messages: those stored here as they were stored, the rest read in one query. */
  async function messagesOf(ids: readonly string[]): Promise<Map<string, MemberMessage>> {
    const found = new Map<string, MemberMessage>();
    for (const id of ids) {
      const stored = justStored.get(id);
      if (stored) found.set(id, stored);
      justStored.delete(id);
    }
    const unknown = ids.filter((id) => !found.has(id));
    for (const message of await findMessages(db, unknown)) found.set(message.id, message);
    return found;
  }

  /** Pushes one message to the recipient's and the sender's sockets here; true when the recipient was reached. */
  function pushMessage(message: MemberMessage, muted: boolean, senderView: MemberMessage | undefined): boolean {
    const reached = sockets.sendToMember(message.to, { type: 'message', message, ...(muted ? { muted: true } : {}) });
    // The sender's other tabs show it too (the sending tab already has it from 'ack').
    if (senderView) sockets.sendToMember(message.from, { type: 'message', message: senderView });
    return reached > 0;
  }

  /** Messages this server reached first are marked delivered in one statement; one receipt per sender and reader goes out. */
  async function markReached(reached: readonly MemberMessage[]): Promise<void> {
    const at = new Date(now());
    const marked = await markDelivered(db, reached.map((message) => message.id), at);
    const receipts = new Map<string, { sender: string; reader: string; ids: string[] }>();
    for (const message of reached) {
      if (!marked.has(message.id)) continue;
      const key = `${message.from} ${message.to}`;
      const receipt = receipts.get(key) ?? { sender: message.from, reader: message.to, ids: [] };
      receipt.ids.push(message.id);
      receipts.set(key, receipt);
    }
    await Promise.all([...receipts.values()].map((r) => bus.publish({ kind: 'receipt', ...r, status: 'delivered', at: at.toISOString() })));
  }

  async function seenBySender(message: MemberMessage): Promise<MemberMessage> {
    return message.readAt === null ? message : asSeenBy(message, message.from, await showsReadReceipts(db, message.from));
  }

  /** A read told to a sender who does not show others' reads is told as what it also is: delivered. */
  async function pushReceipt(event: Extract<BusEvent, { kind: 'receipt' }>): Promise<void> {
    if (!sockets.connectedHere(event.sender)) return;
    const status = event.status === 'read' && !(await showsReadReceipts(db, event.sender)) ? 'delivered' : event.status;
    sockets.sendToMember(event.sender, { type: 'receipt', friendId: event.reader, messageIds: event.ids, status, at: event.at });
  }

  /**
   * Events in the order they came: what the messages need (their rows, the recipients' mutes, what the
   * senders may see) is read for the whole batch first, then every frame goes out in order, then the
   * messages reached are marked delivered at once.
   */
  async function onBusEvents(events: readonly BusEvent[]): Promise<void> {
    const ids = events.flatMap((event) => (event.kind === 'message' ? [event.id] : []));
    const messages = ids.length > 0 ? await messagesOf(ids) : new Map<string, MemberMessage>();
    const mutedHere = [...messages.values()].filter((message) => sockets.connectedHere(message.to)).map((message) => [message.to, message.from] as const);
    const muted = await mutedPairs(db, mutedHere);
    const senderViews = new Map<string, MemberMessage>();
    for (const message of messages.values()) {
      if (sockets.connectedHere(message.from)) senderViews.set(message.id, await seenBySender(message));
    }
    const reached: MemberMessage[] = [];
    for (const event of events) {
      if (event.kind === 'message') {
        const message = messages.get(event.id);
        if (!message) continue;
        if (pushMessage(message, muted.has(`${message.to} ${message.from}`), senderViews.get(message.id)) && message.deliveredAt === null) reached.push(message);
      } else if (event.kind === 'receipt') await pushReceipt(event);
      else if (event.kind === 'typing') sockets.sendToMember(event.to, { type: 'typing', from: event.from });
    }
    // Only the first server to reach the recipient gets the row back, so one receipt goes out.
    if (reached.length > 0) await markReached(reached);
  }

  return {
    async onConnect(socket) {
      await deliverWaiting(deps, socket.memberId);
    },
    async onFrame(socket, frame) {
      if (frame.type === 'send') await send(socket, frame);
      else if (frame.type === 'typing') await typing(socket, frame.to);
      else if (frame.type === 'read') await read(socket, frame.friendId, frame.upTo);
      else return false;
      return true;
    },
    onBusEvent: (event) => onBusEvents([event]),
    onBusEvents,
  };
};
