import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { ClientFrame, ServerFrame } from '../../../../src/domain/liveContract';
import { createApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { chatFeature } from '../../../../server/live/chat';
import type { LiveFeature, LiveSocket, LocalSockets } from '../../../../server/live/feature';
import { pairOf } from '../../../../server/social/people';
import { APP_ORIGIN } from '../../members/support/browser';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from '../../members/support/testDatabase';
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

  beforeAll(async () => {
    world.database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await world.database?.dispose();
  });
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
  return world;
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Sends over REST and expects it stored (201). */
export async function post(member: TestMember, to: TestMember, clientId: string, text: string): Promise<{ id: string }> {
  const response = await member.browser.request('POST', `/api/chats/${to.id}/messages`, { clientId, text });
  expect(response.status).toBe(201);
  return (await json<{ message: { id: string } }>(response)).message;
}
