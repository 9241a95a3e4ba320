import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { WELCOME_MESSAGE_ID, type ChatMessage } from '../../src/domain/chat';
import { AppError } from '../../src/domain/errors';
import { messages } from '../../src/domain/messages';
import type { User } from '../../src/domain/user';
import { hotTakesMatchMachine } from '../../src/machines/hotTakesMatch.machine';
import { runModel, type ModelEvent } from '../support/modelTest';

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
const TAKE = 'Vinyl is a lifestyle, not a format.';
const BRASH = 'Excuse me?! That is outrageous.';
const REPLY = 'Fine, you have a point. Barely.';
const SYSTEM_LINE = "Great! Here's what RiffLord said about this:";
// random() = 0.5 → jitter floor(0.5 × 1201) = 600 → later replies after 1400 ms.
const LATER_REPLY_MS = 1400;

const PLAYING = 'hotTakesMatch.game.playing';
const after = (delay: string, path: string) => ({ type: `xstate.after.${delay}.${PLAYING}.${path}` });
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown = new Error('down')) => ({ type: `xstate.error.actor.${id}`, error });

const gameOf = (s: Snapshot) => (s.value as { game: unknown }).game;
const profileOf = (s: Snapshot) => (s.value as { profile: unknown }).profile;
const inGame = (s: Snapshot, value: unknown) => s.matches({ game: value } as never);

const FALLBACKS: readonly string[] = [messages.ai.partnerHotTakeFallback, messages.ai.matchedChatFallback];

/**
 * The events the model offers in a snapshot, chosen so the graph stays finite and small while every snapshot
 * stays fully distinguished (the replay compares whole contexts):
 * - profile events only where the dialog is usually opened, and game events only while it is closed (the two
 *   regions are independent, so their product adds nothing);
 * - texts up to 6 messages, one emoji in two chosen spots;
 * - once an AI failure has put a fallback line in the chat, the game only runs its course (no new messages,
 *   no leaving), so failures are covered without doubling every later state;
 * - BACK only while no reply is half-way (its branches depend on the phase and the message count only).
 */
function eventsFor(s: Snapshot): ModelEvent[] {
  const c = s.context;
  const n = c.messages.length;
  if (profileOf(s) !== 'closed') {
    return [
      { type: 'CLOSE_PROFILE' },
      { type: 'ADD_FRIEND' },
      done('checkFriend', true),
      done('checkFriend', false),
      fail('checkFriend'),
      done('addFriend'),
      fail('addFriend', new AppError('STORAGE_FULL')),
    ];
  }
  const degraded = c.messages.some((m) => FALLBACKS.includes(m.text)) || (c.partnerTake !== null && FALLBACKS.includes(c.partnerTake));
  const list: ModelEvent[] = [];
  if (!degraded && !c.queued && c.pendingReply === null) list.push({ type: 'BACK' });
  if (inGame(s, 'leaving') || inGame(s, 'saveFailed')) {
    return [
      { type: 'BACK' },
      { type: 'LEAVE' },
      done('saveLog'),
      fail('saveLog', new AppError('STORAGE_FULL')),
      done('recordWin', { award: 110 }),
      fail('recordWin', new AppError('STORAGE_FULL')),
    ];
  }
  if (inGame(s, { playing: 'loading' })) {
    list.push({ type: 'OPEN_PROFILE' }); // no partner yet: ignored
    list.push(done('pickPartner', partner), done('pickPartner', null), fail('pickPartner'));
    list.push(done('gamePrompt', PROMPT), fail('gamePrompt', new AppError('AI_FAILED')));
    return list;
  }
  if (inGame(s, { playing: 'noPartner' }) || inGame(s, { playing: 'failed' })) return [...list, { type: 'RETRY' }];
  if (inGame(s, { playing: { userResponse: 'waitingForTake' } })) {
    return [...list, { type: 'SEND', text: 'too early' }, done('partnerTake', TAKE), fail('partnerTake')];
  }
  const spot = (inGame(s, { playing: { userResponse: 'ready' } }) && n === 1) || (inGame(s, { playing: { conversation: 'idle' } }) && n === 5);
  if (spot && !degraded) list.push({ type: 'OPEN_PROFILE' }, { type: 'EMOJI', emoji: '🔥' });
  if (n < 6 && !(degraded && inGame(s, { playing: 'conversation' }))) {
    list.push({ type: 'SEND', text: ' Pineapple belongs on pizza ' }, { type: 'SEND', text: '  \n ' });
  }
  list.push(after('revealIntroDelay', 'revealing.intro'), after('revealTakeDelay', 'revealing.take'));
  list.push(after('firstReplyDelay', 'conversation.firstReply.waiting'), after('replyDelay', 'conversation.replying.waiting'));
  if (c.pendingReply === null) list.push(done('firstResponse', BRASH), done('chatReply', REPLY));
  if (c.pendingReply === null && !degraded) list.push(fail('firstResponse'), fail('chatReply'));
  return list;
}

/** Everything but the injected clock and random source; message ids and times are implied by their order. */
function serializeState(s: Snapshot): string {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    messages: c.messages.map((m) => `${m.sender}/${m.type}/${m.text}`),
    jitter: c.replyJitter,
    partner: c.partner?.id ?? null,
    prompt: c.prompt,
    take: c.partnerTake,
    pendingReply: c.pendingReply,
    queued: c.queued,
    toSave: c.toSave,
    award: c.award,
    error: c.error,
    friendError: c.friendError,
    friendNotice: c.friendNotice,
  });
}

type Step = { event: { type: string }; state: Snapshot };

/** The snapshot the machine was in when BACK first started leaving, if it did. */
function stateAtBack(steps: Step[]): Snapshot | null {
  const i = steps.findIndex((step, index) => step.event.type === 'BACK' && index > 0 && inGame(steps[index - 1]!.state, 'playing'));
  return i > 0 ? steps[i - 1]!.state : null;
}

const texts = (list: readonly ChatMessage[]) => list.map((m) => `${m.sender}:${m.text}`);

describe('hot takes matched chat machine (model-based)', () => {
  it('reaches every state and transition; reveals on time, saves the log only past 2 messages and records a win only in conversation past 4', async () => {
    const endings = { noLog: 0, logOnly: 0, win: 0, saveFailed: 0, gaveUp: 0 };
    const count = await runModel({
      machine: hotTakesMatchMachine,
      input: { now: () => 1_000, random: () => 0.5 },
      events: eventsFor,
      serializeState,
      provide: (env) => ({ actions: { goToGames: () => env.record('navigate', '/games') } }),
      check: ({ env, snapshot, path }) => {
        const steps = path.steps as unknown as Step[];
        const c = snapshot.context;
        const list = c.messages;
        const saves = env.pending.get('saveLog') ?? [];
        const wins = env.pending.get('recordWin') ?? [];
        const back = stateAtBack(steps);
        const types = steps.map((step) => step.event.type);

        // Every chat starts with the welcome from 'other', id '1'.
        expect(list[0]).toMatchObject({ id: WELCOME_MESSAGE_ID, sender: 'other' });

        // The log is saved only with more than 2 messages, with its partner; a win only from conversation past 4.
        for (const d of saves) {
          const input = d.input as { messages: ChatMessage[]; partner: string };
          expect(input.messages.length).toBeGreaterThan(2);
          expect(input.partner).toBe('RiffLord');
        }
        for (const d of wins) {
          expect((d.input as { messageCount: number }).messageCount).toBeGreaterThan(4);
          expect(back && inGame(back, { playing: 'conversation' })).toBe(true);
        }
        // A retry after a failure never repeats a save that already succeeded.
        expect(saves.length).toBeLessThanOrEqual(1 + types.filter((t) => t === 'xstate.error.actor.saveLog').length);

        if (inGame(snapshot, 'left')) {
          expect(env.effects).toEqual([{ type: 'navigate', payload: '/games' }]);
          const gaveUp = types.includes('LEAVE');
          expect(types.includes('xstate.done.actor.saveLog')).toBe(list.length > 2 && !(gaveUp && c.toSave.log));
          const shouldWin = back !== null && inGame(back, { playing: 'conversation' }) && list.length > 4;
          expect(types.includes('xstate.done.actor.recordWin')).toBe(shouldWin && !gaveUp);
          if (shouldWin && !gaveUp) expect(c.award).toBe(110);
          endings[gaveUp ? 'gaveUp' : shouldWin ? 'win' : list.length > 2 ? 'logOnly' : 'noLog'] += 1;
        } else {
          expect(env.effects).toEqual([]);
        }
        if (inGame(snapshot, 'saveFailed')) {
          expect(c.error).toBe(messages.storage.full);
          expect(list.length).toBeGreaterThan(2); // nothing lost: the chat is still all there
          endings.saveFailed += 1;
        }
        if (inGame(snapshot, { playing: 'noPartner' })) expect(c.error).toBe(messages.games.noUsersToMatch);
        if (inGame(snapshot, { playing: 'failed' })) expect(c.error).toBe(messages.games.loadFailed);

        // Phases and the simulated clock: nothing is timed before the user's first take (sent at 0 ms).
        if (inGame(snapshot, { playing: 'userResponse' })) {
          expect(c.partner?.username).toBe('RiffLord');
          expect(c.prompt).toBe(PROMPT);
          expect(list.every((m) => m.sender === 'other' || m.type === 'emoji')).toBe(true);
        }
        if (inGame(snapshot, { playing: { revealing: 'intro' } })) {
          expect(env.clock.now()).toBe(0);
          expect(list.at(-1)).toMatchObject({ sender: 'user', text: ' Pineapple belongs on pizza ', type: 'text' });
        }
        if (inGame(snapshot, { playing: { revealing: 'take' } })) {
          expect(env.clock.now()).toBe(500);
          expect(list.at(-1)).toMatchObject({ sender: 'system', text: SYSTEM_LINE });
        }
        const takeIndex = list.findIndex((m) => m.sender === 'RiffLord');
        if (inGame(snapshot, { playing: 'conversation' })) {
          const take = list[takeIndex]!;
          expect(texts(list.slice(takeIndex - 1, takeIndex + 1))).toEqual([`system:${SYSTEM_LINE}`, `RiffLord:${c.partnerTake}`]);
          expect([TAKE, messages.ai.partnerHotTakeFallback]).toContain(take.text);
          const replies = list.slice(takeIndex + 1).filter((m) => m.sender === 'RiffLord');
          // Every reveal step is timed: the take at 1500 ms, the brash reply no earlier than 1.5 s after it.
          if (replies.length === 0) {
            const late = inGame(snapshot, { playing: { conversation: { firstReply: 'late' } } });
            expect(env.clock.now()).toBe(late ? 3000 : 1500);
          }
          if (replies.length >= 1) {
            expect([BRASH, messages.ai.matchedChatFallback]).toContain(replies[0]!.text);
            expect(env.clock.now()).toBeGreaterThanOrEqual(3000);
          }
          if (replies.length >= 2) {
            expect([REPLY, messages.ai.matchedChatFallback]).toContain(replies[1]!.text);
            expect(env.clock.now()).toBeGreaterThanOrEqual(3000 + LATER_REPLY_MS);
          }
          if (inGame(snapshot, { playing: { conversation: 'replying' } })) expect(c.replyJitter).toBe(600);
        }

        // The profile dialog: 'Already Friends' after a successful add or for an existing friend.
        if (snapshot.matches({ profile: { open: 'friend' } })) {
          if (types.at(-1) === 'xstate.done.actor.addFriend') expect(c.friendNotice).toBe("You're now friends with RiffLord!");
        }
        if (snapshot.matches({ profile: { open: 'notFriend' } }) && types.at(-1) === 'xstate.error.actor.addFriend') {
          expect(c.friendError).toBe(messages.storage.full);
        }
        expect(gameOf(snapshot)).toBeDefined();
      },
    });
    expect(count).toBeGreaterThan(40);
    // Each way of leaving was actually replayed.
    for (const [ending, paths] of Object.entries(endings)) expect(paths, ending).toBeGreaterThan(0);
  }, 180_000);
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
      partnerTake: fake('partnerTake', async () => TAKE),
      firstResponse: fake('firstResponse', async () => BRASH),
      chatReply: fake('chatReply', async () => REPLY),
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
    expect(actor.getSnapshot().matches({ game: { playing: { userResponse: 'waitingForTake' } } })).toBe(true);
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

    // random() = 0.999 → jitter floor(0.999 × 1201) = 1199: a 1999 ms wait, inside docs/product.md's 0.8-2 s.
    actor.send({ type: 'SEND', text: 'Prove it' });
    await flush();
    clock.increment(1998);
    expect(actor.getSnapshot().context.messages.at(-1)?.text).toBe('Prove it');
    clock.increment(1);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'RiffLord', text: REPLY });
    expect(actor.getSnapshot().context.replyJitter).toBe(1199);
    expect(calls.find((c) => c.src === 'chatReply')?.input).toMatchObject({ message: 'Prove it' });
  });

  it('answers a message sent while a reply is on its way once that reply has arrived', async () => {
    const { actor, clock } = start();
    await flush();
    actor.send({ type: 'SEND', text: 'first' });
    // SimulatedClock starts a timer set during a flush from the new time, so each step is advanced on its own.
    clock.increment(500);
    clock.increment(1000);
    await flush();
    actor.send({ type: 'SEND', text: 'impatient' });
    clock.increment(1500);
    await flush();
    expect(actor.getSnapshot().matches({ game: { playing: { conversation: 'replying' } } })).toBe(true);
    clock.increment(2000);
    await flush();
    const senders = actor.getSnapshot().context.messages.map((m) => m.sender);
    expect(senders).toEqual(['other', 'user', 'system', 'RiffLord', 'user', 'RiffLord', 'RiffLord']);
  });
});
