import { chatErrorTexts, type ClientFrame, type MemberMessage, type ServerFrame } from '../../src/domain/liveContract';
import type { BusEvent, LiveDeps, LiveFeature, LiveFeatureFactory, LiveSocket } from './feature';
import { announceMessage, deliverWaiting, readUpTo } from './chatActions';
import { sendsTyping, showsReadReceipts } from '../social/privacySafety';
import { isMuted } from '../social/mutes';
import { asSeenBy, chatRefusal, findMessage, isChatProblem, markOneDelivered, storeMessage, type ChatProblem } from './messages';

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

  async function pushMessage(id: string): Promise<void> {
    const message = justStored.get(id) ?? (await findMessage(db, id));
    justStored.delete(id);
    if (!message) return;
    const muted = sockets.connectedHere(message.to) && (await isMuted(db, message.to, message.from));
    const reached = sockets.sendToMember(message.to, { type: 'message', message, ...(muted ? { muted: true } : {}) });
    // The sender's other tabs show it too (the sending tab already has it from 'ack').
    if (sockets.connectedHere(message.from)) sockets.sendToMember(message.from, { type: 'message', message: await seenBySender(message) });
    if (reached === 0 || message.deliveredAt !== null) return;
    const at = new Date(now());
    // Only the first server to reach the recipient gets the row back, so one receipt goes out.
    if (await markOneDelivered(db, id, at)) {
      await bus.publish({ kind: 'receipt', sender: message.from, reader: message.to, ids: [id], status: 'delivered', at: at.toISOString() });
    }
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

  async function onBusEvent(event: BusEvent): Promise<void> {
    if (event.kind === 'message') await pushMessage(event.id);
    else if (event.kind === 'receipt') await pushReceipt(event);
    else if (event.kind === 'typing') sockets.sendToMember(event.to, { type: 'typing', from: event.from });
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
    onBusEvent,
  };
};
