import { assign, setup } from 'xstate';
import { CHAT_CONTEXT_MESSAGES, type ChatReplyRequest } from '../../../domain/aiContract';
import { answeredMessage, welcomeMessage, type ChatMessage } from '../../../domain/chat';
import { messageFor } from '../../../domain/errorText';
import { friendChatFallback, friendGreeting } from '../../../domain/friendChat';
import { messages as texts } from '../../../domain/messages';
import type { User } from '../../../domain/user';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';
import { chatPipelineImplementations, pipelineContext, undelayedTalkStates } from './chatPipeline';
import type { ChatPipelineContext, ChatSources, ComposerEvent } from './chatPipeline';

// Friend chat (/chat/:friendId; docs/product.md section 4): the friend greets first, then each message gets a reply
// the AI writes in the friend's personality from the last 5 messages; a failed AI gives one of docs/product.md's
// canned replies. It runs the shared chat pipeline (chatPipeline.ts) without a delay: a reply shows as soon
// as it is written, and messages sent meanwhile are answered together by the next reply. The conversation is
// kept per friend on the device (friend_chat_<friendId>) after every message and shown again on reopening;
// back goes to /friends (docs/product.md: "Friend chat: goes to /friends").

export interface FriendChatInput extends ChatSources {
  friendId: string;
}

export interface FriendChatContext extends ChatPipelineContext {
  friendId: string;
  friend: User | null;
  /** Why the friend could not be loaded. */
  error: string | null;
}

export interface FriendReplyInput {
  friend: User;
  /** Up to 5 of the other messages, oldest first, as the AI contract wants them. */
  history: ChatTurn[];
  message: string;
  random: () => number;
}

type ChatTurn = ChatReplyRequest['messages'][number];

type FriendChatEvent = ComposerEvent | { type: 'RETRY' } | { type: 'BACK' };

/** The friend, and the conversation kept from the last visit (empty the first time). */
export interface FriendChatOpening {
  friend: User;
  saved: ChatMessage[];
}

/** The friend's own messages carry 'other'; the AI is told their name so it knows which lines were its own. */
function toTurn(message: ChatMessage, friend: User): ChatTurn {
  return { sender: message.sender === 'other' ? friend.username : message.sender, text: message.text };
}

export function replyInput(context: FriendChatContext): FriendReplyInput {
  const friend = context.friend!;
  const { message, history } = answeredMessage(context.messages);
  return {
    friend,
    history: history.slice(-CHAT_CONTEXT_MESSAGES).map((m) => toTurn(m, friend)),
    message,
    random: context.random,
  };
}

const pipeline = chatPipelineImplementations<FriendChatContext, FriendChatEvent>({
  delay: null,
  answers: 'together',
  replySender: () => 'other',
  // generateFriendChatReply never throws; should the actor fail anyway, answer as docs/product.md's AI failure does.
  fallbackReply: ({ random }) => friendChatFallback(random()),
});

export const friendChatMachine = setup({
  types: {} as { context: FriendChatContext; events: FriendChatEvent; input: FriendChatInput },
  actors: {
    /** The friend, and the conversation kept from the last visit; null when there is no such friend. */
    loadFriend: notProvided<FriendChatOpening | null, { friendId: string }>('loadFriend'),
    /** The friend's reply, written in their personality (a canned reply should the AI fail). */
    writeReply: notProvided<string, FriendReplyInput>('writeReply'),
  },
  delays: pipeline.delays,
  guards: {
    ...pipeline.guards,
    found: (_, output: FriendChatOpening | null) => output !== null,
  },
  actions: {
    ...pipeline.actions,
    // After every message, mine or the friend's: the chat's IO keeps the conversation (on the device, per
    // friend), so leaving at any moment loses nothing.
    messagesChanged: actionNotProvided('messagesChanged'),
    greet: assign(({ context }, opening: FriendChatOpening | null) => ({
      friend: opening?.friend ?? null,
      messages: opening ? (opening.saved.length > 0 ? opening.saved : [welcomeMessage(friendGreeting(opening.friend), context.now())]) : [],
    })),
    /** The screen's navigate('/friends'). */
    goToFriends: actionNotProvided('goToFriends'),
  },
}).createMachine({
  id: 'friendChat',
  context: ({ input }) => ({
    friendId: input.friendId,
    friend: null,
    error: null,
    ...pipelineContext(input, () => []),
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
      id: 'talk',
      initial: 'idle',
      on: { EMOJI: { actions: ['appendUserInput', 'messagesChanged'] } },
      states: undelayedTalkStates(({ context }: { context: FriendChatContext }) => replyInput(context)),
    },
    left: { type: 'final', entry: 'goToFriends' },
  },
});
