import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BOT_REPLIES, BOT_GAME_IDS } from '../../src/domain/botReplies';
import { WELCOME_MESSAGE_ID } from '../../src/domain/chat';
import { AppError } from '../../src/domain/errors';
import { GAMES } from '../../src/domain/games';
import { messages as texts } from '../../src/domain/messages';
import { botGameMachine, type SaveChatLogInput } from '../../src/machines/botGame.machine';
import { runModel } from '../support/modelTest';

const NOW = 1_767_225_600_000;
const input = { game: 'killmyvibe' as const, now: () => NOW, random: () => 0.25 };
type Snap = SnapshotFrom<typeof botGameMachine>;

const serializeState = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    messages: Math.min(s.context.messages.length, 4),
    pending: Math.min(s.context.pendingReplies, 2),
    error: s.context.error,
  });

describe('bot game machine (model-based)', () => {
  it('every state and transition: sends get replies, emojis none, back saves only real sessions', async () => {
    const count = await runModel({
      machine: botGameMachine,
      input,
      serializeState,
      // The capped model merges snapshots whose message lists differ; the checks below count the messages.
      compareContext: false,
      events: [
        { type: 'SEND', text: ' hi there ' },
        { type: 'SEND', text: ' \n ' },
        { type: 'EMOJI', emoji: '🔥' },
        { type: 'BACK' },
        { type: 'RETRY' },
        { type: 'LEAVE' },
        { type: 'DISMISS' },
        { type: 'xstate.after.replyDelay.botGame.chatting.replying' },
        { type: 'xstate.done.actor.saveChatLog' },
        { type: 'xstate.error.actor.saveChatLog', error: new AppError('STORAGE_FULL') },
      ],
      provide: (env) => ({ actions: { goToGames: () => env.record('navigate', '/games') } }),
      check: ({ env, snapshot, path }) => {
        const { messages, pendingReplies } = snapshot.context;
        expect(messages[0]).toMatchObject({ id: WELCOME_MESSAGE_ID, sender: 'other', text: GAMES.killmyvibe.welcome });
        const userTexts = messages.filter((m) => m.sender === 'user' && m.type === 'text');
        const replies = messages.filter((m) => m.sender === 'other' && m.id !== WELCOME_MESSAGE_ID);
        for (const m of userTexts) expect(m.text).toBe(' hi there '); // untrimmed; blanks never appended
        for (const m of replies) expect(BOT_REPLIES.killmyvibe).toContain(m.text);
        for (const m of messages.filter((x) => x.type === 'emoji')) expect(m).toMatchObject({ sender: 'user', text: '🔥' });
        expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
        // What the path did, step by step: each event counted only where the state before it handles it.
        const before = (i: number) => (i === 0 ? null : (path.steps[i - 1]!.state));
        const handled = (type: string, text?: string) =>
          path.steps.filter((step, i) => {
            const e = step.event as { type: string; text?: string };
            return e.type === type && (text === undefined || e.text === text) && before(i)?.matches('chatting');
          }).length;
        expect(userTexts).toHaveLength(handled('SEND', ' hi there '));
        expect(messages.filter((m) => m.type === 'emoji')).toHaveLength(handled('EMOJI'));
        expect(replies).toHaveLength(path.steps.filter((st) => st.event.type.startsWith('xstate.after.')).length);
        // Nothing is lost while chatting: every user text has a reply or one still queued.
        if (snapshot.matches('chatting')) expect(replies.length + pendingReplies).toBe(userTexts.length);
        if (snapshot.matches({ chatting: 'replying' })) expect(pendingReplies).toBeGreaterThan(0);
        if (snapshot.matches({ chatting: 'idle' })) expect(pendingReplies).toBe(0);
        const navigations = env.effects.filter((e) => e.type === 'navigate');
        expect(navigations).toEqual(snapshot.matches('left') ? [{ type: 'navigate', payload: '/games' }] : []);
        expect(snapshot.context.error).toBe(snapshot.matches('saveFailed') ? texts.storage.full : null);
        const saves = env.pending.get('saveChatLog') ?? [];
        for (const save of saves) {
          const saved = save.input as SaveChatLogInput;
          expect(saved.game).toBe('killmyvibe');
          expect(saved.messages.length).toBeGreaterThan(1);
          expect(saved.now).toBe(NOW);
        }
        const leftWithoutSession = snapshot.matches('left') && path.steps.every((s) => !(s.state).matches('saving'));
        if (leftWithoutSession) expect(messages).toHaveLength(1);
      },
    });
    expect(count).toBeGreaterThan(20);
  });
});

function start(random: () => number) {
  const clock = new SimulatedClock();
  const actor = createActor(botGameMachine, { clock, input: { game: 'fightclub', now: () => NOW, random } });
  actor.start();
  return { clock, actor, others: () => actor.getSnapshot().context.messages.filter((m) => m.sender === 'other').length };
}

describe('bot game timing', () => {
  it.each([
    [0, 1000],
    [0.5, 2000],
    [0.99999, 3000],
  ])('random %f: the reply arrives %i ms after the send, not before', (r, due) => {
    const { clock, actor, others } = start(() => r);
    actor.send({ type: 'SEND', text: 'Goku vs Superman' });
    expect(actor.getSnapshot().matches({ chatting: 'replying' })).toBe(true);
    clock.increment(due - 1);
    expect(others()).toBe(1);
    clock.increment(1);
    expect(others()).toBe(2);
    expect(actor.getSnapshot().matches({ chatting: 'idle' })).toBe(true);
    actor.stop();
  });

  it('three quick sends get three replies, one after another', () => {
    const { clock, actor, others } = start(() => 0);
    for (const text of ['a', 'b', 'c']) actor.send({ type: 'SEND', text });
    for (let i = 1; i <= 3; i += 1) {
      clock.increment(1000);
      expect(others()).toBe(1 + i);
    }
    expect(actor.getSnapshot().context.pendingReplies).toBe(0);
    expect(actor.getSnapshot().matches({ chatting: 'idle' })).toBe(true);
    actor.stop();
  });
});

describe('bot replies', () => {
  it('every bot game has six distinct replies, and no reply for Hot Takes', () => {
    expect([...BOT_GAME_IDS].sort()).toEqual(Object.keys(GAMES).filter((g) => g !== 'hottakes').sort());
    for (const game of BOT_GAME_IDS) expect(new Set(BOT_REPLIES[game]).size).toBe(6);
  });
});
