import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { ChatMessage } from '../../src/domain/chat';
import { AppError } from '../../src/domain/errors';
import type { User } from '../../src/domain/user';
import { hotTakesMatchMachine } from '../../src/features/games/machines/hotTakesMatch.machine';
import { inputEnabled, selectPhase } from '../../src/features/games/machines/hotTakesMatch.view';
import { after, done, failed, isDone, isFailed, modelPaths, stateKey, testModel, type ModelEvent, type ModelOptions, type StateView } from '../support/modelTest';

type Snapshot = SnapshotFrom<typeof hotTakesMatchMachine>;

const partner: User = {
  id: 'user-1',
  username: 'RiffLord',
  email: 'riff@example.com',
  interests: ['Metal', 'Guitar'],
  personality: 'Loud and proud.',
  communities: ['Seattle'],
};
const PROMPT = 'Hot take: vinyl is overrated.';
const NEXT_PROMPT = 'Hot take: encores are planned.';
/** The id the server issues a member's game when it starts (a guest's game gets none: null). */
const GAME_ID = '7d3f0c1e-2b4a-4c5d-9e6f-0a1b2c3d4e5f';
const TAKE = 'Vinyl is a lifestyle, not a format.';
const BRASH = 'Excuse me?! That is outrageous.';
const REPLY = 'Fine, you have a point. Barely.';
const SYSTEM_LINE = "Great! Here's what RiffLord said about this:";
// docs/product.md's texts and timings: later replies 0.8-2 s after the message (random 0.5 →
// 800 + 0.5 × 1201 → 1400 ms), the first 1.5 s after the reveal, which comes 0.5 s + 1 s after the take.
const LATER_REPLY_MS = 1400;
const PARTNER_FALLBACK = "I'm honestly not sure what to think about that!";
const MATCHED_FALLBACK = "Hmm, I'm having trouble responding right now. Can you say that again?";
const NO_USERS = 'No users available to match with. Please try again later!';
const LOAD_FAILED = 'Sorry, I had trouble loading the game. Please try again!';
const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';

const down = new Error('down');

const profileOf = (s: Snapshot) => (s.matches({ open: { profile: 'closed' } }) || s.matches({ result: { profile: 'closed' } }) ? 'closed' : 'open');
const PROFILE_EVENTS: ModelEvent[] = [
  { type: 'CLOSE_PROFILE' },
  { type: 'ADD_FRIEND' },
  done('checkFriend', true),
  done('checkFriend', false),
  failed('checkFriend', down),
  done('addFriend'),
  failed('addFriend', new AppError('STORAGE_FULL')),
];
const inGame = (s: Snapshot, value: unknown) => s.matches({ open: { game: value } } as never);
const leaving = (s: Snapshot) => s.matches({ open: { leave: 'saving' } }) || s.matches({ open: { leave: 'recordingWin' } }) || s.matches({ open: { leave: 'failed' } });
const confirming = (s: Snapshot) => s.matches({ open: { leave: 'confirming' } });
const gone = (s: Snapshot) => leaving(s) || s.matches('result') || s.matches('left');
/** A member's win the server has not answered yet: no award or figures come back. */
const UNANSWERED = { award: null, stats: null };
const STATS = { totalPoints: 1360, gamesPlayed: 13, hotTakesScore: 960, friendsCount: 3, winRate: 69, streak: 6 };

const FALLBACKS: readonly string[] = [PARTNER_FALLBACK, MATCHED_FALLBACK];

/**
 * The events the model offers in a snapshot, chosen so the graph stays finite and small while every snapshot
 * stays fully distinguished (the replay compares whole contexts):
 * - profile events only where the dialog is usually opened, and game events only while it is closed (the two
 *   regions are independent, so their product adds nothing);
 * - texts up to 6 messages, one emoji in two chosen spots;
 * - once an AI failure has put a fallback line in the chat, the game only runs its course (no new messages,
 *   no leaving), so failures are covered without doubling every later state;
 * - BACK only while no reply is half-way (its branches depend on the phase and the message count only); while the
 *   leave question is open only its two answers (the game runs on behind it, as it does anyway);
 * - FINISH where the debate is just won (5 messages, and 6 with a reply on its way) and once where it is not (4);
 * - after PLAY_AGAIN only the new game's loading, which is where it differs from the first.
 */
function eventsFor(s: Snapshot): ModelEvent[] {
  const c = s.context;
  const n = c.messages.length;
  // The result: its partner's profile opens from the header's avatar too (only from the first result, which is enough).
  if (s.matches('result')) return profileOf(s) === 'closed' ? [{ type: 'PLAY_AGAIN' }, { type: 'BACK' }, { type: 'OPEN_PROFILE' }] : PROFILE_EVENTS;
  if (c.previousPrompt !== null) {
    return inGame(s, 'loading') ? [done('pickPartner', partner), done('gamePrompt', NEXT_PROMPT), done('startGame', null)] : [];
  }
  if (confirming(s)) return [{ type: 'CONFIRM_LEAVE' }, { type: 'CANCEL_LEAVE' }];
  if (profileOf(s) !== 'closed') return PROFILE_EVENTS;
  const degraded = c.messages.some((m) => FALLBACKS.includes(m.text)) || (c.partnerTake !== null && FALLBACKS.includes(c.partnerTake));
  const list: ModelEvent[] = [];
  if (!degraded && c.repliesOwed === 0 && c.pendingReply === null) list.push({ type: 'BACK' });
  if (leaving(s)) {
    return [
      { type: 'BACK' },
      { type: 'LEAVE' },
      done('saveLog'),
      failed('saveLog', new AppError('STORAGE_FULL')),
      done('recordWin', { award: 110, stats: STATS }),
      ...(c.finishing ? [done('recordWin', UNANSWERED)] : []),
      failed('recordWin', new AppError('STORAGE_FULL')),
    ];
  }
  if (inGame(s, 'loading')) {
    list.push({ type: 'OPEN_PROFILE' }); // no partner yet: ignored
    list.push(done('pickPartner', partner), done('pickPartner', null), failed('pickPartner', down));
    list.push(done('gamePrompt', PROMPT), failed('gamePrompt', new AppError('AI_FAILED')));
    list.push(done('startGame', GAME_ID), failed('startGame', new Error('offline')));
    return list;
  }
  if (inGame(s, 'noPartner') || inGame(s, 'failed')) return [...list, { type: 'RETRY' }];
  if (inGame(s, { userResponse: 'waitingForTake' })) {
    return [...list, { type: 'SEND', text: 'too early' }, done('partnerTake', TAKE), failed('partnerTake', down)];
  }
  const spot = (inGame(s, { userResponse: 'ready' }) && n === 1) || (inGame(s, { conversation: 'idle' }) && n === 5);
  if (spot && !degraded) list.push({ type: 'OPEN_PROFILE' }, { type: 'EMOJI', emoji: '🔥' });
  if (inGame(s, 'conversation') && !degraded && (n === 5 || n === 6 || (n === 4 && inGame(s, { conversation: { firstReply: 'waiting' } })))) {
    list.push({ type: 'FINISH' });
  }
  // One more text while a later reply is on its way, so the queue is exercised there too.
  const room = n < 6 || (n === 6 && inGame(s, { conversation: 'replying' }));
  if (room && !(degraded && inGame(s, 'conversation'))) {
    list.push({ type: 'SEND', text: ' Pineapple belongs on pizza ' }, { type: 'SEND', text: '  \n ' });
  }
  list.push(after('revealIntroDelay'), after('revealTakeDelay'));
  list.push(after('firstReplyDelay'), after('replyDelay'));
  if (c.pendingReply === null) list.push(done('firstResponse', BRASH), done('writeReply', REPLY));
  if (c.pendingReply === null && !degraded) list.push(failed('firstResponse', down), failed('writeReply', down));
  return list;
}

/** Everything but the injected clock and random source; message ids and times are implied by their order. */
function serializeState(s: Snapshot): string {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    messages: c.messages.map((m) => `${m.sender}/${m.type}/${m.text}`),
    delay: c.replyDelayMs,
    partner: c.partner?.id ?? null,
    prompt: c.prompt,
    take: c.partnerTake,
    gameId: c.gameId,
    pendingReply: c.pendingReply,
    owed: c.repliesOwed,
    toSave: c.toSave,
    award: c.award,
    winCounted: c.winCounted,
    finishing: c.finishing,
    previousPrompt: c.previousPrompt,
    error: c.error,
    saveError: c.saveError,
    friendError: c.friendError,
    friendNotice: c.friendNotice,
  });
}

type Step = { event: { type: string }; state: Snapshot };
type View = StateView<typeof hotTakesMatchMachine>;

/** The snapshot the machine was in when the game was left or ended (BACK, CONFIRM_LEAVE or FINISH), if it was. */
function stateAtLeave(steps: Step[]): Snapshot | null {
  const i = steps.findIndex((step, index) => index > 0 && gone(step.state) && !gone(steps[index - 1]!.state));
  return i > 0 ? steps[i - 1]!.state : null;
}
/** docs/product.md: 100 + 10 per message beyond 4. */
const award = (count: number) => 100 + 10 * Math.max(0, count - 4);

const texts = (list: readonly ChatMessage[]) => list.map((m) => `${m.sender}:${m.text}`);
const navigations = (v: View) => v.env.timeline.filter((e) => e.type === 'navigate');
const endings = { noLog: 0, logOnly: 0, win: 0, saveFailed: 0, gaveUp: 0, finished: 0, finishedUncounted: 0, playedAgain: 0, asked: 0 };
type Ending = keyof typeof endings;

/** How a left game went: given up (nothing saved), or left where a win is due (from conversation, past 4 messages). */
function leftGame(steps: Step[], messageCount: number) {
  const back = stateAtLeave(steps);
  return { gaveUp: steps.some((step) => step.event.type === 'LEAVE'), shouldWin: back !== null && inGame(back, 'conversation') && messageCount > 4 };
}

/** Whether the server counted the win a path recorded (its answer carries stats) or the device counted it. */
function winAnswered(path: View['path']): boolean {
  const win = path.steps.map((step) => step.event as ModelEvent).find(isDone('recordWin'));
  return (win?.output as { stats: unknown }).stats !== null;
}

/** Which way a path ends, of the endings some replayed path must each reach; none while a game simply goes on. */
function endingOf(path: View['path']): Ending | undefined {
  const { value, context: c } = path.target;
  const key = stateKey(value);
  if (key === 'left') {
    const { gaveUp, shouldWin } = leftGame(path.steps, c.messages.length);
    return gaveUp ? 'gaveUp' : shouldWin ? 'win' : c.messages.length > 2 ? 'logOnly' : 'noLog';
  }
  if (key.startsWith('result.')) return winAnswered(path) ? 'finished' : 'finishedUncounted';
  if (c.previousPrompt !== null) return 'playedAgain';
  if (key.includes('leave.confirming')) return 'asked';
  if (key.includes('leave.failed')) return 'saveFailed';
  return undefined;
}

/** Holds everywhere: the welcome first, saves only past 2 messages with the partner, wins only from conversation past 4. */
function always({ env, context: c, path }: View) {
  const steps = path.steps as unknown as Step[];
  expect(c.messages[0]).toMatchObject({ id: '1', sender: 'other' });
  const saves = env.pending.get('saveLog') ?? [];
  for (const d of saves) {
    const input = d.input as { messages: ChatMessage[]; partner: string };
    expect(input.messages.length).toBeGreaterThan(2);
    expect(input.partner).toBe('RiffLord');
  }
  const back = stateAtLeave(steps);
  for (const d of env.pending.get('recordWin') ?? []) {
    expect((d.input as { messageCount: number }).messageCount).toBeGreaterThan(4);
    expect(back && inGame(back, 'conversation')).toBe(true);
  }
  // A retry after a failure never repeats a save that already succeeded.
  const types = steps.map((step) => step.event.type);
  expect(saves.length).toBeLessThanOrEqual(1 + types.filter(isFailed('saveLog')).length);
}

/**
 * No dead controls: the partner's avatar (a button in the header whenever the partner is known, the result
 * included) opens the profile; wherever the message box, Send and the quick emojis are enabled, the machine
 * takes SEND and EMOJI, so nothing typed is cleared from the box and dropped.
 */
function enabledControlsAreHandled({ snapshot }: View) {
  if (snapshot.context.partner !== null && profileOf(snapshot) === 'closed') expect(snapshot.can({ type: 'OPEN_PROFILE' })).toBe(true);
  if (!inputEnabled(selectPhase(snapshot))) return;
  expect(snapshot.can({ type: 'SEND', text: 'Pineapple' })).toBe(true);
  expect(snapshot.can({ type: 'EMOJI', emoji: '🔥' })).toBe(true);
}

/** While the chat is open: nothing navigates. */
function open(v: View) {
  always(v);
  enabledControlsAreHandled(v);
  expect(navigations(v)).toEqual([]);
}

const conversation = (v: View) => {
  const { context: c, env } = v;
  const list = c.messages;
  const takeIndex = list.findIndex((m) => m.sender === 'RiffLord');
  expect(texts(list.slice(takeIndex - 1, takeIndex + 1))).toEqual([`system:${SYSTEM_LINE}`, `RiffLord:${c.partnerTake}`]);
  expect([TAKE, PARTNER_FALLBACK]).toContain(list[takeIndex]!.text);
  const replies = list.slice(takeIndex + 1).filter((m) => m.sender === 'RiffLord');
  // The take at 1500 ms, the brash reply no earlier than 1.5 s after it, later ones 1400 ms after their message.
  if (replies.length === 0 && !leaving(v.snapshot)) {
    const late = inGame(v.snapshot, { conversation: { firstReply: 'due' } });
    expect(env.clock.now()).toBe(late ? 3000 : 1500);
  }
  if (replies.length >= 1) {
    expect([BRASH, MATCHED_FALLBACK]).toContain(replies[0]!.text);
    expect(env.clock.now()).toBeGreaterThanOrEqual(3000);
  }
  if (replies.length >= 2) {
    expect([REPLY, MATCHED_FALLBACK]).toContain(replies[1]!.text);
    expect(env.clock.now()).toBeGreaterThanOrEqual(3000 + LATER_REPLY_MS);
  }
};
const typing = (v: View) => expect(v.snapshot.hasTag('replying')).toBe(true);
const notTyping = (v: View) => expect(v.snapshot.hasTag('replying')).toBe(false);

const gameRegion: Record<string, (v: View) => void> = {
  'loading.matching': (v) => expect(v.context.partner).toBeNull(),
  'loading.prompting': (v) => expect(v.context.partner?.username).toBe('RiffLord'),
  // The prompt is known; the game is being started on the server (a failure is a load failure: RETRY).
  'loading.starting': (v) => {
    expect(v.context.prompt).toBe(PROMPT);
    expect(v.context.gameId).toBeNull();
  },
  noPartner: (v) => expect(v.context.error).toBe(NO_USERS),
  failed: (v) => expect(v.context.error).toBe(LOAD_FAILED),
  'userResponse.waitingForTake': (v) => {
    expect(v.context.prompt).toBe(PROMPT);
    expect(v.context.gameId).toBe(GAME_ID);
    expect(v.context.messages.every((m) => m.sender === 'other' || m.type === 'emoji')).toBe(true);
  },
  'userResponse.ready': (v) => {
    expect(v.context.partner?.username).toBe('RiffLord');
    expect(v.context.prompt).toBe(PROMPT);
    expect(v.context.messages.every((m) => m.sender === 'other' || m.type === 'emoji')).toBe(true);
  },
  // Nothing is timed before the user's first take (sent at 0 ms): the system line at 500, the take at 1500.
  'revealing.intro': (v) => {
    expect(v.env.clock.now()).toBe(0);
    expect(v.context.messages.at(-1)).toMatchObject({ sender: 'user', text: ' Pineapple belongs on pizza ', type: 'text' });
  },
  'revealing.take': (v) => {
    expect(v.env.clock.now()).toBe(500);
    expect(v.context.messages.at(-1)).toMatchObject({ sender: 'system', text: SYSTEM_LINE });
  },
  'conversation.firstReply.waiting': (v) => (conversation(v), typing(v)),
  'conversation.firstReply.due': (v) => (conversation(v), typing(v)),
  'conversation.idle': (v) => (conversation(v), notTyping(v)),
  'conversation.replying.waiting': (v) => {
    conversation(v);
    typing(v);
    expect(v.context.replyDelayMs).toBe(LATER_REPLY_MS);
  },
  'conversation.replying.due': (v) => (conversation(v), typing(v)),
  // FINISH ended a won debate: no reply comes any more, and the leave region saves it.
  over: (v) => {
    expect(v.events).toContain('FINISH');
    expect(v.context.messages.length).toBeGreaterThan(4);
    expect(v.context.finishing).toBe(true);
    notTyping(v);
  },
};
const profileRegion: Record<string, (v: View) => void> = {
  closed: () => undefined,
  checking: (v) => expect(v.env.pending.get('checkFriend')?.at(-1)?.input).toEqual({ userId: 'user-1' }),
  'open.notFriend': (v) => {
    if (isFailed('addFriend')(v.last)) expect(v.context.friendError).toBe(STORAGE_FULL);
  },
  'open.adding': (v) => expect(v.env.pending.get('addFriend')?.at(-1)?.input).toEqual({ userId: 'user-1' }),
  'open.friend': (v) => {
    if (isDone('addFriend')(v.last)) expect(v.context.friendNotice).toBe("You're now friends with RiffLord!");
  },
};
const leaveRegion: Record<string, (v: View) => void> = {
  staying: (v) => expect(v.context.saveError).toBeNull(),
  // The question comes before anything is counted: no save has started, nothing navigated.
  confirming: (v) => {
    expect(v.context.messages.some((m) => m.sender === 'user')).toBe(true);
    expect(v.env.pending.get('saveLog') ?? []).toEqual([]);
    expect(v.env.pending.get('recordWin') ?? []).toEqual([]);
  },
  saving: (v) => expect(v.snapshot.hasTag('saving')).toBe(true),
  recordingWin: (v) => expect(v.snapshot.hasTag('saving')).toBe(true),
  failed: (v) => {
    expect(v.context.saveError).toBe(STORAGE_FULL);
    expect(v.context.messages.length).toBeGreaterThan(2); // nothing lost: the chat is still all there
  },
};

function left(v: View) {
  always(v);
  const steps = v.path.steps as unknown as Step[];
  const types = steps.map((step) => step.event.type);
  const list = v.context.messages;
  expect(navigations(v)).toEqual([{ type: 'navigate', payload: '/games', at: v.env.clock.now() }]);
  const { gaveUp, shouldWin } = leftGame(steps, list.length);
  expect(types.some(isDone('saveLog'))).toBe(list.length > 2 && !(gaveUp && v.context.toSave.log));
  expect(types.some(isDone('recordWin'))).toBe(shouldWin && !gaveUp);
  if (shouldWin && !gaveUp) {
    const win = steps.find((step) => isDone('recordWin')(step.event))!.event as unknown as { output: { stats: unknown } };
    expect(v.context.award).toBe(win.output.stats !== null ? 110 : award(list.length));
  }
  // Something said is never left without the question first; nothing said leaves at once.
  expect(types.includes('CONFIRM_LEAVE') || types.includes('FINISH')).toBe(list.some((m) => m.sender === 'user'));
}

/** The debate was ended and counted: the points, nothing navigated yet; the chat is all still there. */
function result(v: View) {
  always(v);
  enabledControlsAreHandled(v);
  expect(navigations(v)).toEqual([]);
  const types = v.events;
  const n = v.context.messages.length;
  expect(types).toContain('FINISH');
  expect(types.filter(isDone('saveLog'))).toHaveLength(1);
  expect(types.filter(isDone('recordWin'))).toHaveLength(1);
  // The win names the game the server started, which is what it scores.
  expect(v.env.pending.get('recordWin')?.at(-1)?.input).toMatchObject({ gameId: GAME_ID, messageCount: n });
  expect(n).toBeGreaterThan(4);
  const answered = winAnswered(v.path);
  // The server's award when it answered; else the same rule counted on the device.
  expect(v.context.award).toBe(answered ? 110 : award(n));
  expect(v.context.winCounted).toBe(answered);
}

/** PLAY_AGAIN: a new game from the start, asking for a prompt other than the one just played. */
function secondGame(v: View) {
  expect(navigations(v)).toEqual([]);
  enabledControlsAreHandled(v);
  const c = v.context;
  expect(c.previousPrompt).toBe(PROMPT);
  expect(c.messages.map((m) => m.text)).toEqual(['Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥']);
  expect(c).toMatchObject({ round: 2, award: null, winCounted: false, finishing: false, toSave: { log: false, win: false }, repliesOwed: 0, pendingReply: null });
  const prompts = v.env.pending.get('gamePrompt') ?? [];
  if (prompts.length > 1) expect(prompts.at(-1)?.input).toEqual({ previous: PROMPT });
  if (c.prompt !== null) expect(c.prompt).toBe(NEXT_PROMPT);
}

/** One expectation per region of 'open.(game.… + profile.… + leave.…)'; a region state without one fails. */
function byRegion(key: string): (v: View) => void {
  const check = expectationFor(key);
  return (v) => {
    check(v);
    const ending = endingOf(v.path);
    if (ending) endings[ending] += 1;
  };
}

function expectationFor(key: string): (v: View) => void {
  if (key === 'left') return left;
  if (key.startsWith('result.profile.')) {
    const profile = profileRegion[key.slice('result.profile.'.length)];
    if (!profile) throw new Error(`no expectation for result state "${key}"`);
    return (v) => {
      result(v);
      profile(v);
    };
  }
  const parts = key.replace(/^open\.\(/, '').replace(/\)$/, '').split(' + ');
  const checks = parts.map((part) => {
    const [region, ...rest] = part.split('.');
    const table = { game: gameRegion, profile: profileRegion, leave: leaveRegion }[region as 'game' | 'profile' | 'leave'];
    const check = table?.[rest.join('.')];
    if (!check) throw new Error(`no expectation for region state "${part}"`);
    return check;
  });
  return (v) => {
    if (v.context.previousPrompt !== null) return secondGame(v);
    open(v);
    // The first game asks for a prompt with no previous one.
    const firstAsk = v.env.pending.get('gamePrompt')?.[0];
    if (firstAsk) expect(firstAsk.input).toEqual({ previous: null });
    for (const check of checks) check(v);
  };
}

describe('hot takes matched chat machine (model-based)', () => {
  it('every state, transition and guard outcome; reveals on time, saves the log only past 2 messages, a win only in conversation past 4', async () => {
    const options: ModelOptions<typeof hotTakesMatchMachine> = {
      machine: hotTakesMatchMachine,
      input: { now: () => 1_000, random: () => 0.5 },
      limit: 3000,
      // Over 4,000 paths: a covering subset is replayed, which still ends each way a game can end.
      paths: 'covering',
      outcomes: (path) => [endingOf(path) ?? 'still playing'],
      events: eventsFor,
      serializeState,
      delays: { revealIntroDelay: 500, revealTakeDelay: 1000, firstReplyDelay: 1500, replyDelay: LATER_REPLY_MS },
      provide: (env) => ({ actions: { goToGames: () => env.record('navigate', '/games') } }),
    };
    const keys = new Set(modelPaths(options).map((p) => stateKey((p.target as { value: unknown }).value)));
    const report = await testModel({ ...options, states: Object.fromEntries([...keys].map((k) => [k, byRegion(k)])) });
    expect(report.guards).toBe(15);
    // Each way of leaving was actually replayed.
    for (const [ending, paths] of Object.entries(endings)) expect(paths, ending).toBeGreaterThan(0);
  }, 300_000);
});

describe('hot takes matched chat machine (live details)', () => {
  function start(overrides: Record<string, (input: unknown) => Promise<unknown>> = {}) {
    const clock = new SimulatedClock();
    const calls: { src: string; input: unknown }[] = [];
    const fake = (src: string, result: (input: unknown) => Promise<unknown>) =>
      fromPromise(({ input }: { input: unknown }) => {
        calls.push({ src, input });
        return result(input);
      });
    const actors = {
      pickPartner: fake('pickPartner', async () => partner),
      gamePrompt: fake('gamePrompt', async () => PROMPT),
      startGame: fake('startGame', async () => GAME_ID),
      partnerTake: fake('partnerTake', async () => TAKE),
      firstResponse: fake('firstResponse', async () => BRASH),
      writeReply: fake('writeReply', async () => REPLY),
      saveLog: fake('saveLog', async () => undefined),
      recordWin: fake('recordWin', async () => ({ award: 0 })),
      checkFriend: fake('checkFriend', async () => false),
      addFriend: fake('addFriend', async () => undefined),
      ...Object.fromEntries(Object.entries(overrides).map(([src, fn]) => [src, fake(src, fn)])),
    };
    const actor = createActor(hotTakesMatchMachine.provide({ actors } as never), {
      clock,
      input: { now: () => clock.now(), random: () => 0.999 },
    });
    actor.start();
    return { actor, clock, calls };
  }
  const flush = async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };

  it('ignores sends while the partner take is pending, then plays through with timed steps and jittered replies', async () => {
    let releaseTake!: (take: string) => void;
    const { actor, clock, calls } = start({ partnerTake: () => new Promise((resolve) => (releaseTake = resolve)) });
    await flush();
    expect(actor.getSnapshot().matches({ open: { game: { userResponse: 'waitingForTake' } } })).toBe(true);
    actor.send({ type: 'SEND', text: 'too early' });
    actor.send({ type: 'EMOJI', emoji: '🔥' });
    expect(actor.getSnapshot().context.messages).toHaveLength(1);

    releaseTake(TAKE);
    await flush();
    actor.send({ type: 'SEND', text: 'My take' });
    clock.increment(499);
    expect(actor.getSnapshot().context.messages).toHaveLength(2);
    clock.increment(1);
    expect(actor.getSnapshot().context.messages.at(-1)?.text).toBe(SYSTEM_LINE);
    clock.increment(1000);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'RiffLord', text: TAKE });
    await flush();
    clock.increment(1499);
    expect(actor.getSnapshot().context.messages).toHaveLength(4);
    clock.increment(1);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'RiffLord', text: BRASH });
    expect(calls.find((c) => c.src === 'firstResponse')?.input).toMatchObject({ prompt: PROMPT, partnerTake: TAKE, message: 'My take' });

    // random() = 0.999 → 800 + floor(0.999 × 1201) = 1999 ms, inside docs/product.md's 0.8-2 s.
    actor.send({ type: 'SEND', text: 'Prove it' });
    await flush();
    clock.increment(1998);
    expect(actor.getSnapshot().context.messages.at(-1)?.text).toBe('Prove it');
    clock.increment(1);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'RiffLord', text: REPLY });
    expect(calls.find((c) => c.src === 'writeReply')?.input).toMatchObject({ message: 'Prove it' });
  });

  /** 'My take' sent, then played out: the system line and the partner's take (500 + 1000 ms), and the partner's first answer (1500 ms). */
  async function takeAnswered({ actor, clock }: Pick<ReturnType<typeof start>, 'actor' | 'clock'>) {
    actor.send({ type: 'SEND', text: 'My take' });
    clock.increment(500);
    clock.increment(1000);
    await flush();
    clock.increment(1500);
    await flush();
  }

  /** A first message, its reply not yet written (1500 ms on), and 'impatient' sent while it is on its way. */
  async function impatientWhileReplyIsDue() {
    const started = start();
    await flush();
    started.actor.send({ type: 'SEND', text: 'first' });
    // SimulatedClock starts a timer set during a flush from the new time, so each step is advanced on its own.
    started.clock.increment(500);
    started.clock.increment(1000);
    await flush();
    started.actor.send({ type: 'SEND', text: 'impatient' });
    return started;
  }

  it('answers a message sent while a reply is on its way once that reply has arrived', async () => {
    const { actor, clock } = await impatientWhileReplyIsDue();
    clock.increment(1500);
    await flush();
    expect(actor.getSnapshot().matches({ open: { game: { conversation: 'replying' } } })).toBe(true);
    clock.increment(2000);
    await flush();
    const senders = actor.getSnapshot().context.messages.map((m) => m.sender);
    expect(senders).toEqual(['other', 'user', 'system', 'RiffLord', 'user', 'RiffLord', 'RiffLord']);
  });
  it('hands the AI the message it answers once, and the chat around it, when that message waited for an earlier reply', async () => {
    const { actor, clock, calls } = await impatientWhileReplyIsDue();
    actor.send({ type: 'EMOJI', emoji: '😤' });
    clock.increment(1500);
    await flush();
    const reply = calls.find((c) => c.src === 'writeReply')?.input as { messages: ChatMessage[]; message: string };
    expect(reply.message).toBe('impatient');
    // The brash reply that landed after it is history; the message answered is not repeated there.
    expect(reply.messages.map((m) => [m.sender, m.text])).toEqual([
      ['other', 'Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥'],
      ['user', 'first'],
      ['system', SYSTEM_LINE],
      ['RiffLord', TAKE],
      ['user', '😤'],
      ['RiffLord', BRASH],
    ]);
  });
  it('hands the AI the partner, the prompt, the take and the chat so far', async () => {
    const { actor, clock, calls } = start();
    await flush();
    // The partner is drawn with the screen's own randomness.
    const draw = calls.find((c) => c.src === 'pickPartner')?.input as { random: () => number };
    expect(draw.random()).toBe(0.999);
    expect(calls.find((c) => c.src === 'partnerTake')?.input).toEqual({ partner, prompt: PROMPT });
    actor.send({ type: 'EMOJI', emoji: '🔥' });
    await takeAnswered({ actor, clock });
    // Every reply names the server's game, so the server counts the turns it answered.
    expect(calls.find((c) => c.src === 'firstResponse')?.input).toEqual({ partner, prompt: PROMPT, partnerTake: TAKE, message: 'My take', gameId: GAME_ID });
    actor.send({ type: 'SEND', text: 'Prove it' });
    await flush();
    clock.increment(1999);
    await flush();
    const reply = calls.find((c) => c.src === 'writeReply')?.input as { partner: User; messages: ChatMessage[]; message: string; gameId: string };
    expect(reply.partner).toEqual(partner);
    expect(reply.gameId).toBe(GAME_ID);
    expect(reply.message).toBe('Prove it');
    expect(reply.messages.map((m) => [m.sender, m.text])).toEqual([
      ['other', 'Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥'],
      ['user', '🔥'],
      ['user', 'My take'],
      ['system', SYSTEM_LINE],
      ['RiffLord', TAKE],
      ['RiffLord', BRASH],
    ]);
  });
  it('after a saved log and a failed win, trying again records only the win', async () => {
    const { actor, clock, calls } = start({ recordWin: () => Promise.reject(new Error('offline')) });
    await flush();
    await takeAnswered({ actor, clock });
    expect(actor.getSnapshot().context.messages).toHaveLength(5);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CONFIRM_LEAVE' });
    await flush();
    expect(actor.getSnapshot().matches({ open: { leave: 'failed' } })).toBe(true);
    actor.send({ type: 'BACK' });
    await flush();
    expect(calls.filter((c) => c.src === 'saveLog' || c.src === 'recordWin').map((c) => c.src)).toEqual(['saveLog', 'recordWin', 'recordWin']);
  });
});
