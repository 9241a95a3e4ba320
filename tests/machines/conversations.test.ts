import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { unreadTotal } from '../../src/domain/conversations';
import { ExplainedError } from '../../src/domain/explainedError';
import { chatFailureText } from '../../src/features/chat/services/chats';
import { conversationsMachine } from '../../src/features/chat/machines/conversations.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { done, failed, isDone, isFailed, isSettled, itCoversTheModel, type StateView } from '../support/modelTest';

const talk = (friendId: string, username: string, sentAt: string | null, unread: number) => ({
  friendId,
  username,
  picture: null,
  lastMessage: sentAt ? { from: friendId, text: `from ${username}`, sentAt } : null,
  unread,
  online: false,
  muted: false,
});
// The server's answer in an order the list must not keep: newest message first, a friend without one last.
const answer = [
  talk('f-1', 'ada', '2026-11-23T22:00:00.000Z', 0),
  talk('f-3', 'cy', null, 0),
  talk('f-2', 'bo', '2026-11-23T23:00:00.000Z', 2),
  talk('f-4', 'di', '2026-11-23T22:30:00.000Z', 1),
  // Muted: its 5 unread show on its row, never in the total.
  { ...talk('f-5', 'ed', '2026-11-23T21:00:00.000Z', 5), muted: true },
];
const message = { id: 'm1', clientId: 'c1', from: 'f-2', to: 'me', text: 'hi', sentAt: '2026-11-23T23:00:00.000Z', deliveredAt: null, readAt: null };

const events = [
  done('loadConversations', answer),
  // As the real actor fails: the server's error worded for the list.
  failed('loadConversations', new ExplainedError(chatFailureText(new MemberApiError('OFFLINE')))),
  { type: 'REFRESH' },
  { type: 'live.received', frame: { type: 'message', message } },
  { type: 'live.received', frame: { type: 'typing', from: 'f-2' } },
  // A friendship ended or a block: that conversation leaves the list.
  { type: 'live.received', frame: { type: 'people.changed' } },
  // A chat muted or unmuted on another tab: the list shows it.
  { type: 'live.received', frame: { type: 'mute.changed', friendId: 'f-5', muted: true } },
  { type: 'live.status', status: 'open' },
  { type: 'live.status', status: 'reconnecting' },
  failed('liveLink', new Error('gone')),
];

type View = StateView<typeof conversationsMachine>;

/** Loads again after the last load settled? Every REFRESH, message, people or mute change and reopening starts one. */
function loads(v: View): number {
  const causes = v.path.steps.filter(({ event }) => {
    const e = event as { type: string; frame?: { type: string }; status?: string };
    return e.type === 'REFRESH' || e.frame?.type === 'message' || e.frame?.type === 'people.changed' || e.frame?.type === 'mute.changed' || e.status === 'open';
  });
  return 1 + causes.length;
}

function shown(v: View) {
  const loaded = v.events.some(isDone('loadConversations'));
  expect(v.context.conversations.map((c) => c.username)).toEqual(loaded ? ['bo', 'di', 'ada', 'ed', 'cy'] : []);
  expect(unreadTotal(v.context.conversations)).toBe(loaded ? 3 : 0);
  const lastSettled = v.events.filter(isSettled('loadConversations')).at(-1);
  expect(v.context.error).toBe(isFailed('loadConversations')(lastSettled) ? 'You appear to be offline. Please check your connection and try again.' : null);
  expect(v.env.pending.get('loadConversations')?.length).toBe(loads(v));
}

describe('conversations machine (model-based)', () => {
  // The model's link failure is logged; keep it out of the test output.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  itCoversTheModel('loads on open, REFRESH, each message and each reopening; newest first; the unread total', {
    machine: conversationsMachine,
    events,
    limit: 60,
    compareContext: false,
    serializeState: (s) => JSON.stringify({ value: s.value, n: s.context.conversations.length, error: s.context.error }),
    states: {
      loading: shown,
      ready: shown,
    },
  }, { guards: 4 });
});
