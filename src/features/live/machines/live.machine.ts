import { assertEvent, assign, emit, enqueueActions, sendTo, setup, type EventObject } from 'xstate';
import {
  CLOSE_SERVICE_RESTART,
  CLOSE_UNAUTHENTICATED,
  LIVE_SILENCE_LIMIT_MS,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  isFinalSendError,
  type ClientFrame,
  type ServerFrame,
} from '../../../domain/liveContract';
import { actionNotProvided, callbackNotProvided } from '../../../shared/machines/notProvided';
import type { LiveCommand, LiveEmitted, LiveStatus, OutboxEntry } from './liveEvents';

/**
 * The app's one live channel for a member: the /api/live socket, kept open through network
 * changes and server restarts. connecting -> open; a lost or failed socket -> reconnecting after an
 * exponential, fully jittered backoff; the browser offline -> offline until it is back. Chat messages
 * ('live.send') wait in the device's outbox until the server acknowledges them, and the whole outbox
 * is sent again, in order, every time the socket opens (the server keeps one message per clientId); one
 * the server refused for now (too many messages) is sent again after its next heartbeat.
 * Everything it hears is emitted as 'live.received', every status change as 'live.status': the chat,
 * conversation, notice and debate machines subscribe through liveLink.ts.
 */
export interface LiveContext {
  memberId: string;
  status: LiveStatus;
  /** Friends online now: the 'ready' frame's list, kept current by 'presence' frames. */
  onlineFriends: string[];
  /** Messages waiting for the server's 'ack', oldest first (the same list as on the device). */
  outbox: OutboxEntry[];
  /** Failed connects since the last open (capped where the backoff stops growing). */
  attempt: number;
  /** How long the current wait in reconnecting lasts. */
  retryDelayMs: number;
  /** Queued messages the server refused for now (a retryable code): sent again with the next heartbeat. */
  refused: string[];
  /** A number in [0, 1) like Math.random, for the jitter. */
  random: () => number;
  /** Date.now, for when a message was queued. */
  now: () => number;
}

/** What the device knows when the channel starts: the member, their waiting messages, the clock and random source. */
export interface LiveInput {
  memberId: string;
  /** The member's outbox as it was left on this device, oldest first. */
  outbox: OutboxEntry[];
  random: () => number;
  now: () => number;
}

/** What keeping the outbox on the device reads of the machine's context. */
export interface KeptOutbox {
  memberId: string;
  outbox: OutboxEntry[];
}

/** What the socket actor tells the machine, and what the browser's network watcher tells it. */
export type SocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.frame'; frame: ServerFrame }
  | { type: 'socket.closed'; code: number }
  | { type: 'network.offline' }
  | { type: 'network.online' };

type LiveEvent = LiveCommand | SocketEvent;

/** What the machine tells the socket actor. */
export interface SocketSend {
  type: 'socket.send';
  frame: ClientFrame;
}

/** Past this many failures base × 2^attempt is above the cap, so counting further changes nothing. */
const MAX_BACKOFF_EXPONENT = Math.ceil(Math.log2(RECONNECT_MAX_MS / RECONNECT_BASE_MS));

/** Full jitter: a random share of base × 2^attempt, capped. */
export function backoffDelayMs(attempt: number, random: number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  const share = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0;
  return Math.floor(share * ceiling);
}

function sendFrameOf(entry: OutboxEntry): ClientFrame {
  return { type: 'send', to: entry.to, clientId: entry.clientId, text: entry.text };
}

function withoutClientId(outbox: readonly OutboxEntry[], frame: ServerFrame): OutboxEntry[] {
  if (frame.type === 'ack') return outbox.filter((entry) => entry.clientId !== frame.clientId);
  if (frame.type === 'error' && frame.clientId !== undefined && isFinalSendError(frame.code)) {
    return outbox.filter((entry) => entry.clientId !== frame.clientId);
  }
  return [...outbox];
}

function refusedAfter(refused: readonly string[], outbox: readonly OutboxEntry[], frame: ServerFrame): string[] {
  const waiting = refused.filter((clientId) => outbox.some((entry) => entry.clientId === clientId));
  if (frame.type !== 'error' || frame.clientId === undefined || waiting.includes(frame.clientId)) return waiting;
  return outbox.some((entry) => entry.clientId === frame.clientId) ? [...waiting, frame.clientId] : waiting;
}

function onlineAfter(online: readonly string[], frame: ServerFrame): string[] {
  if (frame.type === 'ready') return [...new Set(frame.onlineFriends)];
  if (frame.type !== 'presence') return [...online];
  const others = online.filter((id) => id !== frame.memberId);
  return frame.online ? [...others, frame.memberId] : others;
}

/** The error an actor's error event carries (xstate types an action's event as the machine's own events). */
function errorIn(event: object): unknown {
  return 'error' in event ? event.error : event;
}

export const liveMachine = setup({
  types: {} as { context: LiveContext; events: LiveEvent; input: LiveInput; emitted: LiveEmitted },
  actors: {
    // The /api/live socket: tells the machine it opened, each frame and its close; sends what it is given.
    socket: callbackNotProvided<SocketSend>('socket'),
    // Reports the browser's current network state at once, then every change.
    watchNetwork: callbackNotProvided<EventObject>('watchNetwork'),
  },
  guards: {
    alreadyQueued: ({ context, event }) =>
      event.type === 'live.send' && context.outbox.some((entry) => entry.clientId === event.clientId),
    sessionRefused: ({ event }) => event.type === 'socket.closed' && event.code === CLOSE_UNAUTHENTICATED,
    serverRestarting: ({ event }) => event.type === 'socket.closed' && event.code === CLOSE_SERVICE_RESTART,
  },
  actions: {
    announceStatus: enqueueActions<LiveContext, LiveEvent, { status: LiveStatus }, LiveEvent, never, never, never, never, LiveEmitted>(({ context, enqueue }, params) => {
      if (context.status === params.status) return;
      enqueue.assign({ status: params.status });
      enqueue.emit({ type: 'live.status', status: params.status });
    }),
    queueMessage: assign({
      outbox: ({ context, event }) =>
        event.type === 'live.send'
          ? [...context.outbox, { to: event.to, clientId: event.clientId, text: event.text, queuedAt: context.now() }]
          : context.outbox,
    }),
    sendNewest: sendTo('socket', ({ context }): SocketSend => ({ type: 'socket.send', frame: sendFrameOf(context.outbox.at(-1)!) })),
    flushOutbox: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.outbox) enqueue.sendTo('socket', { type: 'socket.send', frame: sendFrameOf(entry) } satisfies SocketSend);
      enqueue.assign({ refused: [] });
    }),
    // A refusal that may pass later (too many messages) is tried again once the server has beaten.
    resendRefused: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.frame' || event.frame.type !== 'heartbeat' || context.refused.length === 0) return;
      for (const entry of context.outbox) {
        if (context.refused.includes(entry.clientId)) enqueue.sendTo('socket', { type: 'socket.send', frame: sendFrameOf(entry) } satisfies SocketSend);
      }
      enqueue.assign({ refused: [] });
    }),
    sendFrame: sendTo('socket', ({ event }): SocketSend => {
      assertEvent(event, 'live.frame');
      return { type: 'socket.send', frame: event.frame };
    }),
    takeFrame: assign(({ context, event }) => {
      assertEvent(event, 'socket.frame');
      const { frame } = event;
      const outbox = withoutClientId(context.outbox, frame);
      return { outbox, refused: refusedAfter(context.refused, outbox, frame), onlineFriends: onlineAfter(context.onlineFriends, frame) };
    }),
    tellFrame: emit(({ event }) => {
      assertEvent(event, 'socket.frame');
      return { type: 'live.received' as const, frame: event.frame };
    }),
    // Provided where the live actor is assembled: keeps the outbox (KeptOutbox) on the device after every change.
    persistOutbox: actionNotProvided('persistOutbox'),
    resetBackoff: assign({ attempt: 0 }),
    planRetry: assign(({ context }) => ({
      retryDelayMs: backoffDelayMs(context.attempt, context.random()),
      attempt: Math.min(context.attempt + 1, MAX_BACKOFF_EXPONENT),
    })),
    // Friends' presence is only known while connected.
    forgetPresence: assign({ onlineFriends: [] }),
    // Provided where the live actor is assembled: tells the app the session is over.
    endSession: actionNotProvided('endSession'),
    // Run only by the network watcher's onError, whose event carries the error.
    logWatchFailure: ({ event }) => console.error('Watching the network failed', errorIn(event)),
  },
  delays: {
    silenceLimit: LIVE_SILENCE_LIMIT_MS,
    reconnectDelay: ({ context }) => context.retryDelayMs,
  },
}).createMachine({
  id: 'live',
  context: ({ input }) => ({
    memberId: input.memberId,
    status: 'connecting',
    onlineFriends: [],
    outbox: input.outbox,
    attempt: 0,
    retryDelayMs: 0,
    refused: [],
    random: input.random,
    now: input.now,
  }),
  invoke: { id: 'watchNetwork', src: 'watchNetwork', onError: { actions: 'logWatchFailure' } },
  on: {
    'live.send': [{ guard: 'alreadyQueued' }, { actions: ['queueMessage', 'persistOutbox'] }],
    'network.offline': '.offline',
  },
  initial: 'connected',
  states: {
    connected: {
      invoke: { id: 'socket', src: 'socket', onError: 'reconnecting' },
      exit: 'forgetPresence',
      on: {
        'socket.closed': [
          { guard: 'sessionRefused', target: 'ended' },
          // The server is going away on purpose: any other server answers now, no backoff.
          { guard: 'serverRestarting', target: 'connected', reenter: true, actions: 'resetBackoff' },
          { target: 'reconnecting' },
        ],
      },
      initial: 'connecting',
      states: {
        connecting: {
          entry: { type: 'announceStatus', params: { status: 'connecting' } },
          // A connect that hangs is as dead as a silent socket.
          after: { silenceLimit: '#live.reconnecting' },
          on: { 'socket.opened': { target: 'open', actions: ['resetBackoff', 'flushOutbox'] } },
        },
        open: {
          entry: { type: 'announceStatus', params: { status: 'open' } },
          // The server beats every 20 s; hearing nothing for 2.5 beats means the socket is dead.
          after: { silenceLimit: '#live.reconnecting' },
          on: {
            'socket.frame': { target: 'open', reenter: true, actions: ['takeFrame', 'resendRefused', 'persistOutbox', 'tellFrame'] },
            'live.send': [{ guard: 'alreadyQueued' }, { actions: ['queueMessage', 'persistOutbox', 'sendNewest'] }],
            'live.frame': { actions: 'sendFrame' },
          },
        },
      },
    },
    reconnecting: {
      entry: ['planRetry', { type: 'announceStatus', params: { status: 'reconnecting' } }],
      after: { reconnectDelay: 'connected' },
    },
    offline: {
      entry: { type: 'announceStatus', params: { status: 'offline' } },
      on: { 'network.online': 'connected', 'network.offline': {} },
    },
    // The server refused the session (4401): no retry until the member logs in again, which starts a new actor.
    ended: {
      entry: 'endSession',
      on: { 'network.offline': {} },
    },
  },
});
