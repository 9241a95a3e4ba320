// @vitest-environment happy-dom
import { createActor, type SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/domain/user';
import { friendChatWith, type FriendChatAi } from '../../src/features/chat/actors/friendChat.actors';
import { friendChatMachine, replyInput, type FriendReplyInput } from '../../src/features/chat/machines/friendChat.machine';
import { fullStorage } from '../support/failingStorage';
import { done, failed, isDone, isFailed, itCoversTheModel, type StateView } from '../support/modelTest';

// The real IO over the device's sample people and kept conversations; only the AI is a fake.
const generateFriendChatReply = vi.fn<FriendChatAi['generateFriendChatReply']>();
const io = friendChatWith({ generateFriendChatReply });
const friendChat = friendChatMachine.provide(io);

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

const GREETING = "Oh hey! RiffLord here. 😄 Perfect timing, I was just thinking about Metal. What's new with you?";
const USERS_LOAD_FAILED = 'Could not load other users. Please try again.';
// docs/product.md: a failed friend reply is one of six canned replies; random 0.4 picks the third.
const FALLBACK = 'Tell me more about that!';

// A conversation kept from an earlier visit (friend_chat_user-1).
const SAVED = [
  { id: '1', sender: 'other', text: 'Welcome back!', timestamp: '2026-11-23T20:00:00.000Z', type: 'text' },
  { id: '2', sender: 'user', text: 'Hi again', timestamp: '2026-11-23T20:00:01.000Z', type: 'text' },
];

const events = [
  done('loadFriend', { friend: RIFF, saved: [] }),
  done('loadFriend', { friend: RIFF, saved: SAVED }),
  done('loadFriend', null),
  failed('loadFriend', new Error('broken')),
  { type: 'RETRY' },
  { type: 'SEND', text: QUESTION },
  { type: 'SEND', text: ' \n ' },
  { type: 'EMOJI', emoji: '😂' },
  { type: 'BACK' },
  done('writeReply', REPLY),
  failed('writeReply', new Error('unexpected')),
];

type Snapshot = SnapshotFrom<typeof friendChatMachine>;
type View = StateView<typeof friendChatMachine>;

function serializeState(s: Snapshot): string {
  return JSON.stringify({
    value: s.value,
    friend: s.context.friend !== null,
    messages: Math.min(s.context.messages.length, 6),
    owed: s.context.repliesOwed > 0,
    error: s.context.error !== null,
  });
}

const navigations = (v: View) => v.env.timeline.filter((e) => e.type === 'navigate');
/** What was said in this visit, after the greeting or the kept conversation. */
const said = (v: View) => v.context.messages.slice(openedWith(v)?.length ?? 1);
const texts = (v: View) => said(v).filter((m) => m.sender === 'user' && m.type === 'text');
const replies = (v: View) => said(v).filter((m) => m.sender === 'other');

/** What is stored under friend_chat_user-1 (null when nothing is). */
function kept(): unknown {
  const raw = localStorage.getItem('friend_chat_user-1');
  return raw === null ? null : JSON.parse(raw);
}

/** Kept on the device: nothing until a message is appended, then every message shown; nothing else is stored. */
function keepsConversation(v: View) {
  const appended = v.context.friend !== null && said(v).length > 0;
  expect(kept()).toEqual(appended ? v.context.messages : null);
  expect(Object.keys(localStorage).filter((key) => key !== 'friend_chat_user-1')).toEqual([]);
}

/** The conversation the path opened with: the saved one, or null for a first visit. */
function openedWith(v: View): unknown[] | null {
  const loaded = v.path.steps.findLast((s) => isDone('loadFriend')(s.event))?.event as { output?: { saved: unknown[] } } | undefined;
  return loaded?.output?.saved.length ? loaded.output.saved : null;
}

/** Nothing navigates before BACK. */
function stays(v: View) {
  expect(navigations(v)).toEqual([]);
  keepsConversation(v);
  for (const d of v.env.pending.get('loadFriend') ?? []) expect(d.input).toEqual({ friendId: 'user-1' });
}

/** The friend greets first (or the kept conversation is back); each reply answers the newest text with at most 5 earlier messages, by name. */
function chatting(v: View) {
  stays(v);
  const saved = openedWith(v);
  if (saved) expect(v.context.messages.slice(0, 2)).toEqual(SAVED);
  else expect(v.context.messages[0]).toEqual({ id: '1', sender: 'other', text: GREETING, timestamp: new Date(NOW).toISOString(), type: 'text' });
  for (const m of v.context.messages.filter((x) => x.type === 'emoji')) expect(m).toMatchObject({ sender: 'user', text: '😂' });
  for (const r of replies(v)) expect([REPLY, FALLBACK]).toContain(r.text);
  if (isFailed('writeReply')(v.last)) expect(replies(v).at(-1)?.text).toBe(FALLBACK);
  for (const d of v.env.pending.get('writeReply') ?? []) {
    const input = d.input as FriendReplyInput;
    expect(input.friend).toEqual(RIFF);
    expect(input.message).toBe(QUESTION);
    expect(input.history.length).toBeLessThanOrEqual(5);
    for (const turn of input.history) expect(['user', 'RiffLord']).toContain(turn.sender);
    expect(input.random).toBe(random);
  }
}

const states: Record<string, (v: View) => void> = {
  loading: (v) => {
    stays(v);
    expect(v.context.messages).toEqual([]);
    expect(v.context.error).toBeNull();
  },
  notFound: (v) => {
    stays(v);
    expect(v.context.friend).toBeNull();
    expect(v.context.messages).toEqual([]);
  },
  failed: (v) => {
    stays(v);
    expect(v.context.error).toBe(USERS_LOAD_FAILED);
  },
  'chat.idle': (v) => {
    chatting(v);
    expect(v.snapshot.hasTag('replying')).toBe(false);
    // Every text is answered; texts sent while the friend was typing share the next reply.
    if (texts(v).length > 0) expect(said(v).filter((m) => m.type === 'text').at(-1)?.sender).toBe('other');
  },
  'chat.replying.due': (v) => {
    chatting(v);
    expect(v.snapshot.hasTag('replying')).toBe(true);
    expect(texts(v).length).toBeGreaterThan(replies(v).length);
  },
  // Back lands on /friends from anywhere; the conversation stays kept as it was.
  left: (v) => {
    expect(navigations(v)).toEqual([{ type: 'navigate', payload: '/friends', at: 0 }]);
    keepsConversation(v);
    expect(v.snapshot.status).toBe('done');
  },
};

describe('friend chat machine (model-based)', () => {
  itCoversTheModel('every state, transition and guard outcome: greeting first, persona replies, canned fallback, back to /friends', {
    setup: () => localStorage.clear(),
    machine: friendChatMachine,
    input: { friendId: 'user-1', now, random },
    limit: 300,
    events,
    serializeState,
    compareContext: false,
    provide: (env) => ({ actions: { ...io.actions, goToFriends: () => env.record('navigate', '/friends') } }),
    states,
  }, { guards: 3 }, 60_000);
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
    const actor = createActor(friendChat.provide({ actions: { goToFriends: navigate } }), {
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
      expect(actor.getSnapshot().hasTag('replying')).toBe(true);
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
    expect(actor.getSnapshot().hasTag('replying')).toBe(false);
  });

  it('answers several messages sent while the friend is typing with one reply, to the newest', async () => {
    generateFriendChatReply.mockImplementation(async (req: { message: string }) => `You said: ${req.message}`);
    const { actor } = start('user-2');
    await settle();
    actor.send({ type: 'SEND', text: 'a' });
    actor.send({ type: 'SEND', text: 'b' });
    actor.send({ type: 'SEND', text: 'c' });
    for (let i = 0; i < 5; i += 1) await settle();
    expect(generateFriendChatReply.mock.calls.map(([req]) => (req as { message: string }).message)).toEqual(['a', 'c']);
    expect(actor.getSnapshot().context.messages.slice(1).map((m) => m.text)).toEqual(['a', 'b', 'c', 'You said: a', 'You said: c']);
    expect(actor.getSnapshot().hasTag('replying')).toBe(false);
  });

  it('keeps the conversation per friend: reopening shows it as it was left, another friend starts afresh', async () => {
    generateFriendChatReply.mockImplementation(async (req: { message: string }) => `You said: ${req.message}`);
    const first = start('user-2');
    await settle();
    first.actor.send({ type: 'SEND', text: 'remember me' });
    await settle();
    first.actor.send({ type: 'BACK' });
    const left = first.actor.getSnapshot().context.messages.map((m) => m.text);
    expect(left.slice(1)).toEqual(['remember me', 'You said: remember me']);

    const again = start('user-2');
    await settle();
    expect(again.actor.getSnapshot().context.messages.map((m) => m.text)).toEqual(left);
    const other = start('user-3');
    await settle();
    expect(other.actor.getSnapshot().context.messages).toHaveLength(1);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('friend_chat_'))).toEqual(['friend_chat_user-2']);
  });

  it('an unreadable kept conversation starts with the greeting and is set aside, not lost', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('friend_chat_user-2', '[{"id":1}]');
    const { actor } = start('user-2');
    await settle();
    expect(actor.getSnapshot().context.messages).toHaveLength(1);
    expect(actor.getSnapshot().context.messages[0]!.text).toContain('PixelPoet');
    expect(localStorage.getItem('friend_chat_user-2.corrupt')).toBe('[{"id":1}]');
    warn.mockRestore();
  });

  it('a full storage stops only the keeping: the message shows, the friend answers, and the failure is warned', async () => {
    generateFriendChatReply.mockImplementation(async (req: { message: string }) => `You said: ${req.message}`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { actor } = start('user-2');
    await settle();
    vi.stubGlobal('localStorage', fullStorage());
    try {
      actor.send({ type: 'SEND', text: 'still here?' });
      await settle();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(actor.getSnapshot().context.messages.slice(1).map((m) => m.text)).toEqual(['still here?', 'You said: still here?']);
    // Once for my message, once for the reply.
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
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

describe('what a friend reply is written from', () => {
  it('the newest text the user sent is the message; the last 5 other messages, emojis and later replies included, are the history', () => {
    const base = createActor(friendChat, { input: { friendId: 'user-1', now, random } }).getSnapshot().context;
    const said = (sender: string, text: string, type: 'text' | 'emoji' = 'text') => ({ id: text, sender, text, timestamp: '', type });
    const messages = [
      said('other', 'hi'),
      said('user', 'one'),
      said('other', 'r1'),
      said('user', 'two'),
      said('other', 'r2'),
      said('user', 'three'),
      said('other', 'r3'),
      said('user', 'four'),
      said('other', 'r4'),
      said('user', 'five'),
      said('other', 'r5'),
      said('user', '👍', 'emoji'),
    ];
    const input = replyInput({ ...base, friend: RIFF, messages });
    expect(input.message).toBe('five');
    expect(input.history).toEqual([
      { sender: 'RiffLord', text: 'r3' },
      { sender: 'user', text: 'four' },
      { sender: 'RiffLord', text: 'r4' },
      { sender: 'RiffLord', text: 'r5' },
      { sender: 'user', text: '👍' },
    ]);
    expect(replyInput({ ...base, friend: RIFF, messages: [said('other', 'hi')] }).message).toBe('');
  });
});
