import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { appendMessage, shouldSaveLog, welcomeMessage, type ChatMessage } from '../../../domain/chat';
import { messages as texts } from '../../../domain/messages';
import { REPLY_DELAYS } from '../../../domain/replyTiming';
import { CONTINUE_COMMAND, pickReaction, revealIntro, SOLO_RESULTS_DELAY_MS, SOLO_RESULTS_REPLY, SOLO_WELCOME } from '../../../domain/soloReactions';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';
import { chatPipelineImplementations, leaveStates, pipelineContext, talkStates } from '../../chat';
import type { ChatPipelineContext, ChatSources, ComposerEvent, LeaveEvent } from '../../chat';

// Hot Takes solo chat (/chat with no friend; docs/product.md section 4): the first take gets the judges' verdict and
// the /continue hint, the second message reveals another player's take written by the AI in their persona,
// every later message gets a canned reaction 1-3 s later (the shared chat pipeline, chatPipeline.ts). Back
// saves the session to hottakes_chat_logs and goes to /games. A session holding only the welcome is not
// saved: it would push a real session out of the ten kept logs with a 'session with 0 messages' entry.

export type SoloChatInput = ChatSources;

export interface RevealedTake {
  /** The sample user whose persona wrote the take. */
  from: string;
  text: string;
}

export interface SoloChatContext extends ChatPipelineContext {
  /** The user's first message: the prompt the revealed take answers. */
  firstTake: string;
}

type SoloChatEvent = ComposerEvent | LeaveEvent;

/** What revealing a take is given: the user's first message and a number in [0, 1) that picks the persona. */
export interface RevealTakeInput {
  prompt: string;
  pick: number;
}

export interface SaveSoloLogInput {
  messages: ChatMessage[];
  now: number;
}

const pipeline = chatPipelineImplementations<SoloChatContext, SoloChatEvent>({
  delay: REPLY_DELAYS.soloReaction,
  answers: 'each',
  replySender: () => 'other',
  fallbackReply: ({ random }) => pickReaction(random()),
});

export const soloChatMachine = setup({
  types: {} as { context: SoloChatContext; events: SoloChatEvent; input: SoloChatInput },
  actors: {
    /** Another player's take on the user's first message, written by the AI in their persona. */
    revealTake: notProvided<RevealedTake, RevealTakeInput>('revealTake'),
    writeReply: fromPromise<string, { pick: number }>(async ({ input }) => pickReaction(input.pick)),
    /** Keeps the session in hottakes_chat_logs on the device. */
    saveLog: notProvided<undefined, SaveSoloLogInput>('saveLog'),
  },
  delays: {
    ...pipeline.delays,
    resultsDelay: SOLO_RESULTS_DELAY_MS,
  },
  guards: {
    ...pipeline.guards,
    logWorthSaving: ({ context }) => shouldSaveLog('solo', context.messages),
  },
  actions: {
    ...pipeline.actions,
    rememberTake: assign({ firstTake: ({ event, context }) => (event.type === 'SEND' ? event.text : context.firstTake) }),
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
    /** The screen's navigate('/games'). */
    goToGames: actionNotProvided('goToGames'),
  },
}).createMachine({
  id: 'soloChat',
  context: ({ input }) => ({ firstTake: '', ...pipelineContext(input, (now) => [welcomeMessage(SOLO_WELCOME, now)]) }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      states: {
        flow: {
          initial: 'awaitingTake',
          on: { EMOJI: { actions: 'appendUserInput' } },
          states: {
            awaitingTake: {
              on: { SEND: { guard: 'sendable', target: 'judging', actions: ['appendUserInput', 'rememberTake'] } },
            },
            judging: {
              tags: ['replying'],
              after: { resultsDelay: { target: 'awaitingContinue', actions: 'addResults' } },
            },
            awaitingContinue: {
              on: { SEND: { guard: 'sendable', target: 'revealing', actions: 'appendUserInput' } },
            },
            revealing: {
              tags: ['replying'],
              invoke: {
                id: 'revealTake',
                src: 'revealTake',
                input: ({ context }) => ({ prompt: context.firstTake, pick: context.random() }),
                onDone: { target: 'chatting', actions: { type: 'addReveal', params: ({ event }) => event.output } },
                onError: { target: 'chatting', actions: 'addRevealFallback' },
              },
            },
            chatting: {
              id: 'talk',
              initial: 'idle',
              states: talkStates(({ context }: { context: SoloChatContext }) => ({ pick: context.random() })),
            },
          },
        },
        leave: leaveStates({ saveInput: ({ context }: { context: SoloChatContext }) => ({ messages: context.messages, now: context.now() }) }),
      },
    },
    left: { id: 'left', type: 'final', entry: 'goToGames' },
  },
});

type SoloSnapshot = SnapshotFrom<typeof soloChatMachine>;

/** What the screen shows under the counter: the one thing to do next, so the /continue step is never a mystery. */
export function selectSoloStep(snapshot: SoloSnapshot): string {
  // Solo play has no end and no score (only the matched game does): say so rather than imply a result is coming.
  if (snapshot.matches({ open: { flow: 'chatting' } })) return 'Keep the debate going as long as you like. Solo games are not scored; Back saves the chat to your logs.';
  if (snapshot.matches({ open: { flow: 'awaitingContinue' } }) || snapshot.matches({ open: { flow: 'revealing' } })) {
    return `Type ${CONTINUE_COMMAND} to reveal another player's take.`;
  }
  return 'Share your hottest take to get a verdict.';
}

/** The input waits while the judges deliberate, the take is revealed, or the session is being saved or failed to save. */
export function selectSoloInput(snapshot: SoloSnapshot): { enabled: boolean; hint: string } {
  if (snapshot.hasTag('saving')) return { enabled: false, hint: 'Saving your session...' };
  if (snapshot.hasTag('saveFailed')) return { enabled: false, hint: 'Your session was not saved yet.' };
  if (snapshot.matches({ open: { flow: 'judging' } })) return { enabled: false, hint: 'The judges are weighing your take...' };
  if (snapshot.matches({ open: { flow: 'revealing' } })) return { enabled: false, hint: "Revealing another player's take..." };
  return { enabled: true, hint: '' };
}

/** docs/product.md's message counter: the user's messages, texts and emojis alike. */
export const selectSentCount = (snapshot: SoloSnapshot) => snapshot.context.messages.filter((m) => m.sender === 'user').length;
