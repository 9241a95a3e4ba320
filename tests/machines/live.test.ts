// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate';
import type { ClientFrame, ServerFrame } from '../../src/domain/liveContract';
import { liveImplementationsFor, liveInputFor } from '../../src/features/live/actors/live.actors';
import { liveMachine, type SocketSend } from '../../src/features/live/machines/live.machine';
import type { LiveEmitted, OutboxEntry } from '../../src/features/live/machines/liveEvents';
import { createViewerSource } from '../../src/shared/session/viewer';
import { fullStorage } from '../support/failingStorage';
import { after, failed, itCoversTheModel, type ReplayEnv } from '../support/modelTest';
import { FakeWebSocket } from '../support/liveFakeWebSocket';

// The member's live channel: connecting -> open -> reconnecting with backoff -> offline,
// the device outbox flushed in order on every open, acks and final refusals taking messages out of it.

const OUTBOX_KEY = 'mycelius_outbox_m-1';
const QUEUED_AT = 1_700_000_000_000;
const input = { memberId: 'm-1', outbox: [] as OutboxEntry[], random: () => 0.5, now: () => QUEUED_AT };
/** What the app starts the channel with (the outbox stored on the device), on the test's clock and random source. */
const deviceInput = (random = input.random) => ({ ...liveInputFor('m-1'), random, now: input.now });
/** The channel over the real browser and device IO. */
// The app's viewer source, which the channel tells when the server refuses the session.
const viewer = createViewerSource();
const liveImplementations = liveImplementationsFor(viewer);
const deviceLive = liveMachine.provide(liveImplementations);

const toNova = { type: 'live.send', to: 'm-2', clientId: 'c-1', text: 'hi nova' } as const;
const toJuno = { type: 'live.send', to: 'm-3', clientId: 'c-2', text: 'hey juno' } as const;
const typing: ClientFrame = { type: 'typing', to: 'm-2' };
const message = (clientId: string, to: string, text: string) => ({
  id: `id-${clientId}`,
  clientId,
  from: 'm-1',
  to,
  text,
  sentAt: '2026-11-23T23:00:00.000Z',
  deliveredAt: null,
  readAt: null,
});
const frames = {
  ready: { type: 'ready', memberId: 'm-1', onlineFriends: ['m-2'] },
  novaLeft: { type: 'presence', memberId: 'm-2', online: false },
  ackNova: { type: 'ack', clientId: 'c-1', message: message('c-1', 'm-2', 'hi nova') },
  notFriendsJuno: { type: 'error', code: 'NOT_FRIENDS', message: 'You can only message your friends.', clientId: 'c-2' },
  tooFastNova: { type: 'error', code: 'TOO_MANY_MESSAGES', message: 'You are sending messages too fast. Please slow down.', clientId: 'c-1' },
  heartbeat: { type: 'heartbeat' },
} satisfies Record<string, ServerFrame>;

type FakeFailure = { type: 'fake.fail'; error: unknown };

/**
 * A socket that records what the machine does with it; the test sends what the server would. The model's
 * failed('socket') steps reject its entry in env.pending, which makes this actor fail.
 */
function fakeSocket(env: ReplayEnv) {
  return fromCallback<SocketSend>(({ receive, self }) => {
    env.record('connect');
    const failures = env.pending.get('socket') ?? [];
    const fail = (error: unknown) => self.send({ type: 'fake.fail', error } satisfies FakeFailure as never);
    failures.push({ promise: Promise.resolve(), input: undefined, resolve: () => undefined, reject: fail });
    env.pending.set('socket', failures);
    receive((event: SocketSend | FakeFailure) => {
      // A socket that fails leaves nothing open (an errored actor is not cleaned up by xstate).
      if (event.type === 'fake.fail') {
        env.record('disconnect');
        throw event.error;
      }
      env.record('sent', event.frame);
    });
    return () => env.record('disconnect');
  });
}

type Where = 'connected.connecting' | 'connected.open' | 'reconnecting' | 'offline' | 'ended';
function where(value: unknown): Where {
  if (typeof value === 'string') return value as Where;
  return `connected.${(value as { connected: string }).connected}` as Where;
}

type Step = { event: EventObject; state: { value: unknown; context: { attempt: number } } };

/** What a user and the server should have seen by the end of the path, worked out from the events alone. */
function oracle(steps: readonly Step[]) {
  let outbox: { to: string; clientId: string; text: string }[] = [];
  // Refused for now (too many messages): sent again after the next heartbeat.
  let refused: string[] = [];
  let online: string[] = [];
  const sent: ClientFrame[] = [];
  let connects = 1;
  for (let i = 1; i < steps.length; i += 1) {
    const before = where(steps[i - 1]!.state.value);
    const now = where(steps[i]!.state.value);
    const event = steps[i]!.event as EventObject & Record<string, unknown>;
    const wasConnected = before.startsWith('connected');
    const isConnected = now.startsWith('connected');
    if (isConnected && (!wasConnected || (event.type === 'socket.closed' && event.code === 1012))) connects += 1;
    if (!isConnected || now === 'connected.connecting') online = [];
    if (event.type === 'live.send' && !outbox.some((e) => e.clientId === event.clientId)) {
      const entry = { to: event.to as string, clientId: event.clientId as string, text: event.text as string };
      outbox.push(entry);
      if (before === 'connected.open') sent.push({ type: 'send', ...entry });
    }
    if (event.type === 'socket.opened' && now === 'connected.open') {
      for (const entry of outbox) sent.push({ type: 'send', ...entry });
      refused = [];
    }
    if (event.type === 'live.frame' && before === 'connected.open') sent.push(event.frame as ClientFrame);
    if (event.type === 'socket.frame' && before === 'connected.open') {
      const frame = event.frame as ServerFrame;
      if (frame.type === 'ack') outbox = outbox.filter((e) => e.clientId !== frame.clientId);
      if (frame.type === 'error' && frame.code === 'NOT_FRIENDS') outbox = outbox.filter((e) => e.clientId !== frame.clientId);
      if (frame.type === 'ready') online = [...frame.onlineFriends];
      if (frame.type === 'presence' && !frame.online) online = online.filter((id) => id !== frame.memberId);
      refused = refused.filter((id) => outbox.some((e) => e.clientId === id));
      if (frame.type === 'error' && frame.code === 'TOO_MANY_MESSAGES' && outbox.some((e) => e.clientId === frame.clientId) && !refused.includes(frame.clientId!)) {
        refused.push(frame.clientId!);
      }
      if (frame.type === 'heartbeat') {
        for (const entry of outbox) if (refused.includes(entry.clientId)) sent.push({ type: 'send', ...entry });
        refused = [];
      }
    }
  }
  return { outbox: outbox.map((e) => ({ ...e, queuedAt: QUEUED_AT })), online, sent, connects };
}

function expectDevice(env: ReplayEnv, context: { outbox: OutboxEntry[]; onlineFriends: string[] }, steps: readonly Step[]) {
  const expected = oracle(steps);
  expect(context.outbox).toEqual(expected.outbox);
  // The queue is on the device too, so a reload keeps it (and an empty queue leaves no key behind).
  const stored: unknown = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? 'null');
  expect(stored).toEqual(expected.outbox.length ? expected.outbox : null);
  expect(env.effects.filter((e) => e.type === 'sent').map((e) => e.payload)).toEqual(expected.sent);
  expect(env.effects.filter((e) => e.type === 'connect')).toHaveLength(expected.connects);
  expect(context.onlineFriends).toEqual(expected.online);
}

function expectSocketOpen(env: ReplayEnv, open: boolean) {
  const connects = env.effects.filter((e) => e.type === 'connect').length;
  const disconnects = env.effects.filter((e) => e.type === 'disconnect').length;
  expect(connects - disconnects).toBe(open ? 1 : 0);
}

// Half of base × 2^attempt (random 0.5), capped at 15 s: what each wait in reconnecting must last.
const backoffByAttempt: Record<number, number> = { 1: 250, 2: 500, 3: 1000 };

describe('live machine (model-based)', () => {
  beforeEach(() => localStorage.clear());

  itCoversTheModel('connects, queues on the device, flushes in order on every open, and retries with backoff', {
    machine: liveMachine,
    input,
    limit: 400,
    // Failed connects (a silent connect among them) only up to the third: the cap is covered by the clock test below.
    events: (snapshot) => [
      { type: 'socket.opened' },
      ...(snapshot.context.attempt < 3 ? [{ type: 'socket.closed', code: 1006 }, failed('socket', new Error('refused'))] : []),
      ...(snapshot.context.attempt < 3 || snapshot.matches({ connected: 'open' }) ? [after('silenceLimit')] : []),
      { type: 'socket.closed', code: 1012 },
      { type: 'socket.closed', code: 4401 },
      ...Object.values(frames).map((frame) => ({ type: 'socket.frame', frame })),
      { ...toNova },
      { ...toJuno },
      { type: 'live.frame', frame: typing },
      { type: 'network.offline' },
      { type: 'network.online' },
      after('reconnectDelay'),
      failed('watchNetwork', new Error('no window')),
    ],
    delays: {
      silenceLimit: 50_000,
      reconnectDelay: (snapshot) => backoffByAttempt[snapshot.context.attempt]!,
    },
    setup: () => localStorage.clear(),
    provide: (env) => ({
      actors: { socket: fakeSocket(env) },
      actions: {
        persistOutbox: liveImplementations.actions.persistOutbox,
        endSession: () => env.record('sessionEnded'),
        logWatchFailure: () => env.record('logged'),
      },
    }),
    states: {
      'connected.connecting': ({ env, context, path }) => {
        expectDevice(env, context, path.steps);
        expectSocketOpen(env, true);
        expect(context.status).toBe('connecting');
      },
      'connected.open': ({ env, context, path }) => {
        expectDevice(env, context, path.steps);
        expectSocketOpen(env, true);
        expect(context.status).toBe('open');
        expect(context.attempt).toBe(0);
      },
      reconnecting: ({ env, context, path }) => {
        expectDevice(env, context, path.steps);
        expectSocketOpen(env, false);
        expect(context.status).toBe('reconnecting');
        expect(context.retryDelayMs).toBe(backoffByAttempt[context.attempt]);
      },
      offline: ({ env, context, path }) => {
        expectDevice(env, context, path.steps);
        expectSocketOpen(env, false);
        expect(context.status).toBe('offline');
      },
      ended: ({ env, context, path }) => {
        expectDevice(env, context, path.steps);
        expectSocketOpen(env, false);
        // Refused by the server for want of a session: the app is told, and nothing reconnects.
        expect(env.effects.filter((e) => e.type === 'sessionEnded')).toHaveLength(1);
      },
    },
  }, { states: 7, guards: 4 }, 120_000);
});

/** A live actor on a simulated clock whose socket is a recording fake; the test plays the server. */
function startLive(options: { random?: () => number } = {}) {
  const clock = new SimulatedClock();
  const connections: { sent: ClientFrame[]; closed: boolean }[] = [];
  const machine = liveMachine.provide({
    ...liveImplementations,
    actors: {
      ...liveImplementations.actors,
      socket: fromCallback<SocketSend>(({ receive }) => {
        const connection = { sent: [] as ClientFrame[], closed: false };
        connections.push(connection);
        receive((event) => connection.sent.push(event.frame));
        return () => {
          connection.closed = true;
        };
      }),
    },
  });
  const actor = createActor(machine, { clock, input: deviceInput(options.random) });
  const emitted: LiveEmitted[] = [];
  actor.on('live.status', (event) => emitted.push(event));
  actor.on('live.received', (event) => emitted.push(event));
  actor.start();
  const server = {
    open: () => actor.send({ type: 'socket.opened' }),
    frame: (frame: ServerFrame) => actor.send({ type: 'socket.frame', frame }),
    close: (code: number) => actor.send({ type: 'socket.closed', code }),
  };
  return { actor, clock, connections, emitted, server };
}

/** The channel open, with the message to nova sent and refused for now (too fast), so it stays queued. */
function startWithNovaRefusedForNow() {
  const live = startLive();
  live.server.open();
  live.actor.send({ ...toNova });
  live.server.frame(frames.tooFastNova);
  return live;
}

const sendsOf = (frames: ClientFrame[]) => frames.filter((f) => f.type === 'send').map((f) => (f as { clientId: string }).clientId);

describe('live machine (scenarios)', () => {
  beforeEach(() => localStorage.clear());

  it('a browser already offline when the channel starts shows offline at once', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { actor } = startLive();
    expect(actor.getSnapshot().context.status).toBe('offline');
    actor.stop();
    onLine.mockRestore();
  });

  it('queues two messages while offline and sends each once, in order, when back online', () => {
    const { actor, connections, emitted, server } = startLive();
    server.open();
    window.dispatchEvent(new Event('offline'));
    expect(actor.getSnapshot().context.status).toBe('offline');
    actor.send({ ...toNova });
    actor.send({ ...toJuno });
    expect(JSON.parse(localStorage.getItem('mycelius_outbox_m-1')!)).toEqual([
      { to: 'm-2', clientId: 'c-1', text: 'hi nova', queuedAt: QUEUED_AT },
      { to: 'm-3', clientId: 'c-2', text: 'hey juno', queuedAt: QUEUED_AT },
    ]);
    window.dispatchEvent(new Event('online'));
    server.open();
    expect(connections).toHaveLength(2);
    expect(connections[0]!.closed).toBe(true);
    expect(connections[1]!.sent).toEqual([
      { type: 'send', to: 'm-2', clientId: 'c-1', text: 'hi nova' },
      { type: 'send', to: 'm-3', clientId: 'c-2', text: 'hey juno' },
    ]);
    server.frame(frames.ackNova);
    server.frame({ type: 'ack', clientId: 'c-2', message: message('c-2', 'm-3', 'hey juno') });
    expect(actor.getSnapshot().context.outbox).toEqual([]);
    expect(localStorage.getItem('mycelius_outbox_m-1')).toBeNull();
    expect(emitted.filter((e) => e.type === 'live.status').map((e) => e.status)).toEqual(['open', 'offline', 'connecting', 'open']);
    actor.stop();
  });

  it('keeps a retryable refusal queued and drops a final one, telling subscribers both', () => {
    const { actor, emitted, server } = startLive();
    server.open();
    actor.send({ ...toNova });
    actor.send({ ...toJuno });
    server.frame(frames.tooFastNova);
    server.frame(frames.notFriendsJuno);
    expect(actor.getSnapshot().context.outbox.map((e) => e.clientId)).toEqual(['c-1']);
    expect(emitted.filter((e) => e.type === 'live.received').map((e) => e.frame)).toEqual([frames.tooFastNova, frames.notFriendsJuno]);
    actor.stop();
  });

  it('sends a message refused for now again after the next heartbeat, once', () => {
    const { actor, connections, server } = startWithNovaRefusedForNow();
    expect(sendsOf(connections[0]!.sent)).toEqual(['c-1']);
    server.frame(frames.heartbeat);
    expect(sendsOf(connections[0]!.sent)).toEqual(['c-1', 'c-1']);
    server.frame(frames.heartbeat);
    expect(sendsOf(connections[0]!.sent)).toEqual(['c-1', 'c-1']);
    server.frame(frames.ackNova);
    expect(actor.getSnapshot().context.outbox).toEqual([]);
    actor.stop();
  });

  it('sends a plain frame only while open, and never queues it', () => {
    const { actor, connections, server } = startLive();
    actor.send({ type: 'live.frame', frame: typing });
    server.open();
    actor.send({ type: 'live.frame', frame: typing });
    expect(connections[0]!.sent).toEqual([{ type: 'typing', to: 'm-2' }]);
    expect(actor.getSnapshot().context.outbox).toEqual([]);
    actor.stop();
  });

  it('sends what a previous page load left in the outbox once the socket opens', () => {
    localStorage.setItem('mycelius_outbox_m-1', JSON.stringify([{ to: 'm-2', clientId: 'c-9', text: 'still here', queuedAt: 5 }]));
    const { actor, connections, server } = startLive();
    server.open();
    expect(connections[0]!.sent).toEqual([{ type: 'send', to: 'm-2', clientId: 'c-9', text: 'still here' }]);
    actor.stop();
  });

  it('ignores a stored outbox that does not validate, keeping it aside', () => {
    localStorage.setItem('mycelius_outbox_m-1', JSON.stringify([{ to: 'm-2', clientId: '', text: 42 }]));
    const { actor, connections, server } = startLive();
    server.open();
    expect(connections[0]!.sent).toEqual([]);
    expect(localStorage.getItem('mycelius_outbox_m-1.corrupt')).not.toBeNull();
    actor.stop();
  });

  it('tracks online friends from ready and presence frames, and reports every frame', () => {
    const { actor, emitted, server } = startLive();
    server.open();
    server.frame(frames.ready);
    server.frame({ type: 'presence', memberId: 'm-3', online: true });
    server.frame({ type: 'heartbeat' });
    expect(actor.getSnapshot().context.onlineFriends).toEqual(['m-2', 'm-3']);
    server.frame(frames.novaLeft);
    expect(actor.getSnapshot().context.onlineFriends).toEqual(['m-3']);
    expect(emitted.filter((e) => e.type === 'live.received')).toHaveLength(4);
    // Frames do not repeat the status: it changed once.
    expect(emitted.filter((e) => e.type === 'live.status')).toEqual([{ type: 'live.status', status: 'open' }]);
    actor.stop();
  });

  it('reconnects at once when the server restarts (1012) and flushes again', () => {
    const { actor, clock, connections, server } = startLive();
    server.open();
    actor.send({ ...toNova });
    server.close(1012);
    expect(connections).toHaveLength(2);
    expect(clock.now()).toBe(0);
    expect(actor.getSnapshot().context.status).toBe('connecting');
    server.open();
    expect(sendsOf(connections[1]!.sent)).toEqual(['c-1']);
    actor.stop();
  });

  it('reconnects after 50 s of silence, and a heartbeat keeps it open', () => {
    const { actor, clock, connections, server } = startLive({ random: () => 0 });
    server.open();
    clock.increment(49_999);
    server.frame({ type: 'heartbeat' });
    clock.increment(49_999);
    expect(actor.getSnapshot().context.status).toBe('open');
    clock.increment(1);
    expect(actor.getSnapshot().context.status).not.toBe('open');
    expect(connections[0]!.closed).toBe(true);
    actor.stop();
  });

  it('stops for good when the server refuses the session (4401), and the app hears the session ended', () => {
    const { actor, clock, connections, server } = startLive();
    let sessionEnded = 0;
    const stopListening = viewer.onSessionEnded(() => (sessionEnded += 1));
    server.close(4401);
    clock.increment(60_000);
    expect(connections).toHaveLength(1);
    expect(connections[0]!.closed).toBe(true);
    expect(sessionEnded).toBe(1);
    stopListening();
    actor.stop();
  });

  it('waits longer after each failed connect, never past 15 s, and starts over once open', () => {
    // Random 0.999: each wait is just under its ceiling of 500 ms × 2^attempt, capped at 15 s.
    const { actor, clock, connections, server } = startLive({ random: () => 0.999 });
    const waits: number[] = [];
    for (let failure = 0; failure < 7; failure += 1) {
      server.close(1006);
      const connectsBefore = connections.length;
      let waited = 0;
      while (connections.length === connectsBefore) {
        clock.increment(1);
        waited += 1;
        if (waited > 15_000) throw new Error('no reconnect within 15 s');
      }
      waits.push(waited);
    }
    expect(waits).toEqual([499, 999, 1998, 3996, 7992, 14985, 14985]);
    server.open();
    server.close(1006);
    const connectsBefore = connections.length;
    clock.increment(498);
    expect(connections).toHaveLength(connectsBefore);
    clock.increment(1);
    expect(connections).toHaveLength(connectsBefore + 1);
    actor.stop();
  });
});

describe('live machine (context it keeps about refusals)', () => {
  beforeEach(() => localStorage.clear());

  it('forgets a refusal once its message is acknowledged, even with others still queued', () => {
    const { actor, server } = startLive();
    server.open();
    actor.send({ ...toNova });
    actor.send({ ...toJuno });
    server.frame(frames.tooFastNova);
    expect(actor.getSnapshot().context.refused).toEqual(['c-1']);
    server.frame(frames.ackNova);
    expect(actor.getSnapshot().context.refused).toEqual([]);
    actor.stop();
  });

  it('clears the refusals after the heartbeat resends them', () => {
    const { actor, server } = startWithNovaRefusedForNow();
    server.frame(frames.heartbeat);
    expect(actor.getSnapshot().context.refused).toEqual([]);
    actor.stop();
  });

  it('a reconnect sends a refused message once with the outbox, not again at the next heartbeat', () => {
    const { actor, connections, server } = startWithNovaRefusedForNow();
    server.close(1012);
    server.open();
    expect(sendsOf(connections[1]!.sent)).toEqual(['c-1']);
    server.frame(frames.heartbeat);
    expect(sendsOf(connections[1]!.sent)).toEqual(['c-1']);
    actor.stop();
  });
});

describe('live machine (its own socket, network watcher and device)', () => {
  beforeEach(() => {
    localStorage.clear();
    FakeWebSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('opens /api/live, flushes the outbox as JSON, hears frames and closes the socket when stopped', () => {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ to: 'm-2', clientId: 'c-9', text: 'still here', queuedAt: 5 }]));
    const actor = createActor(deviceLive, { input: deviceInput() }).start();
    const socket = FakeWebSocket.opened[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/api/live`);
    socket.serverOpens();
    expect(actor.getSnapshot().context.status).toBe('open');
    expect(socket.sentFrames).toEqual([{ type: 'send', to: 'm-2', clientId: 'c-9', text: 'still here' }]);
    socket.serverSends(JSON.stringify(frames.ready));
    expect(actor.getSnapshot().context.onlineFriends).toEqual(['m-2']);
    actor.send({ type: 'live.frame', frame: typing });
    expect(socket.sentFrames).toHaveLength(2);
    expect(socket.sentFrames[1]).toEqual({ type: 'typing', to: 'm-2' });
    actor.stop();
    expect(socket.closedWith).toBe(1000);
  });

  it('a socket the server closes is reported with its code', () => {
    const actor = createActor(deviceLive, { input: deviceInput() }).start();
    FakeWebSocket.opened[0]!.serverOpens();
    FakeWebSocket.opened[0]!.serverCloses(1012);
    // 1012: reconnect at once, on a new socket.
    expect(FakeWebSocket.opened).toHaveLength(2);
    FakeWebSocket.opened[1]!.serverCloses(1006);
    expect(actor.getSnapshot().context.status).toBe('reconnecting');
    actor.stop();
  });

  it('stops listening to the browser network events when stopped', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const actor = createActor(deviceLive, { input: deviceInput() }).start();
    const listeners = added.mock.calls.filter(([type]) => type === 'online' || type === 'offline');
    expect(listeners.map(([type]) => type).sort()).toEqual(['offline', 'online']);
    actor.stop();
    for (const [type, listener] of listeners) expect(removed).toHaveBeenCalledWith(type, listener);
  });

  it('logs a network watcher that fails and keeps the channel going', () => {
    const failure = new Error('no navigator');
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => {
      throw failure;
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(deviceLive, { input: deviceInput() }).start();
    expect(logged).toHaveBeenCalledWith('Watching the network failed', failure);
    FakeWebSocket.opened[0]!.serverOpens();
    expect(actor.getSnapshot().context.status).toBe('open');
    actor.stop();
  });

  it('keeps a message it cannot store on a full device, logs it, and still sends it', () => {
    vi.stubGlobal('localStorage', fullStorage());
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(deviceLive, { input: deviceInput() }).start();
    FakeWebSocket.opened[0]!.serverOpens();
    actor.send({ ...toNova });
    expect(logged).toHaveBeenCalledWith('The outbox could not be saved on this device', expect.anything());
    expect(actor.getSnapshot().context.outbox.map((e) => e.clientId)).toEqual(['c-1']);
    expect(FakeWebSocket.opened[0]!.sentFrames).toEqual([{ type: 'send', to: 'm-2', clientId: 'c-1', text: 'hi nova' }]);
    actor.stop();
  });

  it("on the device's input, stamps messages with the clock and jitters with Math.random", () => {
    vi.useFakeTimers({ now: QUEUED_AT });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const actor = createActor(deviceLive, { input: liveInputFor('m-1') }).start();
    actor.send({ ...toNova });
    expect(actor.getSnapshot().context.outbox).toEqual([{ to: 'm-2', clientId: 'c-1', text: 'hi nova', queuedAt: QUEUED_AT }]);
    FakeWebSocket.opened[0]!.serverCloses(1006);
    // Half of the first ceiling (500 ms).
    vi.advanceTimersByTime(249);
    expect(FakeWebSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.opened).toHaveLength(2);
    actor.stop();
  });
});
