import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ChatHistory, MemberMessage } from '../../src/domain/liveContract';
import type { LiveCommand, LiveEmitted } from '../../src/features/live/machines/liveEvents';
import { memberChatMachine, selectFriendTyping, type MemberChatInput } from '../../src/features/chat/machines/memberChat.machine';
import type { OpenedChat } from '../../src/domain/memberChat';
import { memberChatActorsFor, tabVisible, watchTabVisibility } from '../../src/features/chat/actors/memberChat.actors';
import { createViewerSource } from '../../src/shared/session/viewer';
import { json, mockFetch } from '../services/fetchMock';

// The member chat's rules one case at a time, beside the model test (memberChat.test.ts): frames meant for
// another conversation or another message, the 2000-character limit, 'Load earlier' with nothing stored,
// the tab's visibility (the real watcher on a stand-in document), and what shows while the history loads.

const MIRA = 'mira-id';
const NOVA = 'nova-id';
const AT = '2026-11-23T23:00:00.000Z';
const NOW = Date.parse('2026-11-23T23:10:00.000Z');

const message = (id: string, from: string, to: string, text: string): MemberMessage => ({
  id,
  clientId: `client-${id}`,
  from,
  to,
  text,
  sentAt: AT,
  deliveredAt: AT,
  readAt: null,
});
const hiNova = message('m1', MIRA, NOVA, 'Hi nova');
const heyMira = message('m2', NOVA, MIRA, 'Hey mira!');

interface Options {
  history?: MemberMessage[];
  hasMore?: boolean;
  input?: Partial<MemberChatInput>;
  /** The app's tab-visibility watcher and first reading (on the test's document) instead of a silent, visible stand-in. */
  realVisibility?: boolean;
}

function openChat({ history = [hiNova, heyMira], hasMore = false, input = {}, realVisibility = false }: Options = {}) {
  let tell!: (event: LiveEmitted) => void;
  const commands: LiveCommand[] = [];
  const earlierAsked: unknown[] = [];
  let clientIds = 0;
  const actors = {
    loadChat: fromPromise<OpenedChat, { friendId: string }>(() => Promise.resolve({ friend: { id: NOVA, username: 'nova' }, history: { messages: history, hasMore } })),
    loadEarlier: fromPromise<ChatHistory, { friendId: string; before: string }>(({ input: asked }) => {
      earlierAsked.push(asked);
      return Promise.resolve({ messages: [], hasMore: false });
    }),
    liveLink: fromCallback<LiveCommand>(({ sendBack, receive }) => {
      tell = sendBack;
      receive((command) => commands.push(command));
    }),
  };
  const machine = memberChatMachine.provide({
    actors: { ...actors, watchVisibility: realVisibility ? watchTabVisibility : fromCallback(() => undefined) },
  });
  const actor = createActor(machine, {
    input: { friendId: NOVA, makeClientId: () => `c-${(clientIds += 1)}`, now: () => NOW, visible: realVisibility ? tabVisible() : true, liveStatus: 'open', ...input },
  }).start();
  const received = (frame: object) => tell({ type: 'live.received', frame } as LiveEmitted);
  return { actor, tell: (event: LiveEmitted) => tell(event), received, commands, earlierAsked };
}

type Chat = ReturnType<typeof openChat>;
const opened = (chat: Chat) => waitFor(chat.actor, (s) => s.matches('chat'));
const shown = (chat: Chat) =>
  chat.actor.getSnapshot().context.messages.map(({ id, delivery }) => ({ id: delivery.serverId, clientId: id, readAt: delivery.readAt, error: delivery.error }));
const reads = (chat: Chat) => chat.commands.filter((c) => c.type === 'live.frame' && c.frame.type === 'read');

/** A stand-in for the browser's document: its visibility, and the listeners the chat keeps on it. */
function standInDocument(visibilityState: 'visible' | 'hidden') {
  const listeners = new Set<{ type: string; listener: () => void }>();
  const doc = {
    visibilityState,
    addEventListener: (type: string, listener: () => void) => listeners.add({ type, listener }),
    removeEventListener: (type: string, listener: () => void) => {
      for (const entry of listeners) if (entry.type === type && entry.listener === listener) listeners.delete(entry);
    },
  };
  const change = (state: 'visible' | 'hidden') => {
    doc.visibilityState = state;
    for (const entry of listeners) if (entry.type === 'visibilitychange') entry.listener();
  };
  vi.stubGlobal('document', doc);
  return { listeners, change };
}

afterEach(() => vi.unstubAllGlobals());

describe('member chat: frames that are not this chat’s or not this message’s', () => {
  it('a receipt for another conversation marks nothing here, even naming a message shown here', async () => {
    const chat = openChat();
    await opened(chat);
    chat.received({ type: 'receipt', friendId: 'juno-id', messageIds: ['m1'], status: 'read', at: AT });
    expect(shown(chat)[0]).toEqual({ id: 'm1', clientId: 'client-m1', readAt: null, error: null });
    chat.received({ type: 'receipt', friendId: NOVA, messageIds: ['m1'], status: 'read', at: AT });
    expect(shown(chat)[0]).toEqual({ id: 'm1', clientId: 'client-m1', readAt: AT, error: null });
  });

  it('a refusal marks the one pending message it names, and a refusal naming none marks nothing', async () => {
    const chat = openChat();
    await opened(chat);
    chat.actor.send({ type: 'SEND', text: 'first' });
    chat.actor.send({ type: 'SEND', text: 'second' });
    chat.received({ type: 'error', code: 'TOO_MANY_MESSAGES', message: 'server words' });
    expect(shown(chat).map((m) => m.error)).toEqual([null, null, null, null]);
    chat.received({ type: 'error', code: 'TOO_MANY_MESSAGES', message: 'server words', clientId: 'c-2' });
    expect(shown(chat).map((m) => [m.clientId, m.error])).toEqual([
      ['client-m1', null],
      ['client-m2', null],
      ['c-1', null],
      ['c-2', 'You are sending messages too fast. Please slow down.'],
    ]);
  });

  it('messages still waiting on the device, told once the history shows, join it as pending', async () => {
    const chat = openChat();
    await opened(chat);
    chat.tell({ type: 'live.status', status: 'reconnecting', outbox: [{ to: NOVA, clientId: 'q-1', text: 'Queued', queuedAt: NOW }] });
    expect(shown(chat).map((m) => [m.id, m.clientId])).toEqual([
      ['m1', 'client-m1'],
      ['m2', 'client-m2'],
      [null, 'q-1'],
    ]);
  });

  it('nova stays typing when my own message echoes back; her message ends it', async () => {
    const chat = openChat();
    await opened(chat);
    chat.received({ type: 'typing', from: NOVA });
    expect(selectFriendTyping(chat.actor.getSnapshot())).toBe(true);
    chat.received({ type: 'message', message: message('m3', MIRA, NOVA, 'Mine, from my other tab') });
    expect(selectFriendTyping(chat.actor.getSnapshot())).toBe(true);
    chat.received({ type: 'message', message: message('m4', NOVA, MIRA, 'Done typing') });
    expect(selectFriendTyping(chat.actor.getSnapshot())).toBe(false);
  });
});

describe('member chat: sending and paging limits', () => {
  it('sends a message of exactly 2000 characters, counted without the spaces around it', async () => {
    const chat = openChat();
    await opened(chat);
    chat.actor.send({ type: 'SEND', text: 'x'.repeat(2000) });
    chat.actor.send({ type: 'SEND', text: `${'y'.repeat(2000)}   ` });
    expect(chat.commands.filter((c) => c.type === 'live.send').map((c) => c.type === 'live.send' && c.clientId)).toEqual(['c-1', 'c-2']);
    expect(chat.actor.getSnapshot().context.notice).toBeNull();
  });

  it('asks for nothing earlier while no stored message is shown, whatever the server said about more', async () => {
    const chat = openChat({ history: [], hasMore: true });
    await opened(chat);
    chat.actor.send({ type: 'LOAD_EARLIER' });
    expect(chat.actor.getSnapshot().matches({ chat: { earlier: 'idle' } })).toBe(true);
    expect(chat.earlierAsked).toEqual([]);
  });
});

describe('member chat: the tab’s visibility', () => {
  it('marks nova’s message read only once the tab is visible again', async () => {
    const chat = openChat({ history: [hiNova] });
    await opened(chat);
    chat.actor.send({ type: 'VISIBILITY', visible: false });
    chat.received({ type: 'message', message: heyMira });
    expect(reads(chat)).toEqual([]);
    chat.actor.send({ type: 'VISIBILITY', visible: true });
    expect(reads(chat)).toEqual([{ type: 'live.frame', frame: { type: 'read', friendId: NOVA, upTo: 'm2' } }]);
  });

  it('opens as the document is, follows its visibility changes, and stops listening when closed', async () => {
    const doc = standInDocument('hidden');
    const chat = openChat({ realVisibility: true });
    await opened(chat);
    expect(chat.actor.getSnapshot().context.visible).toBe(false);
    expect(reads(chat)).toEqual([]);
    expect([...doc.listeners].map((entry) => entry.type)).toEqual(['visibilitychange']);

    doc.change('visible');
    expect(chat.actor.getSnapshot().context.visible).toBe(true);
    expect(reads(chat)).toEqual([{ type: 'live.frame', frame: { type: 'read', friendId: NOVA, upTo: 'm2' } }]);
    doc.change('hidden');
    expect(chat.actor.getSnapshot().context.visible).toBe(false);

    chat.actor.stop();
    expect(doc.listeners.size).toBe(0);
  });

  it('opens visible in a visible document', async () => {
    standInDocument('visible');
    const chat = openChat({ realVisibility: true });
    await opened(chat);
    expect(chat.actor.getSnapshot().context.visible).toBe(true);
    expect(reads(chat)).toEqual([{ type: 'live.frame', frame: { type: 'read', friendId: NOVA, upTo: 'm2' } }]);
  });
});

describe('member chat: while the history loads', () => {
  it('shows no name and no Load earlier, the channel connecting, and counts as visible with no document', () => {
    const actor = createActor(
      memberChatMachine.provide({
        actors: {
          loadChat: fromPromise<OpenedChat, { friendId: string }>(() => new Promise<OpenedChat>(() => undefined)),
          liveLink: fromCallback(() => undefined),
          watchVisibility: fromCallback(() => undefined),
        },
      }),
      { input: { friendId: NOVA, makeClientId: () => 'c-1', now: () => NOW, visible: tabVisible() } },
    ).start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toMatchObject({ friendName: '', hasMore: false, liveStatus: 'connecting', visible: true, messages: [] });
    actor.stop();
  });
});

describe('member chat: over its real calls', () => {
  const opening = (machine = memberChatMachine.provide({ actors: { ...memberChatActorsFor(createViewerSource()), liveLink: fromCallback(() => undefined), watchVisibility: fromCallback(() => undefined) } })) =>
    createActor(machine, { input: { friendId: NOVA, makeClientId: () => 'c-1', now: () => NOW, visible: true, liveStatus: 'open' } }).start();
  const refused = (code: string, status: number) => json({ error: { code, message: 'server words' } }, status);

  it('a chat that cannot open says why in the chat contract words, and a failed earlier page in the server failure words', async () => {
    mockFetch({ 'GET /api/members/nova-id': refused('NOT_FRIENDS', 403), 'GET /api/chats/nova-id/messages': refused('NOT_FRIENDS', 403) });
    const refusedChat = opening();
    await waitFor(refusedChat, (s) => s.matches('failed'));
    expect(refusedChat.getSnapshot().context.error).toBe('You can only message your friends.');
    refusedChat.stop();

    mockFetch({
      'GET /api/members/nova-id': json({ id: NOVA, username: 'nova', avatar: 'NO', relation: 'friends', visible: true, profile: null }),
      'GET /api/chats/nova-id/messages': (call) =>
        call.query.get('before') === 'm1' ? refused('SOMETHING_NEW', 500) : json({ messages: [hiNova], hasMore: true }),
    });
    const chat = opening();
    await waitFor(chat, (s) => s.matches('chat'));
    chat.send({ type: 'LOAD_EARLIER' });
    await waitFor(chat, (s) => s.context.notice !== null);
    expect(chat.getSnapshot().context.notice).toBe('Something went wrong on the server. Please try again.');
    chat.stop();
  });
});
