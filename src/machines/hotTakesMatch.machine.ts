import { and, assign, fromPromise, setup } from 'xstate';
import { isSendableEvent, withUserInput, type ComposerEvent } from './chatComposer';
import { appendMessage, welcomeMessage, type ChatMessage } from '../domain/chat';
import { messageFor } from '../domain/errorText';
import { GAMES } from '../domain/games';
import { messages } from '../domain/messages';
import type { User } from '../domain/user';
import { generateFirstResponse, generateMatchedChatReply, generatePersonaHotTake } from '../services/ai';
import { befriend, isFriend, loadGamePrompt, pickPartner, recordWin, saveMatchedLog, type RecordedWin } from '../services/hotTakes';

// The matched Hot Takes chat (docs/product.md section 4): loading → user-response → revealing → conversation, with
// the partner's profile dialog as a parallel region so it can open in any phase without disturbing the game.

/** docs/product.md section 9: later replies arrive 0.8-2 s after the user's message. */
export const MIN_REPLY_DELAY = 800;
export const MAX_REPLY_DELAY = 2000;

export interface HotTakesMatchInput {
  now?: () => number;
  /** A number in [0, 1) like Math.random: picks the partner and the reply jitter. */
  random?: () => number;
}

export interface HotTakesMatchContext {
  now: () => number;
  random: () => number;
  messages: ChatMessage[];
  partner: User | null;
  prompt: string | null;
  partnerTake: string | null;
  /** A generated reply waiting for its delay to pass. */
  pendingReply: string | null;
  /** 0-1200 ms on top of MIN_REPLY_DELAY, drawn when a later reply is scheduled. */
  replyJitter: number;
  /** The user wrote again while a reply was on its way: answer once more after it arrives. */
  queued: boolean;
  /** What leaving still has to store; each step clears its flag, so a retry after a failure never repeats one. */
  toSave: { log: boolean; win: boolean };
  award: number | null;
  /** Load or save failure text shown in the banner. */
  error: string | null;
  friendError: string | null;
  friendNotice: string | null;
}

export type HotTakesMatchEvent =
  | ComposerEvent
  | { type: 'RETRY' }
  | { type: 'BACK' }
  /** Leave without saving, after a save failed. */
  | { type: 'LEAVE' }
  | { type: 'OPEN_PROFILE' }
  | { type: 'CLOSE_PROFILE' }
  | { type: 'ADD_FRIEND' };

interface PersonaInput {
  partner: User;
  prompt: string;
}

function persona(partner: User) {
  return { username: partner.username, personality: partner.personality ?? '', interests: partner.interests };
}

function lastUserText(list: readonly ChatMessage[]): string {
  return list.findLast((m) => m.sender === 'user' && m.type === 'text')?.text ?? '';
}

function sampleJitter(random: () => number): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0;
  return Math.floor(unit * (MAX_REPLY_DELAY - MIN_REPLY_DELAY + 1));
}

const CONVERSATION = '#hotTakesMatch.game.playing.conversation';

/**
 * How an awaited reply is delivered, the same for the brash first reply and every later one: it shows once its
 * delay has passed AND it is ready ('waiting' until the delay, then 'late' until the AI answers). Then a message
 * sent meanwhile is answered next, or the chat goes idle.
 */
function deliverWhenReady(delay: 'firstReplyDelay' | 'replyDelay') {
  const deliver = [
    { guard: and(['replyReady', 'queued']), target: `${CONVERSATION}.replying`, reenter: true, actions: ['deliverReply', 'scheduleReply'] },
    { guard: 'replyReady', target: `${CONVERSATION}.idle`, actions: 'deliverReply' },
  ] as const;
  return {
    initial: 'waiting',
    states: {
      waiting: { after: { [delay]: [...deliver, { target: 'late' }] } },
      late: { always: [...deliver] },
    },
  } as const;
}

export const hotTakesMatchMachine = setup({
  types: {} as { context: HotTakesMatchContext; events: HotTakesMatchEvent; input: HotTakesMatchInput | undefined },
  actors: {
    pickPartner: fromPromise<User | null, { random: () => number }>(async ({ input }) => pickPartner(input.random)),
    gamePrompt: fromPromise<string>(() => loadGamePrompt()),
    partnerTake: fromPromise<string, PersonaInput>(({ input }) =>
      generatePersonaHotTake({ ...persona(input.partner), prompt: input.prompt }),
    ),
    firstResponse: fromPromise<string, PersonaInput & { partnerTake: string; message: string }>(({ input }) =>
      generateFirstResponse({ ...persona(input.partner), prompt: input.prompt, partnerTake: input.partnerTake, message: input.message }),
    ),
    chatReply: fromPromise<string, { partner: User; messages: ChatMessage[]; message: string }>(({ input }) =>
      generateMatchedChatReply({
        ...persona(input.partner),
        messages: input.messages.map((m) => ({ sender: m.sender, text: m.text })),
        message: input.message,
      }),
    ),
    saveLog: fromPromise<void, { messages: ChatMessage[]; partner: string | undefined; now: number }>(async ({ input }) => {
      saveMatchedLog(input.messages, input.partner, input.now);
    }),
    recordWin: fromPromise<RecordedWin, { messageCount: number }>(async ({ input }) => recordWin(input.messageCount)),
    checkFriend: fromPromise<boolean, { userId: string }>(async ({ input }) => isFriend(input.userId)),
    addFriend: fromPromise<void, { userId: string }>(async ({ input }) => befriend(input.userId)),
  },
  delays: {
    revealIntroDelay: 500,
    revealTakeDelay: 1000,
    firstReplyDelay: 1500,
    replyDelay: ({ context }) => MIN_REPLY_DELAY + context.replyJitter,
  },
  guards: {
    sendable: ({ event }) => isSendableEvent(event),
    replyReady: ({ context }) => context.pendingReply !== null,
    queued: ({ context }) => context.queued,
    hasLog: ({ context }) => context.messages.length > 2,
    logPending: ({ context }) => context.toSave.log,
    winPending: ({ context }) => context.toSave.win,
    partnerKnown: ({ context }) => context.partner !== null,
    /** For a done event's output: a partner was found, the partner is already a friend. */
    truthy: (_, params: { value: unknown }) => Boolean(params.value),
  },
  actions: {
    goToGames: () => {
      // Provided by the screen: navigate('/games').
    },
    appendUserText: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    appendEmoji: assign({ messages: ({ context, event }) => withUserInput(context.messages, event, context.now()) }),
    appendRevealLine: assign({
      messages: ({ context }) =>
        appendMessage(
          context.messages,
          { text: `Great! Here's what ${context.partner?.username ?? ''} said about this:`, sender: 'system' },
          context.now(),
        ),
    }),
    appendPartnerTake: assign({
      messages: ({ context }) =>
        appendMessage(
          context.messages,
          { text: context.partnerTake ?? messages.ai.partnerHotTakeFallback, sender: context.partner?.username ?? 'other' },
          context.now(),
        ),
    }),
    deliverReply: assign({
      messages: ({ context }) =>
        appendMessage(context.messages, { text: context.pendingReply ?? '', sender: context.partner?.username ?? 'other' }, context.now()),
      pendingReply: null,
    }),
    scheduleReply: assign({ replyJitter: ({ context }) => sampleJitter(context.random), queued: false, pendingReply: null }),
    queueReply: assign({ queued: true }),
    markLogSaved: assign({ toSave: ({ context }) => ({ ...context.toSave, log: false }) }),
    planExit: assign({ toSave: ({ context }) => ({ log: context.messages.length > 2, win: false }) }),
    planWinningExit: assign({
      toSave: ({ context }) => ({ log: context.messages.length > 2, win: context.messages.length > 4 }),
    }),
  },
}).createMachine({
  id: 'hotTakesMatch',
  type: 'parallel',
  context: ({ input }) => {
    const now = input?.now ?? (() => Date.now());
    return {
      now,
      random: input?.random ?? (() => Math.random()),
      messages: [welcomeMessage(GAMES.hottakes.welcome, now())],
      partner: null,
      prompt: null,
      partnerTake: null,
      pendingReply: null,
      replyJitter: 0,
      queued: false,
      toSave: { log: false, win: false },
      award: null,
      error: null,
      friendError: null,
      friendNotice: null,
    };
  },
  states: {
    game: {
      initial: 'playing',
      states: {
        playing: {
          // docs/product.md: the log is kept only when there are more than 2 messages; leaving earlier just goes.
          on: {
            BACK: [
              { guard: 'hasLog', target: '#hotTakesMatch.game.leaving', actions: 'planExit' },
              { target: '#hotTakesMatch.game.left' },
            ],
          },
          initial: 'loading',
          states: {
            loading: {
              // A retry starts from scratch: a new partner and a new prompt.
              entry: assign({ error: null, partner: null, prompt: null }),
              initial: 'matching',
              states: {
                matching: {
                  invoke: {
                    id: 'pickPartner',
                    src: 'pickPartner',
                    input: ({ context }) => ({ random: context.random }),
                    onDone: [
                      { guard: { type: 'truthy', params: ({ event }) => ({ value: event.output }) }, target: 'prompting', actions: assign({ partner: ({ event }) => event.output }) },
                      { target: '#hotTakesMatch.game.playing.noPartner' },
                    ],
                    onError: { target: '#hotTakesMatch.game.playing.failed' },
                  },
                },
                prompting: {
                  invoke: {
                    id: 'gamePrompt',
                    src: 'gamePrompt',
                    onDone: { target: '#hotTakesMatch.game.playing.userResponse', actions: assign({ prompt: ({ event }) => event.output }) },
                    onError: { target: '#hotTakesMatch.game.playing.failed' },
                  },
                },
              },
            },
            noPartner: {
              entry: assign({ error: messages.games.noUsersToMatch }),
              on: { RETRY: 'loading' },
            },
            failed: {
              entry: assign({ error: messages.games.loadFailed }),
              on: { RETRY: 'loading' },
            },
            userResponse: {
              initial: 'waitingForTake',
              states: {
                waitingForTake: {
                  invoke: {
                    id: 'partnerTake',
                    src: 'partnerTake',
                    input: ({ context }) => ({ partner: context.partner!, prompt: context.prompt! }),
                    onDone: { target: 'ready', actions: assign({ partnerTake: ({ event }) => event.output }) },
                    onError: { target: 'ready', actions: assign({ partnerTake: messages.ai.partnerHotTakeFallback }) },
                  },
                },
                ready: {
                  on: {
                    SEND: { guard: 'sendable', target: '#hotTakesMatch.game.playing.revealing', actions: 'appendUserText' },
                    // An emoji is a reaction, not a take: it is added without starting the reveal (as in the bot games).
                    EMOJI: { actions: 'appendEmoji' },
                  },
                },
              },
            },
            revealing: {
              initial: 'intro',
              states: {
                intro: { after: { revealIntroDelay: { target: 'take', actions: 'appendRevealLine' } } },
                take: {
                  after: {
                    revealTakeDelay: { target: '#hotTakesMatch.game.playing.conversation', actions: 'appendPartnerTake' },
                  },
                },
              },
            },
            conversation: {
              on: {
                // Conversation always holds more than 2 messages, so there is always a log to save.
                BACK: { target: '#hotTakesMatch.game.leaving', actions: 'planWinningExit' },
                // While a reply is on its way, a new message is shown at once and answered after that reply.
                SEND: { guard: 'sendable', actions: ['appendUserText', 'queueReply'] },
                EMOJI: { actions: 'appendEmoji' },
              },
              initial: 'firstReply',
              states: {
                firstReply: {
                  // Generation starts with the wait, so the brash reply lands 1.5 s after the reveal (or when ready).
                  invoke: {
                    id: 'firstResponse',
                    src: 'firstResponse',
                    input: ({ context }) => ({
                      partner: context.partner!,
                      prompt: context.prompt!,
                      partnerTake: context.partnerTake ?? '',
                      message: lastUserText(context.messages),
                    }),
                    onDone: { actions: assign({ pendingReply: ({ event }) => event.output }) },
                    onError: { actions: assign({ pendingReply: messages.ai.matchedChatFallback }) },
                  },
                  ...deliverWhenReady('firstReplyDelay'),
                },
                idle: {
                  on: { SEND: { guard: 'sendable', target: 'replying', actions: ['appendUserText', 'scheduleReply'] } },
                },
                replying: {
                  invoke: {
                    id: 'chatReply',
                    src: 'chatReply',
                    input: ({ context }) => ({
                      partner: context.partner!,
                      messages: context.messages.slice(0, -1),
                      message: lastUserText(context.messages),
                    }),
                    onDone: { actions: assign({ pendingReply: ({ event }) => event.output }) },
                    onError: { actions: assign({ pendingReply: messages.ai.matchedChatFallback }) },
                  },
                  ...deliverWhenReady('replyDelay'),
                },
              },
            },
          },
        },
        leaving: {
          entry: assign({ error: null }),
          initial: 'savingLog',
          states: {
            savingLog: {
              invoke: {
                id: 'saveLog',
                src: 'saveLog',
                input: ({ context }) => ({ messages: context.messages, partner: context.partner?.username, now: context.now() }),
                onDone: [
                  { guard: 'winPending', target: 'recordingWin', actions: 'markLogSaved' },
                  { target: '#hotTakesMatch.game.left', actions: 'markLogSaved' },
                ],
                onError: {
                  target: '#hotTakesMatch.game.saveFailed',
                  actions: assign({ error: ({ event }) => messageFor(event.error, messages.storage.full) }),
                },
              },
            },
            recordingWin: {
              invoke: {
                id: 'recordWin',
                src: 'recordWin',
                input: ({ context }) => ({ messageCount: context.messages.length }),
                onDone: {
                  target: '#hotTakesMatch.game.left',
                  actions: assign({
                    toSave: ({ context }) => ({ ...context.toSave, win: false }),
                    award: ({ event }) => event.output.award,
                  }),
                },
                onError: {
                  target: '#hotTakesMatch.game.saveFailed',
                  actions: assign({ error: ({ event }) => messageFor(event.error, messages.storage.full) }),
                },
              },
            },
          },
        },
        // Nothing is lost: the chat stays on screen, BACK tries the remaining saves again, LEAVE gives up on them.
        saveFailed: {
          on: {
            BACK: [
              { guard: 'logPending', target: 'leaving.savingLog' },
              { target: 'leaving.recordingWin' },
            ],
            LEAVE: 'left',
          },
        },
        left: { type: 'final', entry: 'goToGames' },
      },
    },
    profile: {
      initial: 'closed',
      states: {
        closed: {
          on: { OPEN_PROFILE: { guard: 'partnerKnown', target: 'checking', actions: assign({ friendError: null, friendNotice: null }) } },
        },
        checking: {
          on: { CLOSE_PROFILE: 'closed' },
          invoke: {
            id: 'checkFriend',
            src: 'checkFriend',
            input: ({ context }) => ({ userId: context.partner!.id }),
            onDone: [{ guard: { type: 'truthy', params: ({ event }) => ({ value: event.output }) }, target: 'open.friend' }, { target: 'open.notFriend' }],
            onError: { target: 'open.notFriend' },
          },
        },
        open: {
          on: { CLOSE_PROFILE: 'closed' },
          initial: 'notFriend',
          states: {
            notFriend: {
              on: { ADD_FRIEND: { target: 'adding', actions: assign({ friendError: null }) } },
            },
            adding: {
              invoke: {
                id: 'addFriend',
                src: 'addFriend',
                input: ({ context }) => ({ userId: context.partner!.id }),
                onDone: {
                  target: 'friend',
                  actions: assign({ friendNotice: ({ context }) => messages.friends.added(context.partner!.username) }),
                },
                onError: {
                  target: 'notFriend',
                  actions: assign({ friendError: ({ event }) => messageFor(event.error, messages.social.addFriendFailed) }),
                },
              },
            },
            friend: {},
          },
        },
      },
    },
  },
});
