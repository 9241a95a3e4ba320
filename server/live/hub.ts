import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Kysely } from 'kysely';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  CLIENT_ID_MAX_LENGTH,
  CLOSE_SERVICE_RESTART,
  CLOSE_UNAUTHENTICATED,
  LIVE_HEARTBEAT_MS,
  LIVE_PATH,
  PRESENCE_STALE_MS,
  chatErrorTexts,
  clientFrameSchema,
  type ClientFrame,
  type ServerFrame,
} from '../../src/domain/liveContract';
import type { Context } from 'hono';
import { allowedHostnames } from '../config';
import type { Database } from '../db/schema';
import { clientAddress, rateLimitKey } from '../lib/clientAddress';
import { silentLogger, type Logger } from '../lib/log';
import { touchSessions } from '../members/devices';
import { publicSessionId } from '../members/sessions';
import { cookiePolicy as policyFor, type CookiePolicy } from '../members/sessionCookie';
import { CHAT_BUS_KINDS, type BusEvent, type LiveBus, type LiveDeps, type LiveFeature, type LiveFeatureFactory, type LiveSocket } from './feature';
import { checkHandshake } from './handshake';
import { createFrameBudget } from './frameBudget';
import { createSocketRegistry, send, type RegisteredSocket } from './socketRegistry';
import { createSocketSlots, liveSocketLimits, type LiveSocketLimits, type SlotRefusal } from './socketSlots';

// The live hub: the /api/live WebSockets of this server process. It checks who connects, keeps a
// live_connections row per socket (fresh while the socket lives), beats the heart, and hands every
// valid frame and every bus event to the features, which own the rules.

/** Frames are small JSON (a message is at most 2000 characters, up to 4 bytes each). */
export const LIVE_MAX_PAYLOAD_BYTES = 16 * 1024;
/** Frames a socket may send after its budget ran out, without a pause that refills it, before it is closed. */
export const LIVE_FRAMES_OVER_BUDGET_BEFORE_CLOSE = 200;
/** WebSocket close code for a client breaking the rules (RFC 6455 policy violation). */
const CLOSE_POLICY_VIOLATION = 1008;
/** How long shutdown waits for clients to answer the 1012 close before cutting them off. */
const CLOSE_GRACE_MS = 2_000;
/**
 * Rows of a server that died without deleting them are swept once well past stale (a living server
 * refreshes its rows every beat), and their members' friends told, as a closing socket would.
 */
const SWEEP_AFTER_MS = PRESENCE_STALE_MS * 2;

export interface LiveHubOptions {
  db: Kysely<Database>;
  bus: LiveBus;
  serverId: string;
  features: readonly LiveFeatureFactory[];
  /** The app's public origin: the only Origin a socket may come from. */
  origin: string;
  cookiePolicy?: CookiePolicy;
  now: () => number;
  log?: Logger;
  /** Tests shorten it; production beats every LIVE_HEARTBEAT_MS. */
  heartbeatMs?: number;
  /** Host names the server answers to (the Host check of the HTTP routes); default: the origin's, and loopback's when it is on loopback. */
  allowedHostnames?: readonly string[];
  /** How many sockets a member, an address and the server may hold (default: those of MAX_CONNECTIONS' default, 512). */
  limits?: LiveSocketLimits;
  /** As TRUST_PROXY: how many proxies' X-Forwarded-For entries name the client. */
  trustProxyHops?: number;
}

export interface LiveHub {
  /**
   * Answers WebSocket upgrades on LIVE_PATH. Upgrades anywhere else are refused (404), unless
   * `otherUpgrades: 'leave'`: the dev server's own socket (Vite's hot reload) shares the server there.
   */
  attach(server: Server, options?: { otherUpgrades?: 'refuse' | 'leave' }): void;
  /** Features stop, every socket is closed with 1012, and this server's rows are deleted. */
  shutdown(): Promise<void>;
}

interface Connection extends RegisteredSocket {
  /** The session the socket opened with: when it ends (log-out, expiry, account deleted), so does the socket. */
  sessionHash: string;
  /** The session's public id (publicSessionId), as bus events about one session name it. */
  sessionPublicId: string;
  alive: boolean;
  /** Each socket's work runs in order: connect, then its frames as they came, then disconnect. */
  turn: Promise<void>;
  view: LiveSocket;
  closed: Promise<void>;
}

const slotRefusals: Record<SlotRefusal, [number, string]> = {
  member: [429, 'Too Many Requests'],
  address: [429, 'Too Many Requests'],
  server: [503, 'Service Unavailable'],
};

/** The client's address as the HTTP rate limits key it (TRUST_PROXY and IPv6 /64 alike). */
function addressOf(request: IncomingMessage, trustProxyHops: number): string {
  const asContext = { env: { incoming: request }, req: { header: (name: string) => request.headers[name.toLowerCase()] } };
  return rateLimitKey(clientAddress(asContext as unknown as Context, trustProxyHops));
}

function hostnameOf(host: string | undefined): string | undefined {
  try {
    return host ? new URL(`http://${host}`).hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function clientIdOf(frame: unknown): string | undefined {
  if (typeof frame !== 'object' || frame === null || !('clientId' in frame)) return undefined;
  const { clientId } = frame;
  return typeof clientId === 'string' && clientId.length > 0 && clientId.length <= CLIENT_ID_MAX_LENGTH ? clientId : undefined;
}

function parseFrame(data: RawData, isBinary: boolean): { frame?: ClientFrame; raw?: unknown } {
  if (isBinary) return {};
  let raw: unknown;
  try {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    return {};
  }
  const parsed = clientFrameSchema.safeParse(raw);
  return parsed.success ? { frame: parsed.data, raw } : { raw };
}

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db, bus, serverId, now } = options;
  const log = options.log ?? silentLogger;
  const policy = options.cookiePolicy ?? policyFor(options.origin);
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const registry = createSocketRegistry();
  const deps: LiveDeps = { db, bus, sockets: registry, serverId, now };
  const features: LiveFeature[] = options.features.map((make) => make(deps));
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_MAX_PAYLOAD_BYTES });
  const connections = new Set<Connection>();
  const pendingCookies = new WeakMap<IncomingMessage, string[]>();
  const slots = createSocketSlots(options.limits ?? liveSocketLimits(512));
  const hostnames = new Set(options.allowedHostnames ?? allowedHostnames(options.origin, new URL(options.origin).hostname));
  let stopping = false;
  let busTurn: Promise<void> = Promise.resolve();

  wss.on('headers', (headers, request) => {
    for (const cookie of pendingCookies.get(request) ?? []) headers.push(`Set-Cookie: ${cookie}`);
  });

  async function each(what: string, run: (feature: LiveFeature) => Promise<unknown> | undefined): Promise<void> {
    for (const feature of features) {
      try {
        await run(feature);
      } catch (error) {
        log.error(`live feature failed in ${what}`, { error });
      }
    }
  }

  /** Events that arrived while the features were busy with earlier ones: the next turn takes them all. */
  let waiting: BusEvent[] = [];

  async function handleRun(run: readonly BusEvent[]): Promise<void> {
    const [first] = run;
    if (run.length === 1 && first) return each(`bus event ${first.kind}`, (feature) => feature.onBusEvent?.(first));
    await each('bus events', async (feature) => {
      if (feature.onBusEvents) return feature.onBusEvents(run);
      for (const event of run) await feature.onBusEvent?.(event);
    });
  }

  /** In arrival order; consecutive chat events go as one run, every other event alone, as before. */
  async function handleWaiting(): Promise<void> {
    const events = waiting;
    waiting = [];
    let run: BusEvent[] = [];
    for (const event of events) {
      if (CHAT_BUS_KINDS.has(event.kind)) {
        run.push(event);
        continue;
      }
      if (run.length > 0) await handleRun(run);
      run = [];
      await handleRun([event]);
    }
    if (run.length > 0) await handleRun(run);
  }

  const unsubscribe = bus.subscribe((event: BusEvent) => {
    // Not queued behind other events: the member's sockets close the moment any server ends their sessions.
    if (event.kind === 'sessionsEnded') closeSocketsOf(event.memberId, (session) => session !== event.keep);
    if (event.kind === 'sessionEnded') closeSocketsOf(event.memberId, (session) => session === event.session);
    // In the order they arrived, one turn after another: a receipt never overtakes its message.
    waiting.push(event);
    if (waiting.length === 1) busTurn = busTurn.then(handleWaiting);
  });

  async function dispatch(connection: Connection, frame: ClientFrame): Promise<void> {
    for (const feature of features) {
      try {
        if (await feature.onFrame?.(connection.view, frame)) return;
      } catch (error) {
        log.error('live feature failed on a frame', { error, type: frame.type });
        send(connection, { type: 'error', code: 'INTERNAL', message: 'Something went wrong on the server.', clientId: clientIdOf(frame) });
        return;
      }
    }
    send(connection, { type: 'error', code: 'INVALID_REQUEST', message: chatErrorTexts.INVALID_REQUEST, clientId: clientIdOf(frame) });
  }

  function open(ws: WebSocket, memberId: string, sessionHash: string): void {
    const connectionId = randomUUID();
    let closedNow!: () => void;
    const connection: Connection = {
      ws,
      memberId,
      sessionHash,
      sessionPublicId: publicSessionId(sessionHash),
      connectionId,
      held: [],
      alive: true,
      turn: Promise.resolve(),
      closed: new Promise((resolve) => (closedNow = resolve)),
      view: { memberId, connectionId, reply: (frame: ServerFrame) => send(connection, frame) },
    };
    connections.add(connection);
    registry.add(connection);
    const budget = createFrameBudget(now);
    let overBudget = 0;
    const enqueue = (work: () => Promise<void>) => {
      connection.turn = connection.turn.then(work).catch((error: unknown) => log.error('live socket work failed', { error }));
    };

    enqueue(async () => {
      try {
        // connected_at is the database's clock (microseconds): it orders a member's sockets, see presence.ts.
        await db.insertInto('live_connections').values({ id: connectionId, server_id: serverId, member_id: memberId, seen_at: new Date(now()) }).execute();
      } catch (error) {
        // Unrecorded, the socket would be invisible to presence: the client retries instead (1011).
        log.error('live socket could not be recorded', { error });
        ws.close(1011, 'Try again');
        return;
      }
      await each('onConnect', (feature) => feature.onConnect?.(connection.view));
      registry.settle(connection);
    });

    ws.on('pong', () => (connection.alive = true));
    ws.on('error', (error) => log.warn('live socket error', { error: error.message }));
    ws.on('message', (data, isBinary) => {
      connection.alive = true;
      // Every frame spends the budget before anything is answered, so a flood cannot earn a flood of
      // answers: over it, each frame gets a short refusal (naming the send, for the client to retry
      // later), and a socket that keeps on regardless is closed.
      if (!budget.spend()) {
        overBudget += 1;
        if (overBudget > LIVE_FRAMES_OVER_BUDGET_BEFORE_CLOSE) {
          // A client still flooding may not be reading either: the connection goes without waiting for its close frame.
          ws.close(CLOSE_POLICY_VIOLATION, 'Too many frames');
          ws.terminate();
          return;
        }
        send(connection, { type: 'error', code: 'TOO_MANY_MESSAGES', message: chatErrorTexts.TOO_MANY_MESSAGES, clientId: clientIdOf(parseFrame(data, isBinary).raw) });
        return;
      }
      overBudget = 0;
      const { frame, raw } = parseFrame(data, isBinary);
      if (!frame) {
        send(connection, { type: 'error', code: 'INVALID_REQUEST', message: chatErrorTexts.INVALID_REQUEST, clientId: clientIdOf(raw) });
        return;
      }
      enqueue(() => dispatch(connection, frame));
    });
    ws.on('close', () => {
      registry.remove(connection);
      enqueue(async () => {
        await db.deleteFrom('live_connections').where('id', '=', connectionId).execute();
        await each('onDisconnect', (feature) => feature.onDisconnect?.(connection.view));
      });
      void connection.turn.finally(() => {
        connections.delete(connection);
        closedNow();
      });
    });
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => undefined);
    if (stopping) return refuse(socket, 503, 'Service Unavailable');
    // Upgrades skip the HTTP middleware, so the Host check is made here too (DNS rebinding).
    const hostname = hostnameOf(request.headers.host);
    if (hostname === undefined || !hostnames.has(hostname)) return refuse(socket, 421, 'Misdirected Request');
    const address = addressOf(request, options.trustProxyHops ?? 0);
    const full = slots.enter(address);
    if (full) return refuse(socket, ...slotRefusals[full]);
    let member: string | undefined;
    // The raw socket closes however the handshake or the socket ends: refused, failed or closed later.
    socket.once('close', () => slots.leave(address, member));
    // The page's own origin as the Host names it (vetted above): on a loopback install the app may be opened as localhost.
    const ownOrigin = `http://${request.headers.host ?? ''}`;
    const handshake = await checkHandshake(request, db, (origin) => origin === options.origin || origin === ownOrigin, policy, now());
    if (socket.destroyed) return;
    if (handshake.kind === 'forbidden') return refuse(socket, 403, 'Forbidden');
    if (handshake.kind === 'member') {
      if (!slots.claimMember(handshake.memberId)) return refuse(socket, ...slotRefusals.member);
      member = handshake.memberId;
      pendingCookies.set(request, handshake.setCookies);
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // The browser sees close codes, not HTTP statuses: 4401 tells the client not to retry.
      if (handshake.kind === 'unauthenticated' || stopping) {
        ws.close(stopping ? CLOSE_SERVICE_RESTART : CLOSE_UNAUTHENTICATED, stopping ? 'Server restarting' : 'Unauthenticated');
        return;
      }
      open(ws, handshake.memberId, handshake.sessionHash);
    });
  }

  /** 4401: the client's session is over and it does not retry (the member's app returns to log-in). */
  function closeSocketsOf(memberId: string, ended: (sessionPublicId: string) => boolean): void {
    for (const connection of connections) {
      if (connection.memberId === memberId && ended(connection.sessionPublicId)) connection.ws.close(CLOSE_UNAUTHENTICATED, 'Session ended');
    }
  }

  async function closeEndedSessions(at: number): Promise<void> {
    const hashes = [...new Set([...connections].map((connection) => connection.sessionHash))];
    if (hashes.length === 0) return;
    const live = await db.selectFrom('sessions').select('id_hash').where('id_hash', 'in', hashes).where('expires_at', '>', new Date(at)).execute();
    const valid = new Set(live.map((row) => row.id_hash));
    for (const connection of connections) {
      if (!valid.has(connection.sessionHash)) connection.ws.close(CLOSE_UNAUTHENTICATED, 'Session ended');
    }
    // An open socket is use: 'Signed-in devices' shows these sessions active.
    await touchSessions(db, [...valid], at);
  }

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
      // A socket still connecting has not said `ready`, which must come first; the next beat reaches it.
      if (!connection.held) send(connection, { type: 'heartbeat' });
    }
    const at = now();
    void (async () => {
      await closeEndedSessions(at);
      await db.updateTable('live_connections').set({ seen_at: new Date(at) }).where('server_id', '=', serverId).execute();
      const swept = await db.deleteFrom('live_connections').where('seen_at', '<', new Date(at - SWEEP_AFTER_MS)).returning('member_id').execute();
      for (const memberId of new Set(swept.map((row) => row.member_id))) await bus.publish({ kind: 'presence', memberId });
    })().catch((error: unknown) => log.error('live heartbeat could not refresh its rows', { error }));
  }, heartbeatMs);
  heartbeat.unref();

  return {
    attach(server, { otherUpgrades = 'refuse' } = {}) {
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (new URL(request.url ?? '/', 'http://localhost').pathname !== LIVE_PATH) {
          if (otherUpgrades === 'refuse') refuse(socket, 404, 'Not Found');
          return;
        }
        upgrade(request, socket, head).catch((error: unknown) => {
          log.error('live handshake failed', { error });
          refuse(socket, 500, 'Internal Server Error');
        });
      });
    },
    async shutdown() {
      if (stopping) return;
      stopping = true;
      clearInterval(heartbeat);
      unsubscribe();
      await each('stop', (feature) => feature.stop?.());
      const open = [...connections];
      for (const connection of open) connection.ws.close(CLOSE_SERVICE_RESTART, 'Server restarting');
      const cutOff = setTimeout(() => open.forEach((connection) => connection.ws.terminate()), CLOSE_GRACE_MS);
      await Promise.all(open.map((connection) => connection.closed));
      clearTimeout(cutOff);
      await busTurn;
      await db.deleteFrom('live_connections').where('server_id', '=', serverId).execute();
      wss.close();
    },
  };
}
