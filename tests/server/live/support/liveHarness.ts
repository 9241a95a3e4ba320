import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServerFrame } from '../../../../src/domain/liveContract';
import type { Database } from '../../../../server/db/schema';
import type { BusEvent, LiveBus, LiveFeature, LiveFeatureFactory, LiveSocket, LocalSockets } from '../../../../server/live/feature';

// A live feature run without the hub: an in-process bus, and per "server" a recording LocalSockets
// that keeps every frame each member's sockets were sent. Connecting writes the live_connections row
// the hub would, so presence-based rules (online members, a last socket closing) see real rows.

export interface InProcessBus extends LiveBus {
  /** Work a listener started for an event (a feature's onBusEvent), for settle() to wait on. */
  track(work: Promise<void> | undefined): void;
  /** Resolves once every feature has handled every event published so far (and what they published). */
  settle(): Promise<void>;
}

export function inProcessBus(): InProcessBus {
  const listeners = new Set<(event: BusEvent) => void>();
  const handling: Promise<void>[] = [];
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
      return Promise.resolve();
    },
    track(work) {
      if (work) handling.push(work);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => Promise.resolve(),
    async settle() {
      while (handling.length > 0) await Promise.all(handling.splice(0));
    },
  };
}

export interface TestSocket extends LiveSocket {
  close(): Promise<void>;
}

export interface LiveServer {
  feature: LiveFeature;
  /** Frames each member received on this server, in order (replies to their sockets included). */
  framesOf(memberId: string): ServerFrame[];
  connect(memberId: string): Promise<TestSocket>;
}

export function liveServer(db: Kysely<Database>, bus: InProcessBus, factory: LiveFeatureFactory, now: () => number): LiveServer {
  const serverId = randomUUID();
  const open = new Map<string, Set<string>>();
  const frames = new Map<string, ServerFrame[]>();
  const record = (memberId: string, frame: ServerFrame) => {
    const list = frames.get(memberId) ?? [];
    list.push(frame);
    frames.set(memberId, list);
  };
  const sockets: LocalSockets = {
    sendToMember(memberId, frame) {
      const count = open.get(memberId)?.size ?? 0;
      for (let i = 0; i < count; i += 1) record(memberId, frame);
      return count;
    },
    connectedHere: (memberId) => (open.get(memberId)?.size ?? 0) > 0,
  };
  const feature = factory({ db, bus, sockets, serverId, now });
  bus.subscribe((event) => bus.track(feature.onBusEvent?.(event)));

  return {
    feature,
    framesOf: (memberId) => frames.get(memberId) ?? [],
    async connect(memberId) {
      const connectionId = randomUUID();
      await db.insertInto('live_connections').values({ id: connectionId, server_id: serverId, member_id: memberId }).execute();
      const mine = open.get(memberId) ?? new Set<string>();
      mine.add(connectionId);
      open.set(memberId, mine);
      const socket: TestSocket = {
        memberId,
        connectionId,
        reply: (frame) => record(memberId, frame),
        async close() {
          open.get(memberId)?.delete(connectionId);
          await db.deleteFrom('live_connections').where('id', '=', connectionId).execute();
          await feature.onDisconnect?.(socket);
          await bus.settle();
        },
      };
      await feature.onConnect?.(socket);
      return socket;
    },
  };
}
