import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ClientFrame, ServerFrame } from '../../src/domain/liveContract';
import type { Database } from '../db/schema';

// How the live layer is put together. The hub (hub.ts) owns the sockets of this server process;
// features (chat, presence, debates) own the rules. A feature never talks to another server: it
// writes to the database and publishes an id on the bus, and every server's copy of the feature
// reads the row when the bus event arrives and pushes frames to its own sockets.

/** What crosses between servers on the bus (Postgres NOTIFY payloads): ids, never message text. */
export const busEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), id: z.string() }),
  z.object({ kind: z.literal('receipt'), sender: z.string(), reader: z.string(), ids: z.array(z.string()), status: z.enum(['delivered', 'read']), at: z.string() }),
  z.object({ kind: z.literal('typing'), from: z.string(), to: z.string() }),
  /** statusChanged: the member just switched Online Status (friends hear `online: false` when it went off). */
  z.object({ kind: z.literal('presence'), memberId: z.string(), statusChanged: z.boolean().optional() }),
  z.object({ kind: z.literal('friendRequest'), from: z.string(), to: z.string() }),
  /** A friendship ended (unfriended or blocked): each stops seeing the other online. */
  z.object({ kind: z.literal('friendshipEnded'), members: z.tuple([z.string(), z.string()]) }),
  /** Who is a friend, asked or blocked changed between the two (an answer, an unfriend, a block): both fetch their lists again. */
  z.object({ kind: z.literal('peopleChanged'), members: z.tuple([z.string(), z.string()]) }),
  /** A member's own profile was saved: their other devices fetch it again. */
  z.object({ kind: z.literal('profileChanged'), memberId: z.string() }),
  /** A member muted or unmuted their chat with `friendId`: their other tabs and devices show it. */
  z.object({ kind: z.literal('muteChanged'), memberId: z.string(), friendId: z.string(), muted: z.boolean() }),
  z.object({ kind: z.literal('debate'), debateId: z.string() }),
  /** One message stored in a debate: each server reads that one row and pushes it, never the whole debate. */
  z.object({ kind: z.literal('debateMessage'), debateId: z.string(), messageId: z.string() }),
  z.object({ kind: z.literal('debateQueue'), memberId: z.string() }),
  /**
   * Every session of this member was ended (suspended or deleted by an operator, or their password reset), or every one but `keep`
   * (a public session id: the member changed their password or signed out everywhere else): each server
   * closes their sockets at once.
   */
  z.object({ kind: z.literal('sessionsEnded'), memberId: z.string(), keep: z.string().optional() }),
  /** One session of this member (by its public id) was signed out from 'Signed-in devices'. */
  z.object({ kind: z.literal('sessionEnded'), memberId: z.string(), session: z.string() }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;

/**
 * The kinds only the chat feature acts on. The hub hands a run of them to onBusEvents at once: no other
 * feature's frames sit between them, so batching them changes no order a socket sees.
 */
export const CHAT_BUS_KINDS: ReadonlySet<BusEvent['kind']> = new Set(['message', 'receipt', 'typing']);

/** Postgres LISTEN/NOTIFY (a dedicated connection) or PGlite's in-process listen: the same calls. */
export interface LiveBus {
  publish(event: BusEvent): Promise<void>;
  /** Returns the unsubscribe. Events this server published come back to it too (one code path). */
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

/** The sockets of this server process. */
export interface LocalSockets {
  /** Sends to every socket this member has open here; returns how many it reached. */
  sendToMember(memberId: string, frame: ServerFrame): number;
  /** Whether this member has a socket open on this server. */
  connectedHere(memberId: string): boolean;
}

export interface LiveDeps {
  db: Kysely<Database>;
  bus: LiveBus;
  sockets: LocalSockets;
  /** This process's id (random per start), as stored in live_connections.server_id. */
  serverId: string;
  now: () => number;
}

/** A socket as a feature sees it: who it belongs to, and a way to answer only it. */
export interface LiveSocket {
  memberId: string;
  /** Unique per socket (live_connections.id). */
  connectionId: string;
  reply(frame: ServerFrame): void;
}

export interface LiveFeature {
  /**
   * After the socket is authenticated and registered, in the features' list order (server/live/index.ts).
   * Presence runs first and replies `ready`; frames sent to the member through LocalSockets meanwhile
   * are held until every onConnect has run, so a client always hears `ready` first.
   */
  onConnect?(socket: LiveSocket): Promise<void>;
  onDisconnect?(socket: LiveSocket): Promise<void>;
  /** A valid client frame; return true when this feature handled it. */
  onFrame?(socket: LiveSocket, frame: ClientFrame): Promise<boolean>;
  /** Every bus event, on every server (including the publisher's). */
  onBusEvent?(event: BusEvent): Promise<void>;
  /**
   * Several events of CHAT_BUS_KINDS that arrived together, in order: what one event costs in queries
   * the batch costs once. A feature without it hears each through onBusEvent.
   */
  onBusEvents?(events: readonly BusEvent[]): Promise<void>;
  /** Called on shutdown, before the sockets are closed with 1012. */
  stop?(): Promise<void>;
}

export type LiveFeatureFactory = (deps: LiveDeps) => LiveFeature;
