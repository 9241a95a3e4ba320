import { assign, enqueueActions, sendTo, setup, type EventObject } from 'xstate';
import {
  messageLengthProblem,
  chatErrorTexts,
  TYPING_THROTTLE_MS,
  TYPING_TIMEOUT_MS,
  type ChatHistory,
  type ServerFrame,
} from '../../../domain/liveContract';
import {
  belongsTo,
  fromServer,
  isMine,
  mergeMessage,
  pendingMessage,
  newestFromFriend,
  oldestId,
  withEarlier,
  withHistory,
  withLatest,
  withReceipt,
  chatCodeText,
  type OpenedChat,
  type TrackedMessage,
} from '../../../domain/memberChat';
import { messageFor } from '../../../domain/errorText';
import { memberErrorTexts } from '../../../domain/memberContract';
import { actionNotProvided, callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import type { LiveCommand, LiveEmitted, LiveStatus, OutboxEntry } from '../../live';

// A chat between two members (/chat/:friendId for a member friend). History comes over
// REST; everything live goes through the app's one live actor, reached by the invoked 'liveLink' callback
// actor (the screen provides the app's, tests a fake): my messages go out as 'live.send' (the live actor
// queues them on the device until the server's 'ack'), frames come back as 'live.received'. A message of
// mine shows at once, as pending, and is the same entry when its 'ack' and 'message' echo arrive.

export interface MemberChatInput {
  friendId: string;
  /** A fresh client id per message (crypto.randomUUID() in the app). */
  makeClientId: () => string;
  now: () => number;
  /** Whether the tab is visible as the chat opens (messages are read only while it is). */
  visible: boolean;
  /** The live channel's state as the chat opens (default 'connecting'); the live link tells the current one at once. */
  liveStatus?: LiveStatus;
}

export interface MemberChatContext {
  friendId: string;
  friendName: string;
  makeClientId: () => string;
  now: () => number;
  messages: TrackedMessage[];
  hasMore: boolean;
  /** Why the chat could not be opened. */
  error: string | null;
  /** Why 'Load earlier' failed, or why a message was not sent (too long); cleared by the next success. */
  notice: string | null;
  visible: boolean;
  liveStatus: LiveStatus;
  /** The friend's newest message already marked read, so each is marked once. */
  readUpTo: string | null;
  /** Keys were pressed since the last 'typing' frame went out: one more goes when the throttle allows. */
  typingOwed: boolean;
  /** This screen blocked the friend: its own dialog says so and leaves after Done, so the live news of it does not. */
  blockedHere: boolean;
}

export type MemberChatEvent =
  | { type: 'SEND'; text: string }
  | { type: 'TYPED' }
  | { type: 'LOAD_EARLIER' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  /** The block dialog of this screen blocked the friend. */
  | { type: 'BLOCKED_HERE' }
  | { type: 'VISIBILITY'; visible: boolean }
  | LiveEmitted;

function frameOf(event: MemberChatEvent): ServerFrame | null {
  return event.type === 'live.received' ? event.frame : null;
}

function isFromFriend(frame: ServerFrame | null, friendId: string): boolean {
  return frame?.type === 'message' && frame.message.from === friendId;
}

/** What a frame changes in the messages shown (nothing for another conversation's). */
function applyFrame(context: MemberChatContext, frame: ServerFrame): Partial<MemberChatContext> {
  const { friendId, messages } = context;
  switch (frame.type) {
    case 'ack':
    case 'message':
      return belongsTo(frame.message, friendId) ? { messages: mergeMessage(messages, fromServer(frame.message, friendId)) } : {};
    case 'receipt':
      return frame.friendId === friendId ? { messages: withReceipt(messages, frame.messageIds, frame.status, frame.at) } : {};
    case 'error': {
      const refused = frame.clientId === undefined ? -1 : messages.findIndex((m) => isMine(m) && m.delivery.serverId === null && m.id === frame.clientId);
      if (refused === -1) return {};
      const error = chatCodeText(frame.code) ?? frame.message;
      return { messages: messages.map((m, i) => (i === refused ? { ...m, delivery: { ...m.delivery, error } } : m)) };
    }
    default:
      return {};
  }
}

/**
 * My messages to this friend still waiting on the device (the live link tells them as it starts): after a
 * reload they show as pending, and are the same entries when their 'ack' arrives (matched by client id).
 */
function withQueued(messages: readonly TrackedMessage[], outbox: readonly OutboxEntry[], friendId: string): TrackedMessage[] {
  const queued = outbox
    .filter((entry) => entry.to === friendId && !messages.some((m) => isMine(m) && m.id === entry.clientId))
    .map((entry) => pendingMessage(entry.clientId, entry.text, new Date(entry.queuedAt).toISOString()));
  return [...messages, ...queued];
}

export const memberChatMachine = setup({
  types: {} as { context: MemberChatContext; events: MemberChatEvent; input: MemberChatInput },
  actors: {
    loadChat: notProvided<OpenedChat, { friendId: string }>('loadChat'),
    loadEarlier: notProvided<ChatHistory, { friendId: string; before: string }>('loadEarlier'),
    catchUp: notProvided<ChatHistory, { friendId: string }>('catchUp'),
    /** Whether the member has blocked this friend (asked when the live channel says their people changed). */
    checkBlocked: notProvided<boolean, { friendId: string }>('checkBlocked'),
    // The composition point provides the app's live link (live.machine.ts).
    liveLink: callbackNotProvided<LiveCommand>('liveLink'),
    // Tells VISIBILITY whenever the tab is shown or hidden.
    watchVisibility: callbackNotProvided<EventObject>('watchVisibility'),
  },
  delays: {
    typingTimeout: TYPING_TIMEOUT_MS,
    typingThrottle: TYPING_THROTTLE_MS,
  },
  guards: {
    blank: ({ event }) => event.type === 'SEND' && messageLengthProblem(event.text) === 'MESSAGE_EMPTY',
    tooLong: ({ event }) => event.type === 'SEND' && messageLengthProblem(event.text) === 'MESSAGE_TOO_LONG',
    hasMore: ({ context }) => context.hasMore && oldestId(context.messages) !== null,
    friendTyping: ({ context, event }) => {
      const frame = frameOf(event);
      return frame?.type === 'typing' && frame.from === context.friendId;
    },
    friendSent: ({ context, event }) => isFromFriend(frameOf(event), context.friendId),
    typingOwed: ({ context }) => context.typingOwed,
    peopleChanged: ({ event }) => event.type === 'live.received' && event.frame.type === 'people.changed',
    blockedElsewhere: ({ context, event }) => !context.blockedHere && 'output' in event && event.output === true,
    // Read before the status is taken: the channel is open again after being down.
    reopened: ({ context, event }) => event.type === 'live.status' && event.status === 'open' && context.liveStatus !== 'open',
  },
  actions: {
    takeFrame: assign(({ context, event }) => {
      const frame = frameOf(event);
      return frame ? applyFrame(context, frame) : {};
    }),
    takeStatus: assign(({ context, event }) =>
      event.type === 'live.status'
        ? { liveStatus: event.status, messages: event.outbox ? withQueued(context.messages, event.outbox, context.friendId) : context.messages }
        : {},
    ),
    // A dropped link leaves the chat showing what it has; the live actor says when it is back.
    linkLost: assign({ liveStatus: 'offline' as LiveStatus }),
    takeVisibility: assign({ visible: ({ context, event }) => (event.type === 'VISIBILITY' ? event.visible : context.visible) }),
    /**
     * While the chat is open in a visible tab, the friend's newest message is marked read once, by a 'read'
     * frame. Frames are not queued while the socket is down, so the mark waits for 'open' (readUpTo unchanged).
     */
    markRead: enqueueActions(({ context, enqueue }) => {
      const upTo = newestFromFriend(context.messages);
      if (!context.visible || context.liveStatus !== 'open' || upTo === null || upTo === context.readUpTo) return;
      const command: LiveCommand = { type: 'live.frame', frame: { type: 'read', friendId: context.friendId, upTo } };
      enqueue.sendTo('liveLink', command);
      enqueue.assign({ readUpTo: upTo });
    }),
    sendMessage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SEND') return;
      const clientId = context.makeClientId();
      const pending = pendingMessage(clientId, event.text, new Date(context.now()).toISOString());
      // The message itself ends the typing: no 'typing' frame is owed for the keys that wrote it.
      enqueue.assign({ messages: [...context.messages, pending], notice: null, typingOwed: false });
      const command: LiveCommand = { type: 'live.send', to: context.friendId, clientId, text: event.text };
      enqueue.sendTo('liveLink', command);
    }),
    clearError: assign({ error: null }),
    refuseTooLong: assign({ notice: chatErrorTexts.MESSAGE_TOO_LONG }),
    sendTyping: sendTo('liveLink', ({ context }): LiveCommand => ({ type: 'live.frame', frame: { type: 'typing', to: context.friendId } })),
    logVisibilityFailure: (_, params: { error: unknown }) => console.error('Watching the tab visibility failed', params.error),
    /** The screen's navigate('/friends'). */
    goToFriends: actionNotProvided('goToFriends'),
  },
}).createMachine({
  id: 'memberChat',
  context: ({ input }) => ({
    friendId: input.friendId,
    friendName: '',
    makeClientId: input.makeClientId,
    now: input.now,
    messages: [],
    hasMore: false,
    error: null,
    notice: null,
    visible: input.visible,
    liveStatus: input.liveStatus ?? 'connecting',
    readUpTo: null,
    typingOwed: false,
    blockedHere: false,
  }),
  invoke: [
    { id: 'liveLink', src: 'liveLink', onError: { actions: 'linkLost' } },
    { id: 'watchVisibility', src: 'watchVisibility', onError: { actions: { type: 'logVisibilityFailure', params: ({ event }) => ({ error: event.error }) } } },
  ],
  on: {
    // Frames that land while the history loads are kept and merged with it (a message is never shown twice).
    'live.received': { actions: 'takeFrame' },
    'live.status': { actions: 'takeStatus' },
    VISIBILITY: { actions: 'takeVisibility' },
    BACK: '.left',
    BLOCKED_HERE: { actions: assign({ blockedHere: true }) },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'loadChat',
        src: 'loadChat',
        input: ({ context }) => ({ friendId: context.friendId }),
        onDone: {
          target: 'chat',
          actions: assign(({ context, event }) => ({
            friendName: event.output.friend.username,
            messages: withHistory(
              event.output.history.messages.map((m) => fromServer(m, context.friendId)),
              context.messages,
            ),
            hasMore: event.output.history.hasMore,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageFor(event.error, memberErrorTexts.SERVER) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    chat: {
      type: 'parallel',
      entry: 'markRead',
      on: {
        'live.received': { actions: ['takeFrame', 'markRead'] },
        'live.status': { actions: ['takeStatus', 'markRead'] },
        VISIBILITY: { actions: ['takeVisibility', 'markRead'] },
        SEND: [{ guard: 'blank' }, { guard: 'tooLong', actions: 'refuseTooLong' }, { actions: 'sendMessage' }],
      },
      states: {
        earlier: {
          initial: 'idle',
          states: {
            idle: { on: { LOAD_EARLIER: { guard: 'hasMore', target: 'loading' } } },
            loading: {
              invoke: {
                id: 'loadEarlier',
                src: 'loadEarlier',
                input: ({ context }) => ({ friendId: context.friendId, before: oldestId(context.messages) ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    messages: withEarlier(
                      event.output.messages.map((m) => fromServer(m, context.friendId)),
                      context.messages,
                    ),
                    hasMore: event.output.hasMore,
                    notice: null,
                  })),
                },
                onError: { target: 'idle', actions: assign({ notice: ({ event }) => messageFor(event.error, memberErrorTexts.SERVER) }) },
              },
            },
          },
        },
        // Messages that reached the server while this socket was down are not pushed to it later (the server
        // only marks them delivered), so the newest page is fetched again each time the channel is back.
        catchUp: {
          initial: 'idle',
          states: {
            // A region that takes an event keeps it from the chat's own handler: the status is taken here too.
            idle: { on: { 'live.status': { guard: 'reopened', target: 'fetching', actions: ['takeStatus', 'markRead'] } } },
            fetching: {
              invoke: {
                id: 'catchUp',
                src: 'catchUp',
                input: ({ context }) => ({ friendId: context.friendId }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      messages: withLatest(event.output.messages.map((m) => fromServer(m, context.friendId)), context.messages),
                    })),
                    'markRead',
                  ],
                },
                // A failed catch-up leaves what is shown; the next time the channel is back it is tried again.
                onError: 'idle',
              },
            },
          },
        },
        // My typing: one 'typing' frame, then none for TYPING_THROTTLE_MS however many keys are pressed; keys
        // pressed meanwhile send one more when it ends, so a burst of typing inside the pause is still told.
        composer: {
          initial: 'ready',
          states: {
            ready: { on: { TYPED: { target: 'cooling', actions: 'sendTyping' } } },
            cooling: {
              on: { TYPED: { actions: assign({ typingOwed: true }) } },
              after: {
                typingThrottle: [
                  { guard: 'typingOwed', target: 'cooling', reenter: true, actions: ['sendTyping', assign({ typingOwed: false })] },
                  { target: 'ready' },
                ],
              },
            },
          },
        },
        // Blocked on another tab or device: the conversation is taken away, so the chat leaves for the
        // conversations too. Any change of the member's people ('people.changed') asks whether it was that.
        standing: {
          initial: 'idle',
          states: {
            idle: { on: { 'live.received': { guard: 'peopleChanged', target: 'checking', actions: 'takeFrame' } } },
            checking: {
              on: { 'live.received': { guard: 'peopleChanged', target: 'checking', reenter: true, actions: 'takeFrame' } },
              invoke: {
                id: 'checkBlocked',
                src: 'checkBlocked',
                input: ({ context }) => ({ friendId: context.friendId }),
                onDone: [{ guard: 'blockedElsewhere', target: '#memberChat.left' }, { target: 'idle' }],
                // Not known: the chat stays; the next change asks again.
                onError: 'idle',
              },
            },
          },
        },
        // The friend's typing: shown until TYPING_TIMEOUT_MS passes without another frame, or their message lands.
        friend: {
          initial: 'quiet',
          states: {
            quiet: { on: { 'live.received': { guard: 'friendTyping', target: 'typing', actions: ['takeFrame', 'markRead'] } } },
            typing: {
              after: { typingTimeout: 'quiet' },
              on: {
                'live.received': [
                  { guard: 'friendTyping', target: 'typing', reenter: true, actions: ['takeFrame', 'markRead'] },
                  { guard: 'friendSent', target: 'quiet', actions: ['takeFrame', 'markRead'] },
                ],
              },
            },
          },
        },
      },
    },
    left: { type: 'final', entry: 'goToFriends' },
  },
});

/** The friend is typing (the typing line shows). */
export function selectFriendTyping(snapshot: { matches: (value: object) => boolean }): boolean {
  return snapshot.matches({ chat: { friend: 'typing' } });
}
