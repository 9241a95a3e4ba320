import { assign, fromPromise, setup } from 'xstate';
import { isSendableEvent, withUserInput, type ComposerEvent } from './chatComposer';
import { pickBotReply, type BotGameId } from '../domain/botReplies';
import { appendMessage, buildChatLog, welcomeMessage, type ChatMessage } from '../domain/chat';
import { messageFor } from '../domain/errorText';
import { GAMES } from '../domain/games';
import { messages as texts } from '../domain/messages';
import { appendChatLog } from '../storage/chatLogs';

export interface BotGameInput {
  game: BotGameId;
  /** The clock and the random source (defaults Date.now and Math.random); tests pass fixed ones. */
  now?: () => number;
  random?: () => number;
}

export interface BotGameContext {
  game: BotGameId;
  messages: ChatMessage[];
  now: () => number;
  random: () => number;
  /** User messages still waiting for their bot reply. */
  pendingReplies: number;
  /** The random part (0-2000 ms) of the reply being waited for. */
  replyJitter: number;
  error: string | null;
}

export type BotGameEvent =
  | ComposerEvent
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'LEAVE' }
  | { type: 'DISMISS' };

export interface SaveChatLogInput {
  game: BotGameId;
  messages: ChatMessage[];
  now: number;
}

/** docs/product.md section 9: a bot reply comes 1000 ms plus a random 0-2000 ms after it is scheduled. */
export const BOT_REPLY_BASE_MS = 1000;
export const BOT_REPLY_JITTER_MS = 2000;

/**
 * Emoji Story and the eight music and game-store games (docs/product.md section 4, "Bot-game chat").
 *
 * Several sends while a reply is pending: every non-blank user text earns exactly one reply. Replies are
 * queued and come one at a time, each 1-3 s after the previous one (the first 1-3 s after its send), so
 * nothing is lost and the typing line stays truthful. Back saves the session as it stands; replies still
 * owed then are not sent (the user left), unless the save fails and the user returns to the chat.
 *
 * Saving on back can fail when storage is full: the chat stays on screen with the docs/product.md text, and the
 * user can try again, leave without saving, or keep chatting.
 */
export const botGameMachine = setup({
  types: {} as { context: BotGameContext; events: BotGameEvent; input: BotGameInput },
  actors: {
    saveChatLog: fromPromise<void, SaveChatLogInput>(async ({ input }) => {
      appendChatLog(input.game, buildChatLog(GAMES[input.game].name, input.messages, input.now));
    }),
  },
  delays: {
    replyDelay: ({ context }) => BOT_REPLY_BASE_MS + context.replyJitter,
  },
  guards: {
    sendable: ({ event }) => isSendableEvent(event),
    moreQueued: ({ context }) => context.pendingReplies > 1,
    hasSession: ({ context }) => context.messages.length > 1,
    repliesOwed: ({ context }) => context.pendingReplies > 0,
  },
  actions: {
    appendUserText: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    appendEmoji: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    queueReply: assign({ pendingReplies: ({ context }) => context.pendingReplies + 1 }),
    sampleJitter: assign({
      replyJitter: ({ context }) => Math.floor(context.random() * (BOT_REPLY_JITTER_MS + 1)),
    }),
    appendReply: assign({
      messages: ({ context }) =>
        appendMessage(context.messages, { text: pickBotReply(context.game, context.random()), sender: 'other' }, context.now()),
      pendingReplies: ({ context }) => Math.max(0, context.pendingReplies - 1),
    }),
    clearError: assign({ error: null }),
    goToGames: () => {
      // Provided by the screen: navigate('/games').
    },
  },
}).createMachine({
  id: 'botGame',
  context: ({ input }) => {
    const now = input.now ?? (() => Date.now());
    return {
      game: input.game,
      messages: [welcomeMessage(GAMES[input.game].welcome, now())],
      now,
      random: input.random ?? (() => Math.random()),
      pendingReplies: 0,
      replyJitter: 0,
      error: null,
    };
  },
  initial: 'chatting',
  states: {
    chatting: {
      initial: 'idle',
      on: {
        EMOJI: { actions: 'appendEmoji' },
        BACK: [{ guard: 'hasSession', target: 'saving' }, { target: 'left' }],
      },
      states: {
        idle: {
          on: {
            SEND: { guard: 'sendable', target: 'replying', actions: ['appendUserText', 'queueReply', 'sampleJitter'] },
          },
        },
        replying: {
          on: {
            SEND: { guard: 'sendable', actions: ['appendUserText', 'queueReply'] },
          },
          after: {
            replyDelay: [
              { guard: 'moreQueued', target: 'replying', reenter: true, actions: ['appendReply', 'sampleJitter'] },
              { target: 'idle', actions: 'appendReply' },
            ],
          },
        },
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        id: 'saveChatLog',
        src: 'saveChatLog',
        input: ({ context }) => ({ game: context.game, messages: context.messages, now: context.now() }),
        onDone: 'left',
        onError: {
          target: 'saveFailed',
          actions: assign({ error: ({ event }) => messageFor(event.error, texts.storage.full) }),
        },
      },
    },
    saveFailed: {
      on: {
        RETRY: 'saving',
        LEAVE: { target: 'left', actions: 'clearError' },
        // Back to the chat: replies still owed are scheduled again, so none is lost.
        DISMISS: [
          { guard: 'repliesOwed', target: 'chatting.replying', actions: ['clearError', 'sampleJitter'] },
          { target: 'chatting', actions: 'clearError' },
        ],
      },
    },
    left: { type: 'final', entry: 'goToGames' },
  },
});
