// @vitest-environment happy-dom
import { createActor, type SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { friendGreeting } from '../../src/domain/friendChat';
import { messages } from '../../src/domain/messages';
import type { User } from '../../src/domain/user';
import { friendChatMachine, type FriendReplyInput } from '../../src/machines/friendChat.machine';
import { runModel } from '../support/modelTest';

const generateFriendChatReply = vi.hoisted(() => vi.fn());
vi.mock('../../src/services/ai', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/ai')>()),
  generateFriendChatReply,
}));

const NOW = 1_700_000_000_000;
const now = () => NOW;
const random = () => 0.4;
const RIFF: User = {
  id: 'user-1',
  username: 'RiffLord',
  email: 'rifflord@example.com',
  interests: ['Metal', 'Elden Ring'],
  personality: 'Loud, loyal and allergic to half-measures.',
  communities: ['Seattle'],
};
const QUESTION = 'What are you playing?';
const REPLY = 'Elden Ring, obviously. Again.';

const events = [
  { type: 'xstate.done.actor.loadFriend', output: RIFF },
  { type: 'xstate.done.actor.loadFriend', output: null },
  { type: 'xstate.error.actor.loadFriend', error: new Error('broken') },
  { type: 'RETRY' },
  { type: 'SEND', text: QUESTION },
  { type: 'SEND', text: ' \n ' },
  { type: 'EMOJI', emoji: '😂' },
  { type: 'BACK' },
  { type: 'xstate.done.actor.reply', output: REPLY },
  { type: 'xstate.error.actor.reply', error: new Error('unexpected') },
];

type Snapshot = SnapshotFrom<typeof friendChatMachine>;

function serializeState(s: Snapshot): string {
  return JSON.stringify({
    value: s.value,
    friend: s.context.friend !== null,
    owed: s.context.replyOwed,
    error: s.context.error !== null,
  });
}

describe('friend chat machine (model-based)', () => {
  it('reaches every state and transition: greeting first, persona replies, canned fallback, back to /friends', async () => {
    const count = await runModel({
      machine: friendChatMachine,
      input: { friendId: 'user-1', now, random },
      events,
      serializeState,
      // The capped model merges snapshots whose message lists differ; the checks below assert the messages.
      compareContext: false,
      provide: (env) => ({ actions: { goToFriends: () => env.record('navigate', '/friends') } }),
      check: ({ env, snapshot, path }) => {
        const types = path.steps.map((s) => s.event.type);
        const msgs = snapshot.context.messages;
        for (const d of env.pending.get('loadFriend') ?? []) expect(d.input).toEqual({ friendId: 'user-1' });

        if (snapshot.context.friend) {
          expect(msgs[0]).toEqual({
            id: '1',
            sender: 'other',
            text: friendGreeting(RIFF),
            timestamp: new Date(NOW).toISOString(),
            type: 'text',
          });
        } else {
          expect(msgs).toEqual([]);
        }
        if (snapshot.matches('notFound')) expect(snapshot.context.friend).toBeNull();
        if (snapshot.matches('failed')) expect(snapshot.context.error).toBe(messages.social.usersLoadFailed);

        // Each reply request answers the newest user text, with at most 5 earlier messages, names instead of 'other'.
        for (const d of env.pending.get('reply') ?? []) {
          const input = d.input as FriendReplyInput;
          expect(input.friend).toEqual(RIFF);
          expect(input.message).toBe(QUESTION);
          expect(input.history.length).toBeLessThanOrEqual(5);
          expect(input.history[0]).toEqual({ sender: 'RiffLord', text: friendGreeting(RIFF) });
          for (const turn of input.history) expect(['user', 'RiffLord']).toContain(turn.sender);
          expect(input.random).toBe(random);
        }
        const replies = msgs.filter((m) => m.sender === 'other' && m.id !== '1').map((m) => m.text);
        for (const text of replies) expect([REPLY, ...messages.ai.friendChatFallbacks]).toContain(text);
        if (types.at(-1) === 'xstate.done.actor.reply') expect(replies.at(-1)).toBe(REPLY);
        // random 0.4 picks the third of docs/product.md's six canned replies.
        if (types.at(-1) === 'xstate.error.actor.reply') expect(replies.at(-1)).toBe(messages.ai.friendChatFallbacks[2]);
        for (const m of msgs.filter((x) => x.type === 'emoji')) expect(m).toMatchObject({ sender: 'user', text: '😂' });
        expect(msgs.some((m) => m.text.trim() === '')).toBe(false);

        // Back always lands on /friends and nothing is written.
        if (snapshot.status === 'done') expect(env.effects).toEqual([{ type: 'navigate', payload: '/friends' }]);
        else expect(env.effects).toEqual([]);
        expect(localStorage.length).toBe(0);
      },
    });
    expect(count).toBeGreaterThan(15);
  });
});

describe('friend chat with its real actors', () => {
  beforeEach(() => {
    localStorage.clear();
    generateFriendChatReply.mockReset();
  });
  afterEach(() => localStorage.clear());

  async function settle() {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  }

  function start(friendId: string) {
    const navigate = vi.fn();
    const actor = createActor(friendChatMachine.provide({ actions: { goToFriends: navigate } }), {
      input: { friendId, now, random },
    }).start();
    return { actor, navigate };
  }

  it('loads a seeded friend, greets in their name and sends the last 5 messages with each message', async () => {
    generateFriendChatReply.mockImplementation(async (req: { message: string }) => `You said: ${req.message}`);
    const { actor } = start('user-2');
    await settle();
    const greeting = actor.getSnapshot().context.messages[0]!;
    expect(greeting).toMatchObject({ id: '1', sender: 'other' });
    expect(greeting.text).toContain('PixelPoet');

    for (const text of ['one', 'two', 'three']) {
      actor.send({ type: 'SEND', text });
      expect(actor.getSnapshot().matches({ chat: 'replying' })).toBe(true);
      await settle();
    }
    // Sent while the friend is typing: answered by one more reply, to the newest message.
    actor.send({ type: 'SEND', text: 'four' });
    actor.send({ type: 'EMOJI', emoji: '😂' });
    actor.send({ type: 'SEND', text: '  five, untrimmed  ' });
    await settle();
    await settle();

    const calls = generateFriendChatReply.mock.calls;
    expect(calls).toHaveLength(5);
    const [req, pickFallback] = calls.at(-1)!;
    expect(pickFallback).toBe(random);
    expect(req).toMatchObject({ username: 'PixelPoet', message: '  five, untrimmed  ' });
    expect(req.personality).toMatch(/haiku/);
    // The newest message travels as `message`; the friend's reply to 'four', which landed after it, is history.
    expect(req.messages).toEqual([
      { sender: 'user', text: 'three' },
      { sender: 'PixelPoet', text: 'You said: three' },
      { sender: 'user', text: 'four' },
      { sender: 'user', text: '😂' },
      { sender: 'PixelPoet', text: 'You said: four' },
    ]);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ sender: 'other', text: 'You said:   five, untrimmed  ' });
    expect(actor.getSnapshot().matches({ chat: 'idle' })).toBe(true);
  });

  it('shows not-found for an unknown id and goes back to /friends without saving anything', async () => {
    const { actor, navigate } = start('user-404');
    await settle();
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
    actor.send({ type: 'BACK' });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(Object.keys(localStorage).filter((k) => k.endsWith('_chat_logs'))).toEqual([]);
  });
});
