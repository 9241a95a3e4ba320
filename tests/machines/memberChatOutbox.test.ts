import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ChatHistory, MemberMessage } from '../../src/domain/liveContract';
import type { LiveCommand, LiveEmitted } from '../../src/features/live/machines/liveEvents';
import { memberChatMachine } from '../../src/features/chat/machines/memberChat.machine';
import type { OpenedChat } from '../../src/domain/memberChat';

// A chat opened after a reload while my messages still wait on the device (server down or offline): the
// live link's first status carries the outbox, the chat shows this friend's as pending, and each is one
// entry once the server acknowledges it or its history already has it.

const MIRA = 'mira-id';
const NOVA = 'nova-id';
const AT = '2026-11-23T23:00:00.000Z';
const QUEUED_AT = Date.parse('2026-11-23T23:08:00.000Z');

const hiNova: MemberMessage = { id: '1', clientId: 'client-1', from: MIRA, to: NOVA, text: 'Hi nova', sentAt: AT, deliveredAt: AT, readAt: null };
const outbox = [
  { to: NOVA, clientId: 'q-1', text: 'Queued one', queuedAt: QUEUED_AT },
  { to: 'juno-id', clientId: 'q-9', text: 'For juno', queuedAt: QUEUED_AT },
  { to: NOVA, clientId: 'q-2', text: 'Queued two', queuedAt: QUEUED_AT },
];
const stored = (id: string, clientId: string, text: string): MemberMessage => ({ id, clientId, from: MIRA, to: NOVA, text, sentAt: '2026-11-23T23:09:00.000Z', deliveredAt: null, readAt: null });

function openChat(history: MemberMessage[], latest: MemberMessage[] = history) {
  let tell!: (event: LiveEmitted) => void;
  const commands: LiveCommand[] = [];
  const catchUps: string[] = [];
  const actor = createActor(
    memberChatMachine.provide({
      actors: {
        loadChat: fromPromise<OpenedChat, { friendId: string }>(() => Promise.resolve({ friend: { id: NOVA, username: 'nova' }, history: { messages: history, hasMore: false } })),
        catchUp: fromPromise<ChatHistory, { friendId: string }>(({ input }) => {
          catchUps.push(input.friendId);
          return Promise.resolve({ messages: latest, hasMore: false });
        }),
        liveLink: fromCallback<LiveCommand>(({ sendBack, receive }) => {
          tell = sendBack;
          receive((command) => commands.push(command));
          sendBack({ type: 'live.status', status: 'reconnecting', outbox });
        }),
        watchVisibility: fromCallback(() => undefined),
      },
    }),
    { input: { friendId: NOVA, makeClientId: () => 'c-new', now: () => QUEUED_AT, visible: true } },
  ).start();
  return { actor, tell: (event: LiveEmitted) => tell(event), commands, catchUps };
}

const shown = (actor: ReturnType<typeof openChat>['actor']) =>
  actor.getSnapshot().context.messages.map((m) => ({ id: m.delivery.serverId, clientId: m.id, text: m.text, mine: m.sender === 'user' }));

describe('member chat: messages waiting on the device', () => {
  it('shows this friend’s queued messages as pending after the history, and each once when acknowledged', async () => {
    const { actor, tell, commands } = openChat([hiNova]);
    await waitFor(actor, (s) => s.matches('chat'));
    expect(shown(actor)).toEqual([
      { id: '1', clientId: 'client-1', text: 'Hi nova', mine: true },
      { id: null, clientId: 'q-1', text: 'Queued one', mine: true },
      { id: null, clientId: 'q-2', text: 'Queued two', mine: true },
    ]);
    expect(actor.getSnapshot().context.messages[1]!.timestamp).toBe('2026-11-23T23:08:00.000Z');
    // The live actor resends them itself: the chat does not send them again.
    expect(commands.filter((c) => c.type === 'live.send')).toEqual([]);

    tell({ type: 'live.status', status: 'open' });
    tell({ type: 'live.received', frame: { type: 'ack', clientId: 'q-1', message: stored('5', 'q-1', 'Queued one') } });
    tell({ type: 'live.received', frame: { type: 'message', message: stored('5', 'q-1', 'Queued one') } });
    tell({ type: 'live.received', frame: { type: 'ack', clientId: 'q-2', message: stored('6', 'q-2', 'Queued two') } });
    expect(shown(actor)).toEqual([
      { id: '1', clientId: 'client-1', text: 'Hi nova', mine: true },
      { id: '5', clientId: 'q-1', text: 'Queued one', mine: true },
      { id: '6', clientId: 'q-2', text: 'Queued two', mine: true },
    ]);
    actor.stop();
  });

  it('shows a queued message the server already stored (its ack was lost) once, with its id', async () => {
    const { actor, tell } = openChat([hiNova, stored('5', 'q-1', 'Queued one')]);
    await waitFor(actor, (s) => s.matches('chat'));
    // A later status (a reconnect) with the same outbox adds nothing twice.
    tell({ type: 'live.status', status: 'connecting', outbox });
    expect(shown(actor)).toEqual([
      { id: '1', clientId: 'client-1', text: 'Hi nova', mine: true },
      { id: '5', clientId: 'q-1', text: 'Queued one', mine: true },
      { id: null, clientId: 'q-2', text: 'Queued two', mine: true },
    ]);
    actor.stop();
  });

  it('fetches the newest page again when the channel is back, so what nova sent meanwhile shows, in order, once', async () => {
    const novaMeanwhile: MemberMessage = { id: '10', clientId: 'n-10', from: NOVA, to: MIRA, text: 'Sent while you were away', sentAt: AT, deliveredAt: AT, readAt: null };
    const { actor, tell, catchUps, commands } = openChat([hiNova], [hiNova, novaMeanwhile]);
    await waitFor(actor, (s) => s.matches('chat'));
    // Still down: no fetch; open again: one fetch, and the missed message goes before my pending ones.
    tell({ type: 'live.status', status: 'reconnecting' });
    expect(catchUps).toEqual([]);
    tell({ type: 'live.status', status: 'open' });
    tell({ type: 'live.status', status: 'open' });
    await waitFor(actor, (s) => s.context.messages.some((m) => m.delivery.serverId === '10'));
    expect(catchUps).toEqual([NOVA]);
    expect(shown(actor)).toEqual([
      { id: '1', clientId: 'client-1', text: 'Hi nova', mine: true },
      { id: '10', clientId: 'n-10', text: 'Sent while you were away', mine: false },
      { id: null, clientId: 'q-1', text: 'Queued one', mine: true },
      { id: null, clientId: 'q-2', text: 'Queued two', mine: true },
    ]);
    // Seen in a visible chat: marked read.
    expect(commands).toContainEqual({ type: 'live.frame', frame: { type: 'read', friendId: NOVA, upTo: '10' } });
    actor.stop();
  });
});
