import { assign, fromPromise, setup } from 'xstate';
import { isSendableEvent, withUserInput, type ComposerEvent } from './chatComposer';
import { appendMessage, buildChatLog, welcomeMessage, type ChatMessage } from '../domain/chat';
import { messageFor } from '../domain/errorText';
import { GAMES } from '../domain/games';
import { messages as texts } from '../domain/messages';
import {
  pickIndex,
  pickReaction,
  revealIntro,
  SOLO_REACTION_JITTER_MS,
  SOLO_REACTION_MIN_MS,
  SOLO_RESULTS_DELAY_MS,
  SOLO_RESULTS_REPLY,
  SOLO_WELCOME,
} from '../domain/soloReactions';
import { generatePersonaHotTake } from '../services/ai';
import { currentUserId, loadUsers } from '../services/users';
import { appendChatLog } from '../storage/chatLogs';

// Hot Takes solo chat (/chat with no friend; docs/product.md section 4): the first take gets the judges' verdict and
// the /continue hint, the second message reveals another player's take written by the AI in their persona,
// every later message gets a canned reaction 1-3 s later. Back saves the session to hottakes_chat_logs and
// goes to /games. A session holding only the welcome is not saved: it would push a real session out of the
// ten kept logs with a 'session with 0 messages' entry.

export const SOLO_LOG_TITLE = GAMES.hottakes.name;

export interface SoloChatInput {
  now?: () => number;
  random?: () => number;
}

export interface RevealedTake {
  /** The sample user whose persona wrote the take. */
  from: string;
  text: string;
}

export interface SoloChatContext {
  messages: ChatMessage[];
  /** The user's first message: the prompt the revealed take answers. */
  firstTake: string;
  /** Reactions owed for messages sent while one was already on its way. */
  pendingReactions: number;
  /** 0-2000 ms, sampled when a reaction is scheduled (the reaction delay is 1000 ms plus this). */
  replyJitter: number;
  saveError: string | null;
  now: () => number;
  random: () => number;
}

type SoloChatEvent =
  | ComposerEvent
  | { type: 'BACK' }
  | { type: 'DISMISS' }
  | { type: 'LEAVE' };

/** Picks a sample user with a personality and has the AI write their take on the user's first message. */
async function revealTake({ input }: { input: { prompt: string; pick: number } }): Promise<RevealedTake> {
  const me = currentUserId();
  const candidates = loadUsers().filter((u) => u.id !== me && u.personality?.trim());
  const persona = candidates[pickIndex(input.pick, candidates.length)];
  if (!persona) throw new Error('No other users to reveal a take from');
  const text = await generatePersonaHotTake({
    username: persona.username,
    personality: persona.personality ?? '',
    interests: persona.interests,
    prompt: input.prompt,
  });
  return { from: persona.username, text };
}

export const soloChatMachine = setup({
  types: {} as { context: SoloChatContext; events: SoloChatEvent; input: SoloChatInput | undefined },
  actors: {
    revealTake: fromPromise(revealTake),
    saveLog: fromPromise<void, { messages: ChatMessage[]; now: number }>(async ({ input }) => {
      appendChatLog('hottakes', buildChatLog(SOLO_LOG_TITLE, input.messages, input.now));
    }),
  },
  delays: {
    resultsDelay: SOLO_RESULTS_DELAY_MS,
    reactionDelay: ({ context }) => SOLO_REACTION_MIN_MS + context.replyJitter,
  },
  guards: {
    sendable: ({ event }) => isSendableEvent(event),
    hasUserMessages: ({ context }) => context.messages.some((m) => m.sender === 'user'),
    owesReaction: ({ context }) => context.pendingReactions > 0,
  },
  actions: {
    addUserMessage: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    rememberTake: assign({ firstTake: ({ event, context }) => (event.type === 'SEND' ? event.text : context.firstTake) }),
    addEmoji: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    addResults: assign({
      messages: ({ context }) => appendMessage(context.messages, { text: SOLO_RESULTS_REPLY, sender: 'other' }, context.now()),
    }),
    addReveal: assign({
      messages: ({ context }, take: RevealedTake) => {
        const now = context.now();
        const withIntro = appendMessage(context.messages, { text: revealIntro(take.from), sender: 'other' }, now);
        return appendMessage(withIntro, { text: take.text, sender: take.from }, now);
      },
    }),
    addRevealFallback: assign({
      messages: ({ context }) =>
        appendMessage(context.messages, { text: texts.ai.partnerHotTakeFallback, sender: 'other' }, context.now()),
    }),
    scheduleReaction: assign({ replyJitter: ({ context }) => Math.floor(context.random() * SOLO_REACTION_JITTER_MS) }),
    oweReaction: assign({ pendingReactions: ({ context }) => context.pendingReactions + 1 }),
    addReaction: assign({
      messages: ({ context }) =>
        appendMessage(context.messages, { text: pickReaction(context.random()), sender: 'other' }, context.now()),
      pendingReactions: ({ context }) => Math.max(0, context.pendingReactions - 1),
    }),
    clearSaveError: assign({ saveError: null }),
    goToGames: () => {
      // Provided by the screen: navigate('/games').
    },
  },
}).createMachine({
  id: 'soloChat',
  context: ({ input }) => {
    const now = input?.now ?? (() => Date.now());
    return {
      messages: [welcomeMessage(SOLO_WELCOME, now())],
      firstTake: '',
      pendingReactions: 0,
      replyJitter: 0,
      saveError: null,
      now,
      random: input?.random ?? (() => Math.random()),
    };
  },
  initial: 'chat',
  states: {
    chat: {
      type: 'parallel',
      states: {
        flow: {
          initial: 'awaitingTake',
          on: { EMOJI: { actions: 'addEmoji' } },
          states: {
            awaitingTake: {
              on: { SEND: { guard: 'sendable', target: 'judging', actions: ['addUserMessage', 'rememberTake', 'clearSaveError'] } },
            },
            judging: {
              after: { resultsDelay: { target: 'awaitingContinue', actions: 'addResults' } },
            },
            awaitingContinue: {
              on: { SEND: { guard: 'sendable', target: 'revealing', actions: ['addUserMessage', 'clearSaveError'] } },
            },
            revealing: {
              invoke: {
                id: 'revealTake',
                src: 'revealTake',
                input: ({ context }) => ({ prompt: context.firstTake, pick: context.random() }),
                onDone: { target: 'chatting', actions: { type: 'addReveal', params: ({ event }) => event.output } },
                onError: { target: 'chatting', actions: 'addRevealFallback' },
              },
            },
            chatting: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    SEND: { guard: 'sendable', target: 'reacting', actions: ['addUserMessage', 'scheduleReaction', 'clearSaveError'] },
                  },
                },
                reacting: {
                  on: { SEND: { guard: 'sendable', actions: ['addUserMessage', 'oweReaction', 'clearSaveError'] } },
                  after: {
                    reactionDelay: [
                      { guard: 'owesReaction', target: 'reacting', reenter: true, actions: ['addReaction', 'scheduleReaction'] },
                      { target: 'idle', actions: 'addReaction' },
                    ],
                  },
                },
              },
            },
          },
        },
        // Leaving runs beside the conversation, so a failed save leaves the chat exactly where it was.
        exit: {
          initial: 'staying',
          states: {
            staying: {
              on: {
                BACK: [{ guard: 'hasUserMessages', target: 'saving' }, { target: '#soloChat.left' }],
                // After a failed save: keep chatting with the notice gone, or leave knowing the session is not kept.
                DISMISS: { actions: 'clearSaveError' },
                LEAVE: '#soloChat.left',
              },
            },
            saving: {
              entry: 'clearSaveError',
              invoke: {
                id: 'saveLog',
                src: 'saveLog',
                input: ({ context }) => ({ messages: context.messages, now: context.now() }),
                onDone: '#soloChat.left',
                // Nothing is lost: the messages stay and the reason is shown; back can be tried again.
                onError: {
                  target: 'staying',
                  actions: assign({ saveError: ({ event }) => messageFor(event.error, texts.storage.full) }),
                },
              },
            },
          },
        },
      },
    },
    left: { type: 'final', entry: 'goToGames' },
  },
});
