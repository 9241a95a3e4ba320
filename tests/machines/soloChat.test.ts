// @vitest-environment happy-dom
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { soloChatActorsWith, type SoloChatAi } from '../../src/features/games/actors/soloChat.actors';
import { soloChatMachine } from '../../src/features/games/machines/soloChat.machine';
import { loadUsers } from '../../src/shared/people/users';
import { after, done, eachCombination, failed, itCoversTheModel, type StateView } from '../support/modelTest';
import { expectLeftForGames, gameChatLeaveEvents, gameChatLeaveRegion, goingToGames } from '../support/machineGameChat';
import { fullStorage } from '../support/failingStorage';

// Oracles from docs/product.md ("Hot Takes solo chat", its timings), written out: the first message gets a
// reply beginning 'Alright, the results are in!' that points to /continue, the second reveals a generated
// take, later messages get a canned reaction 1-3 s later; back saves a session holding more than the welcome
// to hottakes_chat_logs and goes to /games. The results reply comes 1200 ms after the take (our pacing,
// documented beside SOLO_RESULTS_DELAY_MS: long enough to show the typing line).

// The real actors over the device's sample users and logs; only the AI is a fake.
const generatePersonaHotTake = vi.fn<SoloChatAi['generatePersonaHotTake']>();
const soloChat = soloChatMachine.provide({ actors: soloChatActorsWith({ generatePersonaHotTake }) });

const NOW = 1_700_000_000_000;
const TAKE = 'Pineapple belongs on pizza';
const REACTION = 'The crowd goes wild.';
// A writer that fails falls back to a canned reaction; random 0.5 picks the fifth of the eight.
const FALLBACK_REACTION = 'Bold. Wrong, maybe, but bold. Defend it! 👀';
const REVEALED = { from: 'RiffLord', text: 'Pineapple on pizza is a crime against crust.' };
const PARTNER_FALLBACK = "I'm honestly not sure what to think about that!";
const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';
const RESULTS_OPENING = 'Alright, the results are in!';
// random 0.5: a reaction 1000 + 0.5 × 2001 → 2000 ms after its message (SPEC: 1-3 s).
const input = { now: () => NOW, random: () => 0.5 };

type Snap = SnapshotFrom<typeof soloChatMachine>;
type View = StateView<typeof soloChatMachine>;

function serializeState(s: Snap): string {
  return JSON.stringify({
    value: s.value,
    messages: Math.min(s.context.messages.length, 9),
    owed: Math.min(s.context.repliesOwed, 1),
    pending: s.context.pendingReply,
    saveError: s.context.saveError,
  });
}

const texts = (v: View) => v.context.messages.filter((m) => m.sender === 'user' && m.type === 'text');
const results = (v: View) => v.context.messages.filter((m) => m.text.startsWith(RESULTS_OPENING));
const revealAt = (v: View) => v.context.messages.findIndex((m) => m.sender === REVEALED.from || m.text === PARTNER_FALLBACK);

function always(v: View) {
  expect(v.context.messages[0]).toMatchObject({ id: '1', sender: 'other' });
  expect(texts(v).map((m) => m.text).slice(0, 1)).toEqual(texts(v).length ? [TAKE] : []);
  for (const save of v.env.pending.get('saveLog') ?? []) {
    expect(save.input).toMatchObject({ now: NOW });
    expect((save.input as { messages: unknown[] }).messages.length).toBeGreaterThan(1);
  }
}

const noResultsYet = (v: View) => expect(results(v)).toEqual([]);
const verdictGiven = (v: View) => {
  expect(results(v)).toHaveLength(1);
  expect(results(v)[0]!.text).toContain('/continue');
  // It answers the first take, before anything the user typed after it.
  const at = v.context.messages.indexOf(results(v)[0]!);
  expect(at).toBeGreaterThan(v.context.messages.indexOf(texts(v)[0]!));
  const second = texts(v)[1];
  if (second) expect(at).toBeLessThan(v.context.messages.indexOf(second));
};
// After the reveal, each message gets one canned reaction from 'other'.
function reactions(v: View) {
  const later = v.context.messages.slice(revealAt(v) + 1);
  const got = later.filter((m) => m.sender === 'other');
  for (const m of got) expect([REACTION, FALLBACK_REACTION]).toContain(m.text);
  return { sent: later.filter((m) => m.sender === 'user' && m.type === 'text').length, got };
}

const flow: Record<string, (v: View) => void> = {
  awaitingTake: (v) => {
    expect(texts(v)).toEqual([]);
    expect(v.snapshot.hasTag('replying')).toBe(false);
  },
  judging: (v) => {
    expect(texts(v)).toHaveLength(1);
    noResultsYet(v);
    expect(v.snapshot.hasTag('replying')).toBe(true);
  },
  awaitingContinue: (v) => {
    expect(texts(v)).toHaveLength(1);
    verdictGiven(v);
  },
  revealing: (v) => {
    verdictGiven(v);
    expect(texts(v)).toHaveLength(2);
    expect(v.env.pending.get('revealTake')?.[0]?.input).toEqual({ prompt: TAKE, pick: 0.5 });
    expect(revealAt(v)).toBe(-1);
  },
  'chatting.idle': (v) => {
    verdictGiven(v);
    expect(revealAt(v)).toBeGreaterThan(0);
    const { sent, got } = reactions(v);
    expect(got).toHaveLength(sent);
    expect(v.snapshot.hasTag('replying')).toBe(false);
  },
};
const chattingReplying = (v: View) => {
  verdictGiven(v);
  const { sent, got } = reactions(v);
  expect(got.length + v.context.repliesOwed + 1).toBe(sent);
  expect(v.snapshot.hasTag('replying')).toBe(true);
};
flow['chatting.replying.waiting'] = chattingReplying;
flow['chatting.replying.due'] = chattingReplying;

const states: Record<string, (v: View) => void> = {
  left: (v) => {
    always(v);
    expectLeftForGames(v);
  },
  ...eachCombination('open', { flow, leave: gameChatLeaveRegion }, always),
};

describe('solo Hot Takes chat machine (model-based)', () => {
  itCoversTheModel('every state, transition and guard outcome: verdict at 1200 ms, /continue reveal, reactions at 2000 ms, save on back', {
    machine: soloChatMachine,
    input,
    limit: 2000,
    serializeState,
    compareContext: false,
    delays: { resultsDelay: 1200, replyDelay: 2000 },
    events: [
      { type: 'SEND', text: TAKE },
      { type: 'SEND', text: '   ' },
      { type: 'EMOJI', emoji: '🔥' },
      after('resultsDelay'),
      done('revealTake', REVEALED),
      failed('revealTake', new Error('no persona')),
      after('replyDelay'),
      done('writeReply', REACTION),
      failed('writeReply', new Error('no reaction')),
      ...gameChatLeaveEvents,
    ],
    provide: goingToGames,
    states,
  }, { guards: 5 }, 120_000);
});

describe('solo Hot Takes chat with its real actors', () => {
  beforeEach(() => {
    localStorage.clear();
    generatePersonaHotTake.mockReset();
  });
  afterEach(() => localStorage.clear());

  async function settle() {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  }

  /** The take sent on a simulated clock, its verdict 1200 ms later, then /continue and the reveal settled. */
  async function revealedOnTheClock(input: { now: () => number; random: () => number }) {
    const clock = new SimulatedClock();
    const actor = createActor(soloChat, { clock, input }).start();
    actor.send({ type: 'SEND', text: TAKE });
    clock.increment(1200);
    actor.send({ type: 'SEND', text: '/continue' });
    await settle();
    return { actor, clock };
  }

  it('runs the /continue flow on a simulated clock and saves the session to hottakes_chat_logs', async () => {
    generatePersonaHotTake.mockResolvedValue('Hot take: pizza toppings are a personality test.');
    const clock = new SimulatedClock();
    const navigate = vi.fn();
    let t = NOW;
    const actor = createActor(soloChat.provide({ actions: { goToGames: navigate } }), {
      clock,
      input: { now: () => (t += 1), random: () => 0 },
    }).start();
    const last = () => actor.getSnapshot().context.messages.at(-1);

    actor.send({ type: 'SEND', text: TAKE });
    clock.increment(1199);
    expect(last()?.text).toBe(TAKE);
    clock.increment(1);
    expect(last()?.text.startsWith(RESULTS_OPENING)).toBe(true);
    expect(last()?.sender).toBe('other');

    actor.send({ type: 'SEND', text: '/continue' });
    await settle();
    // random 0 picks the first seeded sample user; the take answers the user's first message.
    expect(generatePersonaHotTake).toHaveBeenCalledWith(
      expect.objectContaining({
        username: 'RiffLord',
        personality: 'Loud, loyal and allergic to half-measures. Thinks every boss fight deserves a breakdown riff.',
        prompt: TAKE,
      }),
    );
    expect(actor.getSnapshot().context.messages.at(-2)).toMatchObject({
      sender: 'other',
      text: "The verdict is back! Here's what RiffLord had to say about your take:",
    });
    expect(last()).toMatchObject({ sender: 'RiffLord', text: 'Hot take: pizza toppings are a personality test.' });

    // random 0: the canned reaction lands 1000 ms after the message, not a millisecond before (SPEC: 1-3 s).
    actor.send({ type: 'SEND', text: 'Fight me' });
    await settle();
    clock.increment(999);
    await settle();
    expect(last()?.text).toBe('Fight me');
    clock.increment(1);
    await settle();
    expect(last()).toMatchObject({ sender: 'other', text: "Ooh, that's a bold one. The crowd is split right down the middle! 🔥" });

    actor.send({ type: 'EMOJI', emoji: '💯' });
    actor.send({ type: 'BACK' });
    await settle();
    expect(navigate).toHaveBeenCalledTimes(1);
    const [log] = JSON.parse(localStorage.getItem('hottakes_chat_logs') ?? '[]') as { summary: string; messages: { text: string }[]; partner?: string }[];
    // Welcome, take, verdict, /continue, intro, revealed take, 'Fight me', reaction, emoji: 8 beyond the welcome.
    expect(log?.summary).toBe('Hot Takes session with 8 messages');
    expect(log?.messages.map((m) => m.text)).toContain('/continue');
    expect(log?.partner).toBeUndefined();
  });

  it("never reveals the user's own take: with the user stored first, random 0 picks the next sample user", async () => {
    generatePersonaHotTake.mockResolvedValue('A take.');
    // The 25 sample users as the app seeds them; then the first of them becomes the current user.
    const users = loadUsers();
    localStorage.setItem('mycelius_users', JSON.stringify([{ ...users[0], id: 'user-current' }, ...users.slice(1)]));
    const { actor } = await revealedOnTheClock({ now: () => NOW, random: () => 0 });
    expect(generatePersonaHotTake).toHaveBeenCalledWith(expect.objectContaining({ username: 'PixelPoet', prompt: TAKE }));
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'PixelPoet', text: 'A take.' });
  });

  it('the latest reaction comes 3000 ms after its message when the random source is at its top', async () => {
    generatePersonaHotTake.mockResolvedValue('A take.');
    const { actor, clock } = await revealedOnTheClock({ now: () => NOW, random: () => 0.99999 });
    actor.send({ type: 'SEND', text: 'Fight me' });
    await settle();
    clock.increment(2999);
    await settle();
    expect(actor.getSnapshot().context.messages.at(-1)?.text).toBe('Fight me');
    clock.increment(1);
    await settle();
    // The top of the random source picks the last of the eight reactions.
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'other', text: 'Say that again, louder, for the people in the back! 📣' });
  });

  it('a take that cannot be generated is answered by the partner fallback line, from the other side', async () => {
    generatePersonaHotTake.mockRejectedValue(new Error('AI down'));
    const { actor } = await revealedOnTheClock(input);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'other', text: PARTNER_FALLBACK });
    expect(actor.getSnapshot().matches({ open: { flow: { chatting: 'idle' } } })).toBe(true);
  });

  it('keeps every message and shows the storage-full text when the log cannot be written', async () => {
    const navigate = vi.fn();
    const full = fullStorage();
    const actor = createActor(soloChat.provide({ actions: { goToGames: navigate } }), { input }).start();
    actor.send({ type: 'SEND', text: TAKE });
    vi.stubGlobal('localStorage', full);
    try {
      actor.send({ type: 'BACK' });
      await settle();
    } finally {
      vi.unstubAllGlobals();
    }
    const snapshot = actor.getSnapshot();
    expect(navigate).not.toHaveBeenCalled();
    expect(snapshot.context.saveError).toBe(STORAGE_FULL);
    expect(snapshot.context.messages.map((m) => m.text).slice(1)).toEqual([TAKE]);
  });

  it('leaves a bare welcome unsaved', async () => {
    const navigate = vi.fn();
    const actor = createActor(soloChat.provide({ actions: { goToGames: navigate } }), { input }).start();
    actor.send({ type: 'SEND', text: '   ' });
    actor.send({ type: 'BACK' });
    await settle();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('hottakes_chat_logs')).toBeNull();
  });
});
