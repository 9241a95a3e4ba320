import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BOT_REPLIES, BOT_GAME_IDS } from '../../src/domain/botReplies';
import { GAMES } from '../../src/domain/games';
import { botGameMachine } from '../../src/features/games/machines/botGame.machine';
import { after, done, eachCombination, failed, itCoversTheModel, type StateView } from '../support/modelTest';
import { expectLeftForGames, gameChatLeaveEvents, gameChatLeaveRegion, goingToGames } from '../support/machineGameChat';

// Oracles are docs/product.md's words, written out: a bot reply 1000 ms + random 0-2000 ms after the send, an emoji
// gets no reply, back saves the session only when it holds more than one message, then goes to /games.

const NOW = 1_767_225_600_000;
const WELCOME = 'Welcome to Kill My Vibe! Tell me what you listen to and brace yourself. 💀';
const REPLY = 'Your playlist called, it wants a refund.';
// A writer that fails falls back to a canned reply; random 0.25 picks the second of the six.
const FALLBACK = 'That taste is so mainstream it has its own billboard. Next! 🔥';
type Snap = SnapshotFrom<typeof botGameMachine>;
type View = StateView<typeof botGameMachine>;

// random 0.25: the reply delay is 1000 + 0.25 × 2001 → 1500 ms (SPEC: 1000 ms plus random 0-2000 ms).
const input = { game: 'killmyvibe' as const, now: () => NOW, random: () => 0.25 };

const serializeState = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    messages: Math.min(s.context.messages.length, 4),
    owed: Math.min(s.context.repliesOwed, 2),
    pending: s.context.pendingReply,
    saveError: s.context.saveError,
  });

const users = (v: View) => v.context.messages.filter((m) => m.sender === 'user' && m.type === 'text');
const emojis = (v: View) => v.context.messages.filter((m) => m.type === 'emoji');
const replies = (v: View) => v.context.messages.slice(1).filter((m) => m.sender === 'other');

/** Holds in every state: the welcome opens the chat, texts stay untrimmed, blanks are dropped, replies carry the writer's text. */
function always(v: View) {
  expect(v.context.messages[0]).toMatchObject({ id: '1', sender: 'other', text: WELCOME });
  for (const m of users(v)) expect(m.text).toBe(' roast me ');
  for (const m of emojis(v)) expect(m).toMatchObject({ sender: 'user', text: '🔥' });
  for (const m of replies(v)) expect([REPLY, FALLBACK]).toContain(m.text);
  expect(new Set(v.context.messages.map((m) => m.id)).size).toBe(v.context.messages.length);
  for (const save of v.env.pending.get('saveLog') ?? []) {
    expect(save.input).toMatchObject({ game: 'killmyvibe', now: NOW });
    expect((save.input as { messages: unknown[] }).messages.length).toBeGreaterThan(1);
  }
}

// Every text sent has its reply: none is lost, none is doubled.
const idle = (v: View) => {
  expect(v.snapshot.hasTag('replying')).toBe(false);
  expect(replies(v)).toHaveLength(users(v).length);
};
// One reply is on its way and the owed ones wait behind it: nothing a user sent is lost.
const replying = (v: View) => {
  expect(v.snapshot.hasTag('replying')).toBe(true);
  expect(replies(v).length + v.context.repliesOwed + 1).toBe(users(v).length);
  expect(v.env.pending.get('writeReply')?.at(-1)?.input).toEqual({ game: 'killmyvibe', pick: 0.25 });
};
const states: Record<string, (v: View) => void> = {
  left: (v) => {
    always(v);
    expectLeftForGames(v);
  },
  ...eachCombination('open', { talk: { idle, 'replying.waiting': replying, 'replying.due': replying }, leave: gameChatLeaveRegion }, always),
};

describe('bot game machine (model-based)', () => {
  itCoversTheModel('every state, transition and guard outcome: sends get replies after 1500 ms, emojis none, back saves real sessions', {
    machine: botGameMachine,
    input,
    limit: 400,
    serializeState,
    compareContext: false,
    delays: { replyDelay: 1500 },
    events: [
      { type: 'SEND', text: ' roast me ' },
      { type: 'SEND', text: ' \n ' },
      { type: 'EMOJI', emoji: '🔥' },
      after('replyDelay'),
      done('writeReply', REPLY),
      failed('writeReply', new Error('no reply')),
      ...gameChatLeaveEvents,
    ],
    provide: goingToGames,
    states,
  }, { states: 12, transitions: 12, guards: 3 }, 60_000);
});

function start(random: () => number) {
  const clock = new SimulatedClock();
  const actor = createActor(botGameMachine, { clock, input: { game: 'fightclub', now: () => NOW, random } });
  actor.start();
  const others = () => actor.getSnapshot().context.messages.filter((m) => m.sender === 'other').length;
  return { clock, actor, others };
}

async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

describe('bot game timing (docs/product.md: 1000 ms plus random 0-2000 ms)', () => {
  it.each([
    [0, 1000],
    [0.5, 2000],
    [0.99999, 3000],
  ])('random %f: the reply arrives %i ms after the send, not a millisecond before', async (r, due) => {
    const { clock, actor, others } = start(() => r);
    actor.send({ type: 'SEND', text: 'Goku vs Superman' });
    await flush();
    expect(actor.getSnapshot().hasTag('replying')).toBe(true);
    clock.increment(due - 1);
    await flush();
    expect(others()).toBe(1);
    clock.increment(1);
    await flush();
    expect(others()).toBe(2);
    expect(BOT_REPLIES.fightclub).toContain(actor.getSnapshot().context.messages.at(-1)!.text);
    expect(actor.getSnapshot().hasTag('replying')).toBe(false);
    actor.stop();
  });

  it('three quick sends get three replies, one after another, each 1000 ms after the previous', async () => {
    const { clock, actor, others } = start(() => 0);
    for (const text of ['a', 'b', 'c']) actor.send({ type: 'SEND', text });
    await flush();
    for (let i = 1; i <= 3; i += 1) {
      clock.increment(999);
      await flush();
      expect(others()).toBe(i);
      clock.increment(1);
      await flush();
      expect(others()).toBe(1 + i);
    }
    expect(actor.getSnapshot().hasTag('replying')).toBe(false);
    actor.stop();
  });

  it('an emoji is added at once and gets no reply', async () => {
    const { clock, actor, others } = start(() => 0);
    actor.send({ type: 'EMOJI', emoji: '🥊' });
    clock.increment(5000);
    await flush();
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'user', text: '🥊', type: 'emoji' });
    expect(others()).toBe(1);
    actor.stop();
  });
});

describe('bot replies', () => {
  it('every bot game has six distinct replies, and no reply for Hot Takes', () => {
    expect([...BOT_GAME_IDS].sort()).toEqual(Object.keys(GAMES).filter((g) => g !== 'hottakes').sort());
    for (const game of BOT_GAME_IDS) expect(new Set(BOT_REPLIES[game]).size).toBe(6);
  });
});
