import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { ChatMessage } from '../../src/domain/chat';
import type { DebateView, ServerFrame } from '../../src/domain/liveContract';
import type { LiveCommand } from '../../src/features/live/machines/liveEvents';
import { liveDebateMachine } from '../../src/features/games/machines/liveDebate.machine';
import { debateChatMessages, debateEmojisEnabled, debateInputEnabled, debateResultCard, selectDebateFinish, selectDebateLeaveQuestion, selectDebatePhase } from '../../src/features/games/machines/liveDebate.view';
import { after, done, failed, testModel, type ModelEvent, type ReplayEnv, type StateView } from '../support/modelTest';

// The live debate against a fake live link: the frames the server would send are model events, the
// commands the machine gives the link are recorded with the simulated time they were given at.

type Snapshot = SnapshotFrom<typeof liveDebateMachine>;
type View = StateView<typeof liveDebateMachine>;

const ME = 'm-me';
const ALICE = { id: 'm-alice', username: 'Alice' };
const PROMPT = 'Topic: Tabs\nTabs beat spaces. Agree or disagree?';
const MY_TAKE = 'Tabs forever';
const HER_TAKE = 'Spaces rule';
const REVEAL_LINE = "Great! Here's what Alice said about this:";
const AT = '2026-03-01T12:00:00.000Z';

function debate(fields: Partial<DebateView>): DebateView {
  return { debateId: 'd-1', prompt: PROMPT, opponent: ALICE, phase: 'writing', yourTake: null, opponentTake: null, messages: [], endedBy: null, result: null, ...fields };
}
const received = (frame: ServerFrame): ModelEvent => ({ type: 'live.received', frame });
const state = (fields: Partial<DebateView>) => received({ type: 'debate.state', debate: debate(fields) });

const MATCHED = state({});
const MY_TAKE_STORED = state({ yourTake: MY_TAKE });
const REVEALED = state({ phase: 'revealed', yourTake: MY_TAKE, opponentTake: HER_TAKE });
/** A message of mine shown while on its way, as its send frame carried it (its id on the client is its client id). */
const onItsWay = (message: { id: string; text: string }) => ({ clientId: message.id, text: message.text });
/** The server's state once it stored the message on its way. */
const stored = (message: { clientId: string; text: string }) =>
  state({ phase: 'revealed', yourTake: MY_TAKE, opponentTake: HER_TAKE, messages: [{ id: '7', from: ME, sentAt: AT, ...message }] });
/** The server pushing one stored message alone, as it does for each new message. */
const pushed = (message: { clientId: string; text: string }, debateId = 'd-1') =>
  received({ type: 'debate.message', debateId, message: { id: '7', from: ME, sentAt: AT, ...message } });
/** A message of another debate (this member's other tab): never shown here. */
const OTHER_DEBATE_MESSAGE = received({ type: 'debate.message', debateId: 'd-0', message: { id: 'o-1', clientId: 'her-0', from: ALICE.id, text: 'Elsewhere', sentAt: AT } });
/** Alice argued three times: with both takes 5 messages, a win for both worth 110. */
const WINNING = state({
  phase: 'revealed',
  yourTake: MY_TAKE,
  opponentTake: HER_TAKE,
  messages: ['Spaces align', 'Always', 'Trust me'].map((text, i) => ({ id: `a${i}`, clientId: `her-${i}`, from: ALICE.id, text, sentAt: AT })),
});
const SHE_LEFT = state({ phase: 'ended', yourTake: MY_TAKE, opponentTake: HER_TAKE, endedBy: ALICE.id, result: { won: true, points: 110, messageCount: 5 } });
// Searching again ends the debate before: its end arrives first and is no match.
const OLD_DEBATE_ENDED = received({ type: 'debate.state', debate: debate({ debateId: 'd-0', phase: 'ended', endedBy: ME, result: { won: false, points: 0, messageCount: 0 } }) });
const GONE = received({ type: 'error', code: 'DEBATE_NOT_FOUND', message: 'That debate has ended.' });
const QUEUED = received({ type: 'debate.queued' });
const ONLINE: ModelEvent = { type: 'live.status', status: 'open' };
const RECONNECTING: ModelEvent = { type: 'live.status', status: 'reconnecting' };

const TIMEOUT = after('matchmakingTimeout');
const REVEAL_INTRO = after('revealIntroDelay');
const REVEAL_TAKE = after('revealTakeDelay');
const LATE_WINDOW = after('lateMatchWindow');

/** Frames the machine gave the link, in order, with when. */
function commands(env: ReplayEnv): { frame: unknown; at: number }[] {
  return env.timeline.filter((e) => e.type === 'command').map((e) => ({ frame: e.payload, at: e.at }));
}
const sentTypes = (env: ReplayEnv) => commands(env).map((c) => (c.frame as { type: string }).type);

/**
 * Bounded: one message on its way at a time. The server's states only move forward (a stored take stays,
 * an ended debate stays ended), so the model offers only those that can follow the last one.
 */
function eventsFor(s: Snapshot): ModelEvent[] {
  const talking = s.matches({ matched: 'talking' });
  const canSend = !talking || s.context.pending.length === 0;
  const phase = s.context.debate?.phase;
  const heard = s.context.debate?.messages.length ?? 0;
  const forward = phase === 'ended' ? [] : phase === 'revealed' ? (heard === 0 ? [REVEALED] : []) : s.context.debate?.yourTake ? [MY_TAKE_STORED, REVEALED] : [MATCHED, MY_TAKE_STORED, REVEALED];
  return [
    TIMEOUT,
    REVEAL_INTRO,
    REVEAL_TAKE,
    LATE_WINDOW,
    ...forward,
    ...(talking && s.context.pending.length > 0 && s.context.sent === 1 && heard === 0 ? [stored(onItsWay(s.context.pending[0]!)), pushed(onItsWay(s.context.pending[0]!))] : []),
    // The same message pushed again (a retry answered, another server's push): shown once.
    ...(s.context.debate?.messages ?? []).filter((m) => m.id === '7').map((m) => pushed(m)),
    OTHER_DEBATE_MESSAGE,
    ...(talking && s.context.sent === 0 && heard < 3 ? [WINNING] : []),
    SHE_LEFT,
    OLD_DEBATE_ENDED,
    GONE,
    QUEUED,
    ONLINE,
    RECONNECTING,
    ...(canSend ? [{ type: 'SEND', text: s.matches({ matched: 'writing' }) ? MY_TAKE : 'Bytes!' }, { type: 'SEND', text: '   ' }] : []),
    ...(talking && canSend ? [{ type: 'EMOJI', emoji: '🔥' }] : []),
    { type: 'BACK' },
    { type: 'CANCEL_LEAVE' },
    { type: 'CONFIRM_LEAVE' },
    { type: 'FINISH' },
    done('saveLog'),
    failed('saveLog', new Error('storage full')),
  ];
}

function chat({ snapshot }: View) {
  const c = snapshot.context;
  return debateChatMessages({ debate: c.debate, sentTake: c.sentTake, pending: c.pending, phase: selectDebatePhase(snapshot) }).map((m) => [m.sender, m.text]);
}

/**
 * During a debate Back only asks ('Leave the debate?'): nothing is sent until Leave is confirmed, and the
 * question says what leaving counts, as the server would count it (takes included, more than 4 wins for both).
 */
function leaveQuestionHolds({ snapshot, env, events }: View) {
  let asked = false;
  for (const type of events) {
    if (type === 'BACK') asked = true;
    if (type === 'CANCEL_LEAVE') asked = false;
  }
  const question = selectDebateLeaveQuestion(snapshot);
  expect(sentTypes(env)).not.toContain('debate.leave');
  if (!asked) return expect(question).toBeNull();
  const c = snapshot.context.debate!;
  const count = (c.yourTake ? 1 : 0) + (c.opponentTake ? 1 : 0) + c.messages.length;
  expect(question).toBe(
    snapshot.matches({ matched: 'talking' }) && count > 4
      ? `Leaving now ends the debate for Alice too, and you both win +${100 + 10 * (count - 4)} points.`
      : 'Leaving now ends the debate for Alice too, and nothing is counted: a debate is won with more than 4 messages, takes included.',
  );
}

/**
 * No dead controls: whatever the screen enables in a state (the message box and Send, the quick emojis),
 * the machine acts on there, so a press is never silently dropped.
 */
function enabledControlsAreHandled({ snapshot }: View) {
  const phase = selectDebatePhase(snapshot);
  expect(snapshot.can({ type: 'SEND', text: 'Bytes!' })).toBe(debateInputEnabled(phase));
  if (debateEmojisEnabled(phase)) expect(snapshot.can({ type: 'EMOJI', emoji: '🔥' })).toBe(true);
}

/** Every state's own expectations, each after the check that its enabled controls work. */
function withControlsChecked(states: Record<string, (view: View) => void>): Record<string, (view: View) => void> {
  return Object.fromEntries(
    Object.entries(states).map(([key, expectations]) => [
      key,
      (view: View) => {
        enabledControlsAreHandled(view);
        expectations(view);
      },
    ]),
  );
}

const WELCOME = ['other', 'Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥'];

describe('live debate machine (model-based)', () => {
  it('searches, writes, reveals on SPEC timing, argues over the link, ends for both, and hands over to the AI after 10 s', async () => {
    const report = await testModel([
      {
        machine: liveDebateMachine,
        input: { instanceId: 'screen' },
        limit: 400,
        events: eventsFor,
        delays: { matchmakingTimeout: 10_000, revealIntroDelay: 500, revealTakeDelay: 1000, lateMatchWindow: 3000 },
        provide: (env) => ({
          actors: { liveLink: fromCallback<LiveCommand>(({ receive }) => receive((command) => env.record('command', command.type === 'live.frame' ? command.frame : command))) },
          actions: { goToGames: () => env.record('navigate', '/games') },
        }),
        states: withControlsChecked({
          searching: (view) => {
            const { env } = view;
            expect(selectDebatePhase(view.snapshot)).toBe('searching');
            // The join goes out at once, and again whenever the link comes back.
            expect(commands(env)[0]).toEqual({ frame: { type: 'debate.join', community: null }, at: 0 });
            expect(sentTypes(env)).toEqual(Array(1 + view.events.filter((e, i) => e === 'live.status' && view.path.steps[i + 1]?.event === ONLINE).length).fill('debate.join'));
            expect(env.clock.now()).toBeLessThan(10_000);
            expect(chat(view)).toEqual([WELCOME]);
          },
          'aiOpponent.lateMatches': ({ env, snapshot }) => {
            expect(selectDebatePhase(snapshot)).toBe('aiOpponent');
            // Nobody within 10 s: the queue is left at 10 s exactly, and a match made just before is left at once.
            const cancel = commands(env).find((c) => (c.frame as { type: string }).type === 'debate.cancel');
            expect(cancel).toEqual({ frame: { type: 'debate.cancel' }, at: 10_000 });
            const late = commands(env).filter((c) => (c.frame as { type: string }).type === 'debate.leave');
            for (const leave of late) expect(leave).toEqual({ frame: { type: 'debate.leave', debateId: 'd-1' }, at: 10_000 });
          },
          'aiOpponent.settled': ({ env, snapshot }) => {
            expect(selectDebatePhase(snapshot)).toBe('aiOpponent');
            // 3 s on, a debate starting is this member's other tab's: it is left alone.
            expect(env.clock.now()).toBeGreaterThanOrEqual(13_000);
            expect(commands(env).filter((c) => c.at > 10_000)).toEqual([]);
          },
          'matched.writing': (view) => {
            leaveQuestionHolds(view);
            expect(selectDebatePhase(view.snapshot)).toBe('writing');
            expect(view.snapshot.context.debate).toMatchObject({ prompt: PROMPT, opponent: ALICE });
            expect(chat(view)).toEqual([WELCOME]);
            expect(sentTypes(view.env)).not.toContain('debate.take');
          },
          'matched.waiting': (view) => {
            leaveQuestionHolds(view);
            expect(chat(view)).toEqual([WELCOME, ['user', MY_TAKE]]);
            if (view.events.includes('SEND')) expect(commands(view.env)).toContainEqual(expect.objectContaining({ frame: { type: 'debate.take', debateId: 'd-1', text: MY_TAKE } }));
          },
          'matched.revealing.intro': (view) => {
            leaveQuestionHolds(view);
            // The reveal line is not there yet: it comes 0.5 s after the takes are in.
            expect(chat(view)).toEqual([WELCOME, ['user', MY_TAKE]]);
          },
          'matched.revealing.take': (view) => {
            leaveQuestionHolds(view);
            expect(chat(view)).toEqual([WELCOME, ['user', MY_TAKE], ['system', REVEAL_LINE]]);
          },
          'matched.talking': (view) => {
            leaveQuestionHolds(view);
            // The points rule under the prompt until the debate is won, then 'End debate' with what it records.
            const heard = view.snapshot.context.debate!.messages.length;
            expect(selectDebateFinish(view.snapshot)).toEqual(
              heard === 3
                ? { hint: "You're winning: end the debate now for +110 points, or keep going for more.", canFinish: true }
                : { hint: `A debate is won by both of you once it has more than 4 messages, takes included: ${2 + heard} so far.`, canFinish: false },
            );
            const ids = view.snapshot.context.debate!.messages.map((m) => m.id);
            expect(new Set(ids).size).toBe(ids.length);
            expect(ids).not.toContain('o-1');
            const shown = chat(view);
            expect(shown.slice(0, 4)).toEqual([WELCOME, ['user', MY_TAKE], ['system', REVEAL_LINE], ['opponent', HER_TAKE]]);
            // What this member says goes out once over the link and shows at once, stored or on its way.
            const said = commands(view.env).filter((c) => (c.frame as { type: string }).type === 'debate.say');
            for (const s of said) expect((s.frame as { clientId: string }).clientId).toMatch(/^screen-\d+$/);
            // Each message said shows once: a stored one replaces the same one on its way, a resend adds nothing.
            const clientIds = new Set(said.map((c) => (c.frame as { clientId: string }).clientId));
            expect(shown.slice(4).filter(([sender]) => sender === 'user')).toHaveLength(clientIds.size);
            if (view.last?.type === 'SEND' && view.last.text === 'Bytes!') expect(shown.at(-1)).toEqual(['user', 'Bytes!']);
            if (view.last?.type === 'EMOJI') expect(shown.at(-1)).toEqual(['user', '🔥']);
            if (view.last === ONLINE && view.snapshot.context.pending.length > 0) {
              expect(sentTypes(view.env).at(-1)).toBe('debate.say');
            }
          },
          'matched.ended': ({ snapshot, env, path }) => {
            expect(selectDebatePhase(snapshot)).toBe('ended');
            const card = debateResultCard(snapshot.context.debate, snapshot.context.leftByMe, snapshot.context.finishedByMe);
            expect(card.heading).toBe('The debate has ended.');
            expect(selectDebateLeaveQuestion(snapshot)).toBeNull();
            if (snapshot.context.finishedByMe) {
              // 'End debate' is there only once the debate is won: it ends it for both, the server records the win.
              expect(card.reason).toBe('You ended the debate.');
              expect(path.steps.some((step) => step.event === WINNING)).toBe(true);
              expect(path.steps.filter((step) => step.event.type === 'FINISH').length).toBeGreaterThan(0);
              expect(commands(env).some((c) => (c.frame as { type: string }).type === 'debate.leave')).toBe(true);
            } else if (snapshot.context.leftByMe) {
              expect(card.reason).toBe('You left the debate.');
              // Only after the question was answered with Leave.
              const types = path.steps.map((step) => step.event.type);
              expect(types.lastIndexOf('BACK', types.indexOf('CONFIRM_LEAVE'))).toBeGreaterThanOrEqual(0);
              expect(commands(env).at(-1)?.frame).toEqual({ type: 'debate.leave', debateId: 'd-1' });
            } else if (snapshot.context.debate?.endedBy === ALICE.id) {
              expect(card.reason).toBe('Alice left the debate.');
              expect(card.outcome).toBe('You won! +110 points');
              expect(card.messages).toBe('5 messages');
            } else {
              // The server no longer knew the debate: it ended while this side was away.
              expect(path.steps.some((step) => step.event === GONE)).toBe(true);
              expect(card.reason).toBeNull();
            }
          },
          savingLog: ({ env, snapshot }) => {
            // SPEC: a matched chat with more than 2 messages is kept, the other member's lines under their name.
            const saved = env.pending.get('saveLog')?.at(-1)?.input as { messages: { sender: string; text: string }[]; partner: string };
            expect(saved.partner).toBe('Alice');
            expect(saved.messages.length).toBeGreaterThan(2);
            expect(saved.messages.slice(0, 2).map((m) => [m.sender, m.text])).toEqual([WELCOME, ['user', MY_TAKE]]);
            expect(saved.messages.some((m) => m.sender === 'opponent')).toBe(false);
            expect(selectDebatePhase(snapshot)).toBe('ended');
          },
          left: ({ env, snapshot, events }) => {
            expect(snapshot.status).toBe('done');
            expect(env.effects.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', payload: '/games' }]);
            // Leaving the search leaves the queue.
            if (!events.includes('live.received') || !snapshot.context.debate) expect(sentTypes(env).at(-1)).toBe('debate.cancel');
          },
        }),
      },
      {
        // The live layer failing outright: the AI opponent takes the seat at once.
        machine: liveDebateMachine,
        input: { instanceId: 'screen' },
        limit: 10,
        events: [failed('liveLink', new Error('no live layer'))],
        states: {
          searching: ({ env }) => expect(env.clock.now()).toBe(0),
          'aiOpponent.lateMatches': ({ env, snapshot }) => {
            expect(selectDebatePhase(snapshot)).toBe('aiOpponent');
            expect(env.clock.now()).toBe(0);
          },
        },
      },
    ]);
    expect(report.states).toBeGreaterThan(8);
  });
});

/** One debate screen on a simulated clock, with the frames it gives its link and the log it saves. */
function screen() {
  const clock = new SimulatedClock();
  const sent: unknown[] = [];
  const saved: { messages: ChatMessage[]; partner: string }[] = [];
  const actor = createActor(
    liveDebateMachine.provide({
      actors: {
        liveLink: fromCallback<LiveCommand>(({ receive }) => receive((command) => sent.push(command.type === 'live.frame' ? command.frame : command))),
        saveLog: fromPromise<undefined, { messages: ChatMessage[]; partner: string }>(async ({ input }) => {
          saved.push(input);
          await Promise.resolve();
          return undefined;
        }),
      },
      // The screen's navigate('/games'): these tests watch the frames and the saved log.
      actions: { goToGames: () => undefined },
    }),
    { input: { instanceId: 'screen' }, clock },
  ).start();
  const send = (event: ModelEvent) => actor.send(event as Parameters<typeof actor.send>[0]);
  /** The frames sent since the last call. */
  const fresh = (() => {
    let seen = 0;
    return () => sent.slice(seen, (seen = sent.length));
  })();
  return { actor, clock, send, fresh, saved };
}

describe('live debate machine (examples)', () => {
  it('stays searching on frames that are not a debate state, and asks to join again only when the link is open', () => {
    const { actor, send, fresh } = screen();
    expect(fresh()).toEqual([{ type: 'debate.join', community: null }]);
    send(QUEUED);
    send(RECONNECTING);
    expect(actor.getSnapshot().value).toBe('searching');
    expect(fresh()).toEqual([]);
    send(ONLINE);
    expect(fresh()).toEqual([{ type: 'debate.join', community: null }]);
  });

  it('leaves a match made just before the AI took the seat', () => {
    const { actor, clock, send, fresh } = screen();
    clock.increment(10_000);
    send(MATCHED);
    expect(actor.getSnapshot().value).toEqual({ aiOpponent: 'lateMatches' });
    expect(fresh()).toEqual([{ type: 'debate.join', community: null }, { type: 'debate.cancel' }, { type: 'debate.leave', debateId: 'd-1' }]);
  });

  it('ignores a blank take and other errors while writing', () => {
    const { actor, send, fresh } = screen();
    send(MATCHED);
    fresh();
    send({ type: 'SEND', text: '   ' });
    send(received({ type: 'error', code: 'TOO_MANY_MESSAGES', message: 'You are sending messages too fast. Please slow down.' }));
    expect(actor.getSnapshot().value).toEqual({ matched: 'writing' });
    expect(fresh()).toEqual([]);
  });

  it('resends a take the server has not stored after a reconnect, and forgets it once stored', () => {
    const { actor, send, fresh } = screen();
    send(MATCHED);
    send({ type: 'SEND', text: MY_TAKE });
    expect(fresh()).toEqual([{ type: 'debate.join', community: null }, { type: 'debate.take', debateId: 'd-1', text: MY_TAKE }]);
    send(ONLINE);
    expect(fresh()).toEqual([{ type: 'debate.take', debateId: 'd-1', text: MY_TAKE }]);
    send(MY_TAKE_STORED);
    expect(actor.getSnapshot().context.sentTake).toBeNull();
    send(ONLINE);
    expect(fresh()).toEqual([]);
  });

  it('says messages and emoji with client ids that count up, and resends those not yet stored', () => {
    const { clock, send, fresh } = screen();
    send(REVEALED);
    clock.increment(1500);
    fresh();
    send({ type: 'SEND', text: 'Bytes!' });
    send({ type: 'EMOJI', emoji: '🔥' });
    const said = [
      { type: 'debate.say', debateId: 'd-1', clientId: 'screen-1', text: 'Bytes!' },
      { type: 'debate.say', debateId: 'd-1', clientId: 'screen-2', text: '🔥' },
    ];
    expect(fresh()).toEqual(said);
    send(stored({ clientId: 'screen-1', text: 'Bytes!' }));
    send(ONLINE);
    expect(fresh()).toEqual([said[1]]);
  });

  it("appends a message pushed alone, once, ending its wait; another debate's message is not shown", () => {
    const { actor, clock, send, fresh } = screen();
    send(REVEALED);
    clock.increment(1500);
    send({ type: 'SEND', text: 'Bytes!' });
    send({ type: 'SEND', text: 'Tabs!' });
    fresh();
    const hers = received({ type: 'debate.message', debateId: 'd-1', message: { id: '8', clientId: 'screen-2', from: ALICE.id, text: 'Spaces align', sentAt: AT } });
    send(hers);
    send(pushed({ clientId: 'screen-1', text: 'Bytes!' }));
    send(pushed({ clientId: 'screen-1', text: 'Bytes!' }));
    send(hers);
    send(OTHER_DEBATE_MESSAGE);
    const { context } = actor.getSnapshot();
    expect(context.debate!.messages.map((m) => [m.id, m.text])).toEqual([
      ['7', 'Bytes!'],
      ['8', 'Spaces align'],
    ]);
    // Alice's client id matching mine does not end my message's wait: only my own stored message does.
    expect(context.pending.map((m) => [m.id, m.text, m.sender])).toEqual([['screen-2', 'Tabs!', 'user']]);
    expect(debateChatMessages({ debate: context.debate, sentTake: null, pending: context.pending, phase: 'talking' }).slice(4).map((m) => [m.sender, m.text])).toEqual([
      ['user', 'Bytes!'],
      ['opponent', 'Spaces align'],
      ['user', 'Tabs!'],
    ]);
    send(ONLINE);
    expect(fresh()).toEqual([{ type: 'debate.say', debateId: 'd-1', clientId: 'screen-2', text: 'Tabs!' }]);
  });

  it('resends nothing for a debate the server has ended', () => {
    const { clock, send, fresh } = screen();
    send(REVEALED);
    clock.increment(1500);
    send({ type: 'SEND', text: 'Bytes!' });
    send(SHE_LEFT);
    fresh();
    send(ONLINE);
    expect(fresh()).toEqual([]);
  });

  it('tells the server again that I left, after a reconnect', () => {
    const { actor, send, fresh } = screen();
    send(MATCHED);
    send({ type: 'BACK' });
    send({ type: 'CONFIRM_LEAVE' });
    expect(fresh()).toEqual([{ type: 'debate.join', community: null }, { type: 'debate.leave', debateId: 'd-1' }]);
    send(ONLINE);
    expect(fresh()).toEqual([{ type: 'debate.leave', debateId: 'd-1' }]);
    expect(actor.getSnapshot().value).toEqual({ matched: 'ended' });
  });

  it('saves the ended argument with the partner lines under her name', () => {
    const { actor, clock, send, saved } = screen();
    send(REVEALED);
    clock.increment(1500);
    send(received({ type: 'debate.state', debate: debate({ phase: 'ended', yourTake: MY_TAKE, opponentTake: HER_TAKE, endedBy: ALICE.id, messages: [
      { id: 'x1', clientId: 'c-her', from: ALICE.id, text: 'Spaces align', sentAt: AT },
      { id: 'x2', clientId: 'screen-1', from: ME, text: 'Tabs indent', sentAt: AT },
    ] }) }));
    send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('savingLog');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.partner).toBe('Alice');
    expect(saved[0]!.messages.map((m) => [m.sender, m.text])).toEqual([
      WELCOME,
      ['user', MY_TAKE],
      ['system', REVEAL_LINE],
      ['Alice', HER_TAKE],
      ['Alice', 'Spaces align'],
      ['user', 'Tabs indent'],
    ]);
  });
});
