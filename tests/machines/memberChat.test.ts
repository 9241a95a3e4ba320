import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject, type SnapshotFrom } from 'xstate';
import type { LiveCommand } from '../../src/features/live/machines/liveEvents';
import { memberChatMachine } from '../../src/features/chat/machines/memberChat.machine';
import { ExplainedError } from '../../src/domain/explainedError';
import type { OpenedChat } from '../../src/domain/memberChat';
import { after, done, eachCombination, failed, isAfter, isDone, isFailed, testModel, type ReplayEnv, type StateView } from '../support/modelTest';

// mira (signed in) chats with her friend nova. Fixtures are literal: ids sort in sending order.
const MIRA = 'mira-id';
const NOVA = 'nova-id';
const AT = '2026-11-23T23:00:00.000Z';
const LATER = '2026-11-23T23:05:00.000Z';
const NOW = Date.parse('2026-11-23T23:10:00.000Z');

function stored(id: string, from: string, to: string, text: string, marks: { deliveredAt?: string; readAt?: string } = {}) {
  return { id, clientId: `client-${id}`, from, to, text, sentAt: AT, deliveredAt: marks.deliveredAt ?? null, readAt: marks.readAt ?? null };
}
const earlier = stored('m0', NOVA, MIRA, 'Are you there?', { deliveredAt: AT, readAt: AT });
const mineDelivered = stored('m1', MIRA, NOVA, 'Hi nova', { deliveredAt: AT });
const novaUnread = stored('m2', NOVA, MIRA, 'Hey mira!', { deliveredAt: AT });
// My 'Hello' as the server stores it (client id c-1), and nova's next message.
const helloStored = { id: 'm3', clientId: 'c-1', from: MIRA, to: NOVA, text: 'Hello', sentAt: LATER, deliveredAt: null, readAt: null };
const novaNext = stored('m4', NOVA, MIRA, 'How are you?');
const otherChat = stored('m9', 'juno-id', MIRA, 'Not in this chat');

const TOO_LONG = 'x'.repeat(2001);
// The chat's calls fail worded (docs/api.md's texts): offline, not friends, the server's failure.
const OFFLINE = 'You appear to be offline. Please check your connection and try again.';
const NOT_FRIENDS = 'You can only message your friends.';
const SERVER = 'Something went wrong on the server. Please try again.';
const received = (frame: object) => ({ type: 'live.received', frame });

const opened = done('loadChat', { friend: { id: NOVA, username: 'nova' }, history: { messages: [mineDelivered, novaUnread], hasMore: true } });
const common = [
  opened,
  failed('loadChat', new ExplainedError(OFFLINE)),
  { type: 'BACK' },
  received({ type: 'message', message: novaNext }),
];

// Two models share the coverage: messages and their marks, then typing and paging (together they would multiply).
const messageEvents = [
  ...common,
  done('loadChat', { friend: { id: NOVA, username: 'nova' }, history: { messages: [], hasMore: false } }),
  failed('loadChat', new ExplainedError(NOT_FRIENDS)),
  { type: 'RETRY' },
  { type: 'VISIBILITY', visible: false },
  { type: 'VISIBILITY', visible: true },
  { type: 'live.status', status: 'reconnecting' },
  { type: 'live.status', status: 'open' },
  received({ type: 'message', message: otherChat }),
  received({ type: 'ack', clientId: 'c-1', message: helloStored }),
  received({ type: 'message', message: helloStored }),
  received({ type: 'receipt', friendId: NOVA, messageIds: ['m3'], status: 'delivered', at: LATER }),
  received({ type: 'receipt', friendId: NOVA, messageIds: ['m3'], status: 'read', at: LATER }),
  received({ type: 'error', code: 'TOO_MANY_MESSAGES', message: 'server words', clientId: 'c-1' }),
  failed('liveLink', new Error('link broke')),
  // The newest page fetched again once the channel is back: m4 may be new or already shown.
  done('catchUp', { messages: [mineDelivered, novaUnread, novaNext], hasMore: false }),
  failed('catchUp', new ExplainedError(OFFLINE)),
];
// My typing and nova's each run on their own clock, so each gets its own model (the replay advances one clock).
const paging = [
  { type: 'LOAD_EARLIER' },
  done('loadEarlier', { messages: [earlier], hasMore: false }),
  failed('loadEarlier', new ExplainedError(SERVER)),
];
const myTypingEvents = [
  ...common,
  ...paging,
  { type: 'SEND', text: '   ' },
  { type: 'SEND', text: TOO_LONG },
  { type: 'TYPED' },
  after('typingThrottle'),
  failed('watchVisibility', new Error('no document')),
];
const novaTypingEvents = [
  ...common,
  ...paging,
  received({ type: 'typing', from: NOVA }),
  received({ type: 'typing', from: 'juno-id' }),
  after('typingTimeout'),
];

// Blocked on another tab or device: the live channel says the member's people changed, the chat asks whether
// nova is now blocked, and leaves for the conversations if so, unless this screen's own dialog did the block.
const standingEvents = [
  ...common,
  received({ type: 'people.changed' }),
  done('checkBlocked', true),
  done('checkBlocked', false),
  failed('checkBlocked', new ExplainedError(OFFLINE)),
  { type: 'BLOCKED_HERE' },
];

type Snapshot = SnapshotFrom<typeof memberChatMachine>;
type View = StateView<typeof memberChatMachine>;

/** 'Hello' is sent once per path (the fake client id maker always answers c-1), which bounds the model. */
function withHello(list: object[]) {
  return (snapshot: Snapshot) => {
    const sent = snapshot.context.messages.some((m) => m.id === 'c-1');
    return (sent ? list : [...list, { type: 'SEND', text: 'Hello' }]) as { type: string }[];
  };
}

type Mark = 'pending' | 'sent' | 'delivered' | 'read';
interface Shown {
  id: string | null;
  clientId: string;
  text: string;
  mark: Mark | null;
  error: string | null;
}

const RANK: Mark[] = ['pending', 'sent', 'delivered', 'read'];
const atLeast = (mark: Mark | null, floor: Mark): Mark | null => (mark === null ? null : RANK.indexOf(mark) >= RANK.indexOf(floor) ? mark : floor);
const show = (m: typeof mineDelivered, mine: boolean): Shown => ({
  id: m.id,
  clientId: m.clientId,
  text: m.text,
  mark: mine ? (m.readAt ? 'read' : m.deliveredAt ? 'delivered' : 'sent') : null,
  error: null,
});
const frameOf = (e: EventObject) => (e as unknown as { frame: { type: string; [k: string]: unknown } }).frame;

const inChat = (state: { value: unknown }) => typeof state.value === 'object' && state.value !== null && 'chat' in state.value;

/**
 * How many 'typing' frames the path must have sent: the first key sends one and starts a 2000 ms pause; keys
 * in the pause send one more when it ends (and start another), unless a message was sent meanwhile.
 */
function expectedTypingFrames(steps: readonly { event: EventObject; state: { value: unknown } }[]): number {
  let frames = 0;
  let pausing = false;
  let owed = false;
  for (const [i, { event }] of steps.entries()) {
    const before = steps[i - 1]?.state;
    if (!before || !inChat(before)) continue;
    if (event.type === 'TYPED') {
      if (pausing) owed = true;
      else {
        frames += 1;
        pausing = true;
      }
    }
    if (event.type === 'SEND' && (event as unknown as { text: string }).text === 'Hello') owed = false;
    if (isAfter('typingThrottle')(event)) {
      if (owed) frames += 1;
      else pausing = false;
      owed = false;
    }
  }
  return frames;
}

/** What the chat must show after the path, worked out from the fixtures and rules of the contract, not the machine. */
function expectedMessages(steps: readonly { event: EventObject; state: { value: unknown } }[]): Shown[] {
  let shown: Shown[] = [];
  const upsertMine = (m: typeof helloStored) => {
    const known = shown.find((s) => s.id === m.id || s.clientId === m.clientId);
    if (known) {
      known.id = m.id;
      known.mark = atLeast(known.mark, 'sent');
      known.error = null;
    } else shown.push(show(m, true));
  };
  for (const [i, { event }] of steps.entries()) {
    const before = steps[i - 1]?.state;
    const output = (event as unknown as { output?: { history?: { messages: (typeof mineDelivered)[] }; messages?: (typeof mineDelivered)[] } }).output;
    if (isDone('loadChat')(event)) {
      const page = output!.history!.messages.map((m) => show(m, m.from === MIRA));
      shown = [...page, ...shown.filter((s) => !page.some((p) => p.id === s.id))];
    } else if (isDone('catchUp')(event)) {
      // Each message once, in the server's order (ids sort by length, then text), mine still pending last.
      for (const m of output!.messages!) {
        const known = shown.find((s) => s.id === m.id);
        const incoming = show(m, m.from === MIRA);
        if (known) known.mark = incoming.mark === null ? null : atLeast(known.mark, incoming.mark);
        else shown.push(incoming);
      }
      shown.sort((a, b) =>
        a.id === null || b.id === null ? Number(a.id === null) - Number(b.id === null) : a.id.length - b.id.length || a.id.localeCompare(b.id),
      );
    } else if (isDone('loadEarlier')(event)) {
      shown = [...output!.messages!.map((m) => show(m, false)), ...shown];
    } else if (event.type === 'SEND' && (event as unknown as { text: string }).text === 'Hello' && before && inChat(before)) {
      shown.push({ id: null, clientId: 'c-1', text: 'Hello', mark: 'pending', error: null });
    } else if (event.type === 'live.received') {
      const frame = frameOf(event);
      if (frame.type === 'ack' || (frame.type === 'message' && (frame.message as typeof helloStored).from === MIRA)) upsertMine(frame.message as typeof helloStored);
      if (frame.type === 'message' && (frame.message as typeof novaNext).id === 'm4' && !shown.some((s) => s.id === 'm4')) shown.push(show(novaNext, false));
      if (frame.type === 'receipt' && shown.some((s) => s.id === 'm3')) {
        // Up to m3, every one of my stored messages is delivered (or read); a receipt for one not shown changes nothing.
        for (const s of shown) if (s.mark !== null && s.id !== null) s.mark = atLeast(s.mark, frame.status as Mark);
      }
      if (frame.type === 'error') {
        const pending = shown.find((s) => s.clientId === 'c-1' && s.id === null);
        if (pending) pending.error = 'You are sending messages too fast. Please slow down.';
      }
    }
  }
  return shown;
}

const commands = (v: View, kind: string) =>
  v.env.timeline.filter((e) => e.type === 'live').map((e) => ({ ...(e.payload as { type: string; frame?: { type: string } }), at: e.at }))
    .filter((c) => (c.type === 'live.send' ? kind === 'send' : c.frame?.type === kind));

/** What holds everywhere: sends, typing frames and read marks as the contract says, and the messages shown. */
function always(v: View) {
  // On the client a message's id is its client id; the server's id is part of its delivery.
  const shown = v.context.messages.map(({ id, text, sender, delivery }) => ({
    id: delivery.serverId,
    clientId: id,
    text,
    mark: sender === 'user' ? (delivery.serverId === null ? 'pending' : delivery.readAt ? 'read' : delivery.deliveredAt ? 'delivered' : 'sent') : null,
    error: delivery.error,
  }));
  expect(shown).toEqual(expectedMessages(v.path.steps));
  // Never shown twice, never another conversation's.
  expect(new Set(shown.map((m) => m.clientId)).size).toBe(shown.length);
  expect(shown.map((m) => m.id)).not.toContain('m9');
  // 'Hello' goes to the live actor once, with the client id it is shown under.
  const sends = commands(v, 'send');
  const sentInChat = v.path.steps.some((s, i) => s.event.type === 'SEND' && (s.event as unknown as { text: string }).text === 'Hello' && i > 0 && inChat(v.path.steps[i - 1]!.state));
  expect(sends.map(({ at: _at, ...c }) => c)).toEqual(sentInChat ? [{ type: 'live.send', to: NOVA, clientId: 'c-1', text: 'Hello' }] : []);
  // Typing frames: at most one per 2000 ms.
  const typing = commands(v, 'typing');
  for (const frame of typing) expect(frame).toMatchObject({ type: 'live.frame', frame: { type: 'typing', to: NOVA } });
  for (let i = 1; i < typing.length; i += 1) expect(typing[i]!.at - typing[i - 1]!.at).toBeGreaterThanOrEqual(2000);
  expect(typing).toHaveLength(expectedTypingFrames(v.path.steps));
  // Read marks: a 'read' frame for this chat, never the same message twice in a row.
  const reads = commands(v, 'read').map((c) => (c as unknown as { frame: { friendId: string; upTo: string } }).frame);
  for (const frame of reads) expect(frame.friendId).toBe(NOVA);
  expect(reads.map((frame) => frame.upTo)).toEqual(expectedReads(v.path.steps));
  expect(v.env.timeline.filter((e) => e.type === 'navigate')).toEqual([]);
}

/**
 * The read marks the path must have sent: after any step that leaves the chat open in a visible tab with the
 * socket open, nova's newest message is marked, once.
 */
function expectedReads(steps: readonly { event: EventObject; state: { value: unknown } }[]): string[] {
  const reads: string[] = [];
  let visible = true;
  let open = true;
  for (const [i, { event, state }] of steps.entries()) {
    if (event.type === 'VISIBILITY') visible = (event as unknown as { visible: boolean }).visible;
    if (event.type === 'live.status') open = (event as unknown as { status: string }).status === 'open';
    if (isFailed('liveLink')(event)) open = false;
    if (!inChat(state) || !visible || !open) continue;
    const newest = expectedMessages(steps.slice(0, i + 1)).filter((m) => m.mark === null).at(-1)?.id;
    if (newest && newest !== reads.at(-1)) reads.push(newest);
  }
  return reads;
}

/** In the open chat: nova's newest message is marked read whenever the tab is visible and the socket open. */
function chatting(v: View) {
  always(v);
  expect(v.context.friendName).toBe('nova');
  if (v.last?.type === 'SEND' && v.last.text === TOO_LONG) expect(v.context.notice).toBe('Messages can be up to 2000 characters.');
  if (isFailed('loadEarlier')(v.last)) expect(v.context.notice).toBe(SERVER);
}

/**
 * Whether "nova is typing..." must show: nova's typing frame arrived in the open chat, and since then neither
 * 4000 ms passed without another, nor did her message land (juno's typing is another chat's).
 */
function novaTypingShown(v: View): boolean {
  let shown = false;
  for (const [i, { event }] of v.path.steps.entries()) {
    const frame = event.type === 'live.received' ? frameOf(event) : null;
    if (frame?.type === 'typing' && frame.from === NOVA && i > 0 && inChat(v.path.steps[i - 1]!.state)) shown = true;
    if (frame?.type === 'message' && (frame.message as { from: string }).from === NOVA) shown = false;
    if (isAfter('typingTimeout')(event)) shown = false;
  }
  return shown;
}

const regions: Record<string, Record<string, (v: View) => void>> = {
  catchUp: {
    idle: () => undefined,
    // The socket is open again after being down: the newest page of this chat is asked for again.
    fetching: (v) => {
      expect(v.env.pending.get('catchUp')?.at(-1)?.input).toEqual({ friendId: NOVA });
      // The chat opened with the socket open; on this path it went down (a status, or the link failing) and came back.
      const open = v.path.steps.flatMap(({ event }) =>
        event.type === 'live.status' ? [(event as unknown as { status: string }).status === 'open'] : isFailed('liveLink')(event) ? [false] : [],
      );
      expect(open.some((isOpen, i) => isOpen && !(open[i - 1] ?? true))).toBe(true);
    },
  },
  earlier: {
    idle: () => undefined,
    loading: (v) => {
      // Asks for the page before the first message shown (m1: the history had more before it).
      expect(v.env.pending.get('loadEarlier')?.at(-1)?.input).toEqual({ friendId: NOVA, before: 'm1' });
      expect(v.context.hasMore).toBe(true);
    },
  },
  composer: {
    ready: (v) => {
      const last = commands(v, 'typing').at(-1);
      if (last) expect(v.env.clock.now() - last.at).toBeGreaterThanOrEqual(2000);
    },
    cooling: (v) => {
      // A typing frame went out less than 2000 ms ago; more keys now send nothing.
      const last = commands(v, 'typing').at(-1);
      expect(last).toBeDefined();
      expect(v.env.clock.now() - last!.at).toBeLessThan(2000);
    },
  },
  standing: {
    idle: (v) => {
      // Still here after an answer: nova is not blocked, or this screen blocked her (its dialog leaves after Done).
      if (isDone('checkBlocked')(v.last) && (v.last as unknown as { output: boolean }).output) expect(blockedHere(v)).toBe(true);
    },
    checking: (v) => {
      expect(v.env.pending.get('checkBlocked')?.at(-1)?.input).toEqual({ friendId: NOVA });
      expect(v.path.steps.some((s) => s.event.type === 'live.received' && frameOf(s.event).type === 'people.changed')).toBe(true);
    },
  },
  friend: {
    quiet: (v) => expect(novaTypingShown(v)).toBe(false),
    typing: (v) => expect(novaTypingShown(v)).toBe(true),
  },
};

const blockedHere = (v: View) => v.path.steps.some((s) => s.event.type === 'BLOCKED_HERE');

const states: Record<string, (v: View) => void> = {
  loading: (v) => {
    always(v);
    expect(v.context.error).toBeNull();
    // Asked once as the chat opens and once more for each Try again.
    expect(v.env.pending.get('loadChat')).toHaveLength(1 + v.path.steps.filter((s) => s.event.type === 'RETRY').length);
    for (const d of v.env.pending.get('loadChat') ?? []) expect(d.input).toEqual({ friendId: NOVA });
  },
  failed: (v) => {
    always(v);
    // Only a failed load shows the failure; Try again never stays on it.
    expect(isFailed('loadChat')(v.last)).toBe(true);
    const failure = v.path.steps.findLast((s) => isFailed('loadChat')(s.event))!.event as unknown as { error: ExplainedError };
    expect(v.context.error).toBe(failure.error.text);
    expect([OFFLINE, NOT_FRIENDS]).toContain(v.context.error);
  },
  left: (v) => {
    // Back, or nova found blocked by another tab or device (not by this screen, whose dialog stays until Done).
    const leftBecauseBlocked = isDone('checkBlocked')(v.last) && (v.last as unknown as { output: boolean }).output;
    expect(v.last?.type === 'BACK' || (leftBecauseBlocked && !blockedHere(v))).toBe(true);
    expect(v.env.timeline.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', payload: '/friends', at: v.env.clock.now() }]);
    expect(v.snapshot.status).toBe('done');
  },
};
const chatStates = eachCombination(
  'chat',
  { earlier: regions.earlier!, catchUp: regions.catchUp!, composer: regions.composer!, standing: regions.standing!, friend: regions.friend! },
  chatting,
);

/**
 * The app's live link as a fake: it records every command, and the model's failed('liveLink')
 * step makes it report a failure the way a failed invoke does (a callback actor cannot fail later on its own).
 */
function fakeLiveLink(env: ReplayEnv) {
  return fromCallback<LiveCommand>(({ receive, sendBack }) => {
    receive((command) => env.record('live', command));
    let reject!: (error: unknown) => void;
    const promise = new Promise<unknown>((_, rej) => (reject = rej));
    promise.catch((error: unknown) => sendBack(failed('liveLink', error)));
    env.pending.set('liveLink', [{ promise, resolve: () => undefined, reject, input: undefined }]);
  });
}

const QUIET_CHAT = 'chat.(earlier.idle + catchUp.idle + composer.ready + standing.idle + friend.quiet)';
const CATCHING_UP = 'chat.(earlier.idle + catchUp.fetching + composer.ready + standing.idle + friend.quiet)';
const CHECKING = 'chat.(earlier.idle + catchUp.idle + composer.ready + standing.checking + friend.quiet)';

describe('member chat machine (model-based)', () => {
  // The model's 'watchVisibility' failure is logged; keep the log out of the test output.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('history, load earlier, pending → sent → delivered → read, typing both ways on the clock, read marks, back, leaving when blocked elsewhere', async () => {
    const variant = (events: object[], keys: string[]) => ({
      machine: memberChatMachine,
      input: { friendId: NOVA, makeClientId: () => 'c-1', now: () => NOW, visible: true, liveStatus: 'open' as const },
      limit: 3000,
      // Over 19,000 paths: a covering subset is replayed.
      paths: 'covering' as const,
      events: withHello(events),
      compareContext: false,
      delays: { typingThrottle: 2000, typingTimeout: 4000 },
      provide: (env: ReplayEnv) => ({
        actors: { liveLink: fakeLiveLink(env) },
        actions: { goToFriends: () => env.record('navigate', '/friends') },
      }),
      states: { ...states, ...Object.fromEntries(keys.map((key) => [key, chatStates[key]!])) },
    });
    const keys = Object.keys(chatStates);
    const report = await testModel([
      variant(messageEvents, [QUIET_CHAT, CATCHING_UP]),
      variant(myTypingEvents, keys.filter((key) => key.includes('friend.quiet') && key.includes('catchUp.idle') && key.includes('standing.idle'))),
      variant(novaTypingEvents, keys.filter((key) => key.includes('composer.ready') && key.includes('catchUp.idle') && key.includes('standing.idle'))),
      variant(standingEvents, [QUIET_CHAT, CHECKING]),
    ]);
    expect(report.guards).toBe(11);
  }, 240_000);

  it.each([
    ['leaves for the conversations when another tab or device blocked nova', false, ['/friends']],
    ["stays while this screen's own block dialog is open (it leaves after Done)", true, []],
  ])('%s', async (_name, here, navigations) => {
    const navigated: string[] = [];
    let answered = false;
    const actor = createActor(
      memberChatMachine.provide({
        actors: {
          liveLink: fromCallback(() => undefined),
          watchVisibility: fromCallback(() => undefined),
          loadChat: fromPromise<OpenedChat, { friendId: string }>(() => Promise.resolve({ friend: { id: NOVA, username: 'nova' }, history: { messages: [], hasMore: false } })),
          checkBlocked: fromPromise(() => {
            answered = true;
            return Promise.resolve(true);
          }),
        },
        actions: { goToFriends: () => navigated.push('/friends') },
      }),
      { input: { friendId: NOVA, makeClientId: () => 'c-1', now: () => NOW, visible: true, liveStatus: 'open' } },
    ).start();
    await waitFor(actor, (s) => s.matches('chat'));
    if (here) actor.send({ type: 'BLOCKED_HERE' });
    actor.send({ type: 'live.received', frame: { type: 'people.changed' } });
    await waitFor(actor, (s) => answered && !s.matches({ chat: { standing: 'checking' } }));
    expect(navigated).toEqual(navigations);
    expect(actor.getSnapshot().status).toBe(here ? 'active' : 'done');
    actor.stop();
  });
});
