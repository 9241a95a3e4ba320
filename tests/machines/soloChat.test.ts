// @vitest-environment happy-dom
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { messages } from '../../src/domain/messages';
import {
  SOLO_REACTIONS,
  SOLO_RESULTS_DELAY_MS,
  SOLO_RESULTS_REPLY,
  SOLO_WELCOME,
  revealIntro,
} from '../../src/domain/soloReactions';
import { soloChatMachine } from '../../src/machines/soloChat.machine';
import { chatLogsKey } from '../../src/storage/chatLogs';
import { runModel } from '../support/modelTest';

const generatePersonaHotTake = vi.hoisted(() => vi.fn());
vi.mock('../../src/services/ai', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/ai')>()),
  generatePersonaHotTake,
}));

const NOW = 1_700_000_000_000;
const now = () => NOW;
// 0.5 → a 1000 ms jitter: every reaction lands 2000 ms after it is scheduled.
const random = () => 0.5;
const TAKE = 'Pineapple belongs on pizza';
const REVEALED = { from: 'RiffLord', text: 'Pineapple on pizza is a crime against crust.' };

const events = [
  { type: 'SEND', text: TAKE },
  { type: 'SEND', text: '   ' },
  { type: 'EMOJI', emoji: '🔥' },
  { type: 'BACK' },
  { type: 'DISMISS' },
  { type: 'LEAVE' },
  { type: 'xstate.after.resultsDelay.soloChat.chat.flow.judging' },
  { type: 'xstate.done.actor.revealTake', output: REVEALED },
  { type: 'xstate.error.actor.revealTake', error: new Error('unexpected') },
  { type: 'xstate.after.reactionDelay.soloChat.chat.flow.chatting.reacting' },
  { type: 'xstate.done.actor.saveLog' },
  { type: 'xstate.error.actor.saveLog', error: new AppError('STORAGE_FULL') },
];

type Snapshot = SnapshotFrom<typeof soloChatMachine>;

// Messages grow without bound; the model tells states apart only by what changes behaviour.
function serializeState(s: Snapshot): string {
  return JSON.stringify({
    value: s.value,
    hasUser: s.context.messages.some((m) => m.sender === 'user'),
    owes: Math.min(s.context.pendingReactions, 1),
    saveError: s.context.saveError !== null,
  });
}

describe('solo Hot Takes chat machine (model-based)', () => {
  it('reaches every state and transition: verdict, /continue reveal, reactions, save on back', async () => {
    const count = await runModel({
      machine: soloChatMachine,
      input: { now, random },
      events,
      serializeState,
      // The capped model merges snapshots whose message lists differ; the checks below assert the messages.
      compareContext: false,
      provide: (env) => ({ actions: { goToGames: () => env.record('navigate', '/games') } }),
      check: ({ env, snapshot, path }) => {
        const types = path.steps.map((s) => s.event.type);
        const msgs = snapshot.context.messages;
        expect(msgs[0]).toMatchObject({ id: '1', sender: 'other', text: SOLO_WELCOME });
        const userCount = msgs.filter((m) => m.sender === 'user').length;

        // The verdict follows the first take; the reveal follows the second message.
        if (types.includes('xstate.after.resultsDelay.soloChat.chat.flow.judging')) {
          const verdict = msgs.find((m) => m.text === SOLO_RESULTS_REPLY);
          expect(verdict?.sender).toBe('other');
          expect(verdict?.text.startsWith('Alright, the results are in!')).toBe(true);
          expect(verdict?.text).toContain('/continue');
        }
        for (const d of env.pending.get('revealTake') ?? []) expect(d.input).toEqual({ prompt: TAKE, pick: 0.5 });
        if (types.includes('xstate.done.actor.revealTake')) {
          expect(msgs).toEqual(
            expect.arrayContaining([
              expect.objectContaining({ sender: 'other', text: revealIntro('RiffLord') }),
              expect.objectContaining({ sender: 'RiffLord', text: REVEALED.text }),
            ]),
          );
        }
        if (types.includes('xstate.error.actor.revealTake')) {
          expect(msgs.some((m) => m.text === messages.ai.partnerHotTakeFallback)).toBe(true);
        }
        for (const m of msgs.filter((x) => x.sender === 'other' && x.id !== '1')) {
          const known = [SOLO_RESULTS_REPLY, revealIntro('RiffLord'), messages.ai.partnerHotTakeFallback, ...SOLO_REACTIONS];
          expect(known).toContain(m.text);
        }
        for (const m of msgs.filter((x) => x.type === 'emoji')) expect(m).toMatchObject({ sender: 'user', text: '🔥' });

        // Leaving: a session with user messages is saved before /games; a bare welcome is not saved at all.
        const saves = env.pending.get('saveLog') ?? [];
        if (snapshot.status === 'done') {
          expect(env.effects).toEqual([{ type: 'navigate', payload: '/games' }]);
          // Leave-without-saving starts no save: every save on such a path is one that failed before.
          if (types.at(-1) === 'LEAVE') expect(saves.length).toBe(types.filter((t) => t === 'xstate.error.actor.saveLog').length);
          else expect(saves.length > 0).toBe(userCount > 0);
          // What is saved is the session as it stood when back was pressed.
          const saved = saves.at(-1)?.input as { messages: typeof msgs; now: number } | undefined;
          if (saved) expect(saved).toEqual({ messages: msgs.slice(0, saved.messages.length), now: NOW });
        } else {
          expect(env.effects).toEqual([]);
        }
        if (types.at(-1) === 'xstate.error.actor.saveLog') {
          expect(snapshot.context.saveError).toBe(messages.storage.full);
          expect(snapshot.matches('chat')).toBe(true);
          // The conversation stays in the step it was in while the save was tried.
          const before = path.steps.at(-2)!.state.value as { chat: { flow: unknown } };
          expect(snapshot.value).toEqual({ chat: { flow: before.chat.flow, exit: 'staying' } });
        }
        if (types.at(-1) === 'DISMISS') expect(snapshot.context.saveError).toBeNull();
        if (snapshot.matches({ chat: { flow: { chatting: 'reacting' } } })) expect(snapshot.context.replyJitter).toBe(1000);
      },
    });
    expect(count).toBeGreaterThan(20);
  });
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

  it('runs the /continue flow on a simulated clock and saves the session to hottakes_chat_logs', async () => {
    generatePersonaHotTake.mockResolvedValue('Hot take: pizza toppings are a personality test.');
    const clock = new SimulatedClock();
    const navigate = vi.fn();
    let t = NOW;
    const actor = createActor(soloChatMachine.provide({ actions: { goToGames: navigate } }), {
      clock,
      input: { now: () => (t += 1), random: () => 0 },
    }).start();

    actor.send({ type: 'SEND', text: TAKE });
    expect(actor.getSnapshot().matches({ chat: { flow: 'judging' } })).toBe(true);
    clock.increment(SOLO_RESULTS_DELAY_MS);
    expect(actor.getSnapshot().context.messages.at(-1)?.text).toBe(SOLO_RESULTS_REPLY);

    actor.send({ type: 'SEND', text: '/continue' });
    await settle();
    const afterReveal = actor.getSnapshot().context.messages;
    // random 0 picks the first seeded sample user; the take answers the user's first message.
    expect(generatePersonaHotTake).toHaveBeenCalledWith(expect.objectContaining({ username: 'RiffLord', prompt: TAKE }));
    expect(afterReveal.at(-1)).toMatchObject({ sender: 'RiffLord', text: 'Hot take: pizza toppings are a personality test.' });

    actor.send({ type: 'SEND', text: 'Fight me' });
    clock.increment(999);
    expect(actor.getSnapshot().context.messages.at(-1)?.text).toBe('Fight me');
    clock.increment(1);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'other', text: SOLO_REACTIONS[0] });

    actor.send({ type: 'EMOJI', emoji: '💯' });
    actor.send({ type: 'BACK' });
    await settle();
    expect(navigate).toHaveBeenCalledTimes(1);
    const [log] = chatLogsKey('hottakes').read();
    // Welcome, take, verdict, /continue, intro, revealed take, 'Fight me', reaction, emoji: 8 beyond the welcome.
    expect(log?.summary).toBe('Hot Takes session with 8 messages');
    expect(log?.messages.map((m) => m.text)).toContain('/continue');
    expect(log?.partner).toBeUndefined();
  });

  it('keeps every message and shows the storage-full text when the log cannot be written', async () => {
    const clock = new SimulatedClock();
    const navigate = vi.fn();
    // A storage whose quota is used up: reads work, every write fails as a full browser storage does.
    const full: Storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
      key: () => null,
      length: 0,
      clear: () => undefined,
    };
    const actor = createActor(soloChatMachine.provide({ actions: { goToGames: navigate } }), {
      clock,
      input: { now, random },
    }).start();
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
    expect(snapshot.context.saveError).toBe(messages.storage.full);
    expect(snapshot.matches({ chat: { flow: 'judging', exit: 'staying' } })).toBe(true);
    expect(snapshot.context.messages.map((m) => m.text)).toEqual([SOLO_WELCOME, TAKE]);
  });

  it('leaves a bare welcome unsaved', async () => {
    const navigate = vi.fn();
    const actor = createActor(soloChatMachine.provide({ actions: { goToGames: navigate } }), { input: { now, random } }).start();
    actor.send({ type: 'SEND', text: '   ' });
    actor.send({ type: 'BACK' });
    await settle();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('hottakes_chat_logs')).toBeNull();
  });
});
