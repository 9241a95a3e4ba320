import { assign, fromPromise, setup } from 'xstate';
import { isSendableEvent, withUserInput, type ComposerEvent } from './chatComposer';
import type { ChatReplyRequest } from '../domain/aiContract';
import { appendMessage, welcomeMessage, type ChatMessage } from '../domain/chat';
import { messageFor } from '../domain/errorText';
import { friendGreeting } from '../domain/friendChat';
import { messages as texts } from '../domain/messages';
import { pickIndex } from '../domain/soloReactions';
import type { User } from '../domain/user';
import { CHAT_CONTEXT_MESSAGES, generateFriendChatReply } from '../services/ai';
import { loadUsers } from '../services/users';

// Friend chat (/chat/:friendId; docs/product.md section 4): the friend greets first, then each message gets a reply
// the AI writes in the friend's personality from the last 5 messages; a failed AI gives one of docs/product.md's
// canned replies. Messages sent while a reply is on its way are answered together by the next reply.
// Back goes to /friends and nothing is saved (docs/product.md: "Friend chat: goes to /friends").

export interface FriendChatInput {
  friendId: string;
  now?: () => number;
  random?: () => number;
}

export interface FriendChatContext {
  friendId: string;
  friend: User | null;
  messages: ChatMessage[];
  /** A message arrived while the friend was typing: reply again once the current reply lands. */
  replyOwed: boolean;
  error: string | null;
  now: () => number;
  random: () => number;
}

export interface FriendReplyInput {
  friend: User;
  /** Up to 5 of the other messages, oldest first, as the AI contract wants them. */
  history: ChatTurn[];
  message: string;
  random: () => number;
}

type ChatTurn = ChatReplyRequest['messages'][number];

type FriendChatEvent =
  | ComposerEvent
  | { type: 'RETRY' }
  | { type: 'BACK' };

/** The friend's own messages carry 'other'; the AI is told their name so it knows which lines were its own. */
function toTurn(message: ChatMessage, friend: User): ChatTurn {
  return { sender: message.sender === 'other' ? friend.username : message.sender, text: message.text };
}

export function replyInput(context: FriendChatContext): FriendReplyInput {
  const friend = context.friend!;
  const lastIndex = context.messages.findLastIndex((m) => m.sender === 'user' && m.type === 'text');
  // Everything else said so far, including a reply that landed after the newest message was sent.
  const history = context.messages.filter((_, i) => i !== lastIndex).slice(-CHAT_CONTEXT_MESSAGES);
  return {
    friend,
    history: history.map((m) => toTurn(m, friend)),
    message: context.messages[lastIndex]?.text ?? '',
    random: context.random,
  };
}

export const friendChatMachine = setup({
  types: {} as { context: FriendChatContext; events: FriendChatEvent; input: FriendChatInput },
  actors: {
    loadFriend: fromPromise<User | null, { friendId: string }>(
      async ({ input }) => loadUsers().find((u) => u.id === input.friendId) ?? null,
    ),
    reply: fromPromise<string, FriendReplyInput>(({ input }) =>
      generateFriendChatReply(
        {
          username: input.friend.username,
          personality: input.friend.personality ?? '',
          interests: input.friend.interests,
          messages: input.history,
          message: input.message,
        },
        input.random,
      ),
    ),
  },
  guards: {
    sendable: ({ event }) => isSendableEvent(event),
    found: (_, output: User | null) => output !== null,
    replyOwed: ({ context }) => context.replyOwed,
  },
  actions: {
    greet: assign(({ context }, friend: User | null) => ({
      friend,
      messages: friend ? [welcomeMessage(friendGreeting(friend), context.now())] : [],
    })),
    addUserMessage: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    addEmoji: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    addReply: assign(({ context }, text: string) => ({
      messages: appendMessage(context.messages, { text, sender: 'other' }, context.now()),
      replyOwed: false,
    })),
    oweReply: assign({ replyOwed: true }),
    goToFriends: () => {
      // Provided by the screen: navigate('/friends').
    },
  },
}).createMachine({
  id: 'friendChat',
  context: ({ input }) => ({
    friendId: input.friendId,
    friend: null,
    messages: [],
    replyOwed: false,
    error: null,
    now: input.now ?? (() => Date.now()),
    random: input.random ?? (() => Math.random()),
  }),
  initial: 'loading',
  on: { BACK: '.left' },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadFriend',
        src: 'loadFriend',
        input: ({ context }) => ({ friendId: context.friendId }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => event.output },
            target: 'chat',
            actions: { type: 'greet', params: ({ event }) => event.output },
          },
          { target: 'notFound' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageFor(event.error, texts.social.usersLoadFailed) }),
        },
      },
    },
    notFound: {},
    failed: { on: { RETRY: 'loading' } },
    chat: {
      initial: 'idle',
      on: { EMOJI: { actions: 'addEmoji' } },
      states: {
        idle: {
          on: { SEND: { guard: 'sendable', target: 'replying', actions: 'addUserMessage' } },
        },
        replying: {
          on: { SEND: { guard: 'sendable', actions: ['addUserMessage', 'oweReply'] } },
          invoke: {
            id: 'reply',
            src: 'reply',
            input: ({ context }) => replyInput(context),
            onDone: [
              {
                guard: 'replyOwed',
                target: 'replying',
                reenter: true,
                actions: { type: 'addReply', params: ({ event }) => event.output },
              },
              { target: 'idle', actions: { type: 'addReply', params: ({ event }) => event.output } },
            ],
            // generateFriendChatReply never throws; should the actor fail anyway, answer as docs/product.md's AI failure does.
            onError: [
              {
                guard: 'replyOwed',
                target: 'replying',
                reenter: true,
                actions: { type: 'addReply', params: ({ context }) => cannedReply(context.random()) },
              },
              { target: 'idle', actions: { type: 'addReply', params: ({ context }) => cannedReply(context.random()) } },
            ],
          },
        },
      },
    },
    left: { type: 'final', entry: 'goToFriends' },
  },
});

function cannedReply(r: number): string {
  const replies = texts.ai.friendChatFallbacks;
  return replies[pickIndex(r, replies.length)]!;
}
