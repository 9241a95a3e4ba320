import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { beforeEach, expect } from 'vitest';
import { clientFrameSchema, type ClientFrame, type MemberMessage, type ServerFrame } from '../../../../src/domain/liveContract';
import { createApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { chatFeature } from '../../../../server/live/chat';
import type { LiveFeature, LiveSocket, LocalSockets } from '../../../../server/live/feature';
import { pairOf } from '../../../../server/social/people';
import { APP_ORIGIN } from '../../members/support/browser';
import { openTestDatabaseAroundTests, type DatabaseKind, type TestDatabase } from '../../members/support/testDatabase';
import { addMember, type TestMember } from '../../social/support/members';
import { memoryBus, type MemoryBus } from './memoryBus';

// The chat feature without the socket hub: a real database (one per file, emptied per test), the
// app's REST routes on the same bus, and sockets that record every frame the server sends them.

export interface TestSocket extends LiveSocket {
  frames: ServerFrame[];
  /** The frames of one type, in order. */
  framesOf<T extends ServerFrame['type']>(type: T): Extract<ServerFrame, { type: T }>[];
}

export interface ChatWorld {
  database: TestDatabase;
  app: Hono;
  bus: MemoryBus;
  clock: { now: number };
  member(username: string): Promise<TestMember>;
  /** Makes them friends as an accepted request would (the friend routes have their own tests). */
  befriend(one: TestMember, other: TestMember): Promise<void>;
  /** Opens a socket for the member and waits until everything it set off has settled. */
  connect(member: TestMember): Promise<TestSocket>;
  disconnect(socket: TestSocket): void;
  /** A frame from the socket; answers whether the chat feature handled it, once everything settled. */
  frame(socket: TestSocket, frame: ClientFrame): Promise<boolean>;
  /**
   * Sends from a socket the member's other sockets do not share (it hears nothing pushed, and opening
   * it delivers nothing), expects it stored and answers the stored message.
   */
  send(member: TestMember, to: TestMember | string, clientId: string, text: string): Promise<MemberMessage>;
  /** Marks the friend's messages read up to one, from such a socket; answers what the socket was told. */
  read(member: TestMember, friendId: string, upTo: string): Promise<ServerFrame[]>;
  /** Waits until every bus event (and what it set off) has been handled. */
  settle(): Promise<void>;
}

export const START = Date.parse('2026-03-01T12:00:00Z');

function recordingSockets() {
  const open = new Map<string, Set<TestSocket>>();
  const sockets: LocalSockets = {
    sendToMember(memberId, frame) {
      const mine = open.get(memberId) ?? new Set();
      for (const socket of mine) socket.reply(frame);
      return mine.size;
    },
    connectedHere: (memberId) => (open.get(memberId)?.size ?? 0) > 0,
  };
  return { open, sockets };
}

function testSocket(memberId: string): TestSocket {
  const frames: ServerFrame[] = [];
  return {
    memberId,
    connectionId: randomUUID(),
    frames,
    reply: (frame) => frames.push(frame),
    framesOf: <T extends ServerFrame['type']>(type: T) => frames.filter((f): f is Extract<ServerFrame, { type: T }> => f.type === type),
  };
}

export function useChatWorld(kind: DatabaseKind): ChatWorld {
  const world = { clock: { now: START } } as ChatWorld;
  let feature: LiveFeature;
  let open: Map<string, Set<TestSocket>>;
  let pending: Promise<void>[] = [];

  const opened = openTestDatabaseAroundTests(kind);
  Object.defineProperty(world, 'database', { get: () => opened.database });
  beforeEach(async () => {
    const { db } = world.database;
    // Every other row of a member goes with them (ON DELETE CASCADE).
    await db.deleteFrom('members').execute();
    world.clock.now = START;
    world.bus = memoryBus();
    const recording = recordingSockets();
    open = recording.open;
    pending = [];
    feature = chatFeature({ db, bus: world.bus, sockets: recording.sockets, serverId: 'test-server', now: () => world.clock.now });
    world.bus.subscribe((event) => pending.push(feature.onBusEvent?.(event) ?? Promise.resolve()));
    world.app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db, bus: world.bus, now: () => world.clock.now } });
  });

  world.settle = async () => {
    while (pending.length > 0) await Promise.all(pending.splice(0));
  };
  world.member = (username) => addMember(world.database, world.app, username);
  world.befriend = async (one, other) => {
    await world.database.db.insertInto('friendships').values(pairOf(one.id, other.id)).execute();
  };
  world.connect = async (member) => {
    const socket = testSocket(member.id);
    open.set(member.id, (open.get(member.id) ?? new Set()).add(socket));
    await feature.onConnect?.(socket);
    await world.settle();
    return socket;
  };
  world.disconnect = (socket) => {
    open.get(socket.memberId)?.delete(socket);
  };
  world.frame = async (socket, frame) => {
    const handled = (await feature.onFrame?.(socket, frame)) ?? false;
    await world.settle();
    return handled;
  };
  world.send = async (member, to, clientId, text) => {
    const socket = testSocket(member.id);
    // Parsed as the hub parses a frame before the feature sees it (the text arrives trimmed).
    await world.frame(socket, clientFrameSchema.parse({ type: 'send', to: typeof to === 'string' ? to : to.id, clientId, text }));
    const [ack] = socket.framesOf('ack');
    expect(socket.frames, `${member.username} sends ${clientId}`).toEqual([ack]);
    return ack!.message;
  };
  world.read = async (member, friendId, upTo) => {
    const socket = testSocket(member.id);
    await world.frame(socket, clientFrameSchema.parse({ type: 'read', friendId, upTo }));
    return socket.frames;
  };
  return world;
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Saves `member`'s 'Privacy and safety' choices as Settings does. */
export async function setSafety(member: TestMember, body: Record<string, unknown>): Promise<void> {
  const response = await member.browser.request('PUT', '/api/me/safety', body);
  expect(response.status).toBe(200);
}

/** When each message of `viewer`'s chat with `friend` was read, as `viewer`'s history shows it (null: not read). */
export async function readAtsIn(viewer: TestMember, friend: TestMember): Promise<(string | null)[]> {
  const history = await json<{ messages: { readAt: string | null }[] }>(await viewer.browser.request('GET', `/api/chats/${friend.id}/messages`));
  return history.messages.map((m) => m.readAt);
}
