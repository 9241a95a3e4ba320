import { fromPromise, setup } from 'xstate';
import { pickBotReply, type BotGameId } from '../../../domain/botReplies';
import { shouldSaveLog, welcomeMessage, type ChatMessage } from '../../../domain/chat';
import { GAMES } from '../../../domain/games';
import { REPLY_DELAYS } from '../../../domain/replyTiming';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';
import { chatPipelineImplementations, leaveStates, pipelineContext, talkStates } from '../../chat';
import type { ChatPipelineContext, ChatSources, ComposerEvent, LeaveEvent } from '../../chat';

export interface BotGameInput extends ChatSources {
  game: BotGameId;
}

export interface BotGameContext extends ChatPipelineContext {
  game: BotGameId;
}

export type BotGameEvent = ComposerEvent | LeaveEvent;

export interface SaveChatLogInput {
  game: BotGameId;
  messages: ChatMessage[];
  now: number;
}

const pipeline = chatPipelineImplementations<BotGameContext, BotGameEvent>({
  delay: REPLY_DELAYS.botGame,
  answers: 'each',
  replySender: () => 'other',
  fallbackReply: ({ game, random }) => pickBotReply(game, random()),
});

/**
 * Emoji Story and the eight music and game-store games (docs/product.md section 4, "Bot-game chat"), on the shared
 * chat pipeline (chatPipeline.ts): every non-blank text earns one canned reply 1-3 s later, replies to
 * several quick sends come one after another, an emoji gets none. Back saves the session when it holds more
 * than the welcome and goes to /games.
 */
export const botGameMachine = setup({
  types: {} as { context: BotGameContext; events: BotGameEvent; input: BotGameInput },
  actors: {
    writeReply: fromPromise<string, { game: BotGameId; pick: number }>(async ({ input }) => pickBotReply(input.game, input.pick)),
    /** Keeps the session in the game's chat logs on the device. */
    saveLog: notProvided<undefined, SaveChatLogInput>('saveLog'),
  },
  delays: pipeline.delays,
  guards: {
    ...pipeline.guards,
    logWorthSaving: ({ context }) => shouldSaveLog('botGame', context.messages),
  },
  actions: {
    ...pipeline.actions,
    /** The screen's navigate('/games'). */
    goToGames: actionNotProvided('goToGames'),
  },
}).createMachine({
  id: 'botGame',
  context: ({ input }) => ({
    game: input.game,
    ...pipelineContext(input, (now) => [welcomeMessage(GAMES[input.game].welcome, now)]),
  }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      states: {
        talk: {
          id: 'talk',
          initial: 'idle',
          on: { EMOJI: { actions: 'appendUserInput' } },
          states: talkStates(({ context }: { context: BotGameContext }) => ({ game: context.game, pick: context.random() })),
        },
        leave: leaveStates({
          saveInput: ({ context }: { context: BotGameContext }): SaveChatLogInput => ({
            game: context.game,
            messages: context.messages,
            now: context.now(),
          }),
        }),
      },
    },
    left: { id: 'left', type: 'final', entry: 'goToGames' },
  },
});
