import { assign, setup, stateIn, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { answeredMessage, appendMessage, shouldSaveLog, welcomeMessage, type ChatMessage } from '../../../domain/chat';
import { messageFor } from '../../../domain/errorText';
import { gameAward, isWinningGame } from '../../../domain/gameAward';
import { GAMES } from '../../../domain/games';
import { messages } from '../../../domain/messages';
import { MATCHED_FIRST_REPLY_MS, REPLY_DELAYS } from '../../../domain/replyTiming';
import type { User } from '../../../domain/user';
import type { GameWinOutcome } from '../../../domain/stats';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';
import { chatPipelineImplementations, LEFT, leaveStates, pipelineContext, replyingState, saveFailed, talkStates } from '../../chat';
import type { ChatPipelineContext, ChatSources, ComposerEvent } from '../../chat';

// The matched Hot Takes chat (docs/product.md section 4): loading → user-response → revealing → conversation, on the
// shared chat pipeline (chatPipeline.ts). The partner's profile dialog and leaving are parallel regions so
// they can run in any phase without disturbing the game; the result has the profile's region too.
//
// The end a player sees: once the win condition holds (in conversation, more than 4 messages) FINISH
// ends the debate; the log and the win are saved as on leaving, then the result (the points) shows, with
// PLAY_AGAIN (a new game, never the same prompt) and BACK to the games. BACK before that asks first
// (leave.confirming) once the player has said anything, so the screen can say what leaving will count.

/** The random source also picks the partner. */
export type HotTakesMatchInput = ChatSources;

export interface HotTakesMatchContext extends ChatPipelineContext {
  partner: User | null;
  prompt: string | null;
  partnerTake: string | null;
  /** A member's game as the server issued it (its replies and its result name it); null for a guest. */
  gameId: string | null;
  /** What leaving still has to store; each step clears its flag, so a retry after a failure never repeats one. */
  toSave: { log: boolean; win: boolean };
  award: number | null;
  /** False while a member's win waits on this device for the server (it counts once sent). */
  winCounted: boolean;
  /** FINISH ended the game: once saved it shows the result instead of leaving. */
  finishing: boolean;
  /** The last game's prompt, so the next one (PLAY_AGAIN) is asked for a different one. */
  previousPrompt: string | null;
  /** Which game this is (1, then +1 per PLAY_AGAIN): the screen starts each one afresh. */
  round: number;
  /** Load failure text shown in the banner. */
  error: string | null;
  friendError: string | null;
  friendNotice: string | null;
}

export type HotTakesMatchEvent =
  | ComposerEvent
  | { type: 'RETRY' }
  /** Leave: asks first (CONFIRM_LEAVE / CANCEL_LEAVE) once the player has said anything; on a save failure, tries again. */
  | { type: 'BACK' }
  | { type: 'CONFIRM_LEAVE' }
  | { type: 'CANCEL_LEAVE' }
  /** End the debate once it is won; the result shows once it is saved. */
  | { type: 'FINISH' }
  /** From the result: a new game with a new partner and prompt. */
  | { type: 'PLAY_AGAIN' }
  /** Leave without saving, after a save failed. */
  | { type: 'LEAVE' }
  | { type: 'OPEN_PROFILE' }
  | { type: 'CLOSE_PROFILE' }
  | { type: 'ADD_FRIEND' };

/** What the partner's AI persona is asked with: who they are and the game's prompt. */
export interface PersonaInput {
  partner: User;
  prompt: string;
}

export type FirstResponseInput = PersonaInput & { partnerTake: string; message: string; gameId: string | null };
export interface MatchedReplyInput {
  partner: User;
  messages: ChatMessage[];
  message: string;
  gameId: string | null;
}
export interface SaveMatchedLogInput {
  messages: ChatMessage[];
  partner: string | undefined;
  now: number;
}
export interface RecordWinInput {
  gameId: string | null;
  messageCount: number;
  finishedAt: number;
}

function partnerName(context: HotTakesMatchContext): string {
  return context.partner?.username ?? 'other';
}

const pipeline = chatPipelineImplementations<HotTakesMatchContext, HotTakesMatchEvent>({
  delay: REPLY_DELAYS.matchedChat,
  answers: 'together',
  replySender: partnerName,
  fallbackReply: () => messages.ai.matchedChatFallback,
});

/**
 * The partner's profile dialog (is the partner a friend, Add Friend), a region both of the game and of its
 * result; `openProfile` is how OPEN_PROFILE opens it there.
 */
function partnerProfile<const TOpen>(openProfile: TOpen) {
  return {
    initial: 'closed',
    states: {
      closed: { on: { OPEN_PROFILE: openProfile } },
      checking: {
        on: { CLOSE_PROFILE: 'closed' },
        invoke: {
          id: 'checkFriend',
          src: 'checkFriend',
          input: ({ context }: { context: HotTakesMatchContext }) => ({ userId: context.partner!.id }),
          onDone: [
            { guard: { type: 'truthy', params: ({ event }: { event: DoneActorEvent<boolean> }) => ({ value: event.output }) }, target: 'open.friend' },
            { target: 'open.notFriend' },
          ],
          onError: { target: 'open.notFriend' },
        },
      },
      open: {
        on: { CLOSE_PROFILE: 'closed' },
        initial: 'notFriend',
        states: {
          notFriend: { on: { ADD_FRIEND: { target: 'adding', actions: 'clearFriendError' } } },
          adding: {
            invoke: {
              id: 'addFriend',
              src: 'addFriend',
              input: ({ context }: { context: HotTakesMatchContext }) => ({ userId: context.partner!.id }),
              onDone: { target: 'friend', actions: 'noteFriendAdded' },
              onError: { target: 'notFriend', actions: { type: 'noteAddFriendFailed', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } },
            },
          },
          friend: {},
        },
      },
    },
  } as const;
}

const GAME = '#hotTakesMatch.open.game';
const inConversation = stateIn('#talk');
const gameOver = stateIn(`${GAME}.over`);

export const hotTakesMatchMachine = setup({
  types: {} as { context: HotTakesMatchContext; events: HotTakesMatchEvent; input: HotTakesMatchInput },
  actors: {
    pickPartner: notProvided<User | null, { random: () => number }>('pickPartner'),
    /** The game's prompt, never the one just played (`previous`, or the last one the device was given). */
    gamePrompt: notProvided<string, { previous: string | null }>('gamePrompt'),
    // Only a game the server saw can count for a member, so a member's game starts there (a guest's needs nothing).
    startGame: notProvided<string | null>('startGame'),
    partnerTake: notProvided<string, PersonaInput>('partnerTake'),
    firstResponse: notProvided<string, FirstResponseInput>('firstResponse'),
    writeReply: notProvided<string, MatchedReplyInput>('writeReply'),
    saveLog: notProvided<undefined, SaveMatchedLogInput>('saveLog'),
    // A guest's win counts on the device; a member's goes to the server (or waits on the device for it).
    recordWin: notProvided<GameWinOutcome, RecordWinInput>('recordWin'),
    checkFriend: notProvided<boolean, { userId: string }>('checkFriend'),
    addFriend: notProvided<undefined, { userId: string }>('addFriend'),
  },
  delays: {
    ...pipeline.delays,
    revealIntroDelay: 500,
    revealTakeDelay: 1000,
    firstReplyDelay: MATCHED_FIRST_REPLY_MS,
  },
  guards: {
    ...pipeline.guards,
    logWorthSaving: ({ context }) => shouldSaveLog('matched', context.messages),
    logPending: ({ context }) => context.toSave.log,
    winPending: ({ context }) => context.toSave.win,
    /** docs/product.md: a conversation with more than 4 messages is won. */
    debateWon: ({ context }) => isWinningGame(context.messages.length),
    playerSpoke: ({ context }) => context.messages.some((m) => m.sender === 'user'),
    finishing: ({ context }) => context.finishing,
    partnerKnown: ({ context }) => context.partner !== null,
    /** For a done event's output: a partner was found, the partner is already a friend. */
    truthy: (_, params: { value: unknown }) => Boolean(params.value),
  },
  actions: {
    ...pipeline.actions,
    /** The screen's navigate('/games'). */
    goToGames: actionNotProvided('goToGames'),
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
          { text: context.partnerTake ?? messages.ai.partnerHotTakeFallback, sender: partnerName(context) },
          context.now(),
        ),
    }),
    // A member's server may not have answered yet; its award is the same rule (server/social/stats.ts).
    recordAward: assign({
      toSave: ({ context }) => ({ ...context.toSave, win: false }),
      award: ({ context }, win: GameWinOutcome) => win.award ?? gameAward(context.messages.length),
      winCounted: (_, win: GameWinOutcome) => win.stats !== null,
    }),
    clearFriendMessages: assign({ friendError: null, friendNotice: null }),
    clearFriendError: assign({ friendError: null }),
    noteFriendAdded: assign({ friendNotice: ({ context }) => messages.friends.added(context.partner!.username) }),
    noteAddFriendFailed: assign({ friendError: (_, params: { error: unknown }) => messageFor(params.error, messages.social.addFriendFailed) }),
    markLogSaved: assign({ toSave: ({ context }) => ({ ...context.toSave, log: false }) }),
    planExit: assign({ toSave: ({ context }) => ({ log: shouldSaveLog('matched', context.messages), win: false }) }),
    // docs/product.md: leaving the conversation with more than 4 messages is a win.
    planWinningExit: assign({
      toSave: ({ context }) => ({ log: shouldSaveLog('matched', context.messages), win: isWinningGame(context.messages.length) }),
    }),
    planFinish: assign({ finishing: true, toSave: ({ context }) => ({ log: shouldSaveLog('matched', context.messages), win: true }) }),
    // A new game: the welcome again, nothing owed or pending, and the prompt just played remembered.
    startOver: assign(({ context }) => ({
      ...pipelineContext({ now: context.now, random: context.random }, (now) => [welcomeMessage(GAMES.hottakes.welcome, now)]),
      partnerTake: null,
      gameId: null,
      toSave: { log: false, win: false },
      award: null,
      winCounted: false,
      finishing: false,
      previousPrompt: context.prompt,
      round: context.round + 1,
      friendError: null,
      friendNotice: null,
    })),
  },
}).createMachine({
  id: 'hotTakesMatch',
  context: ({ input }) => ({
    ...pipelineContext(input, (now) => [welcomeMessage(GAMES.hottakes.welcome, now)]),
    partner: null,
    prompt: null,
    partnerTake: null,
    gameId: null,
    toSave: { log: false, win: false },
    award: null,
    winCounted: false,
    finishing: false,
    previousPrompt: null,
    round: 1,
    error: null,
    friendError: null,
    friendNotice: null,
  }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      states: {
        game: {
          initial: 'loading',
          states: {
            loading: {
              // A retry starts from scratch: a new partner and a new prompt.
              entry: assign({ error: null, partner: null, prompt: null, gameId: null }),
              initial: 'matching',
              states: {
                matching: {
                  invoke: {
                    id: 'pickPartner',
                    src: 'pickPartner',
                    input: ({ context }) => ({ random: context.random }),
                    onDone: [
                      {
                        guard: { type: 'truthy', params: ({ event }) => ({ value: event.output }) },
                        target: 'prompting',
                        actions: assign({ partner: ({ event }) => event.output }),
                      },
                      { target: `${GAME}.noPartner` },
                    ],
                    onError: { target: `${GAME}.failed` },
                  },
                },
                prompting: {
                  invoke: {
                    id: 'gamePrompt',
                    src: 'gamePrompt',
                    input: ({ context }) => ({ previous: context.previousPrompt }),
                    onDone: { target: 'starting', actions: assign({ prompt: ({ event }) => event.output }) },
                    onError: { target: `${GAME}.failed` },
                  },
                },
                starting: {
                  invoke: {
                    id: 'startGame',
                    src: 'startGame',
                    onDone: { target: `${GAME}.userResponse`, actions: assign({ gameId: ({ event }) => event.output }) },
                    onError: { target: `${GAME}.failed` },
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
                    SEND: { guard: 'sendable', target: `${GAME}.revealing`, actions: 'appendUserInput' },
                    // An emoji is a reaction, not a take: it is added without starting the reveal (as in the bot games).
                    EMOJI: { actions: 'appendUserInput' },
                  },
                },
              },
            },
            revealing: {
              initial: 'intro',
              states: {
                intro: { after: { revealIntroDelay: { target: 'take', actions: 'appendRevealLine' } } },
                take: { after: { revealTakeDelay: { target: '#talk', actions: 'appendPartnerTake' } } },
              },
            },
            conversation: {
              id: 'talk',
              on: {
                EMOJI: { actions: 'appendUserInput' },
                // Ending stops the game here (a reply on its way is dropped) and the leave region saves it.
                FINISH: { guard: 'debateWon', target: 'over' },
              },
              initial: 'firstReply',
              states: {
                // Generation starts with the wait, so the brash reply lands 1.5 s after the reveal (or when ready).
                firstReply: replyingState('firstResponse', 'firstReplyDelay', ({ context }: { context: HotTakesMatchContext }) => ({
                  partner: context.partner!,
                  prompt: context.prompt!,
                  partnerTake: context.partnerTake ?? '',
                  message: answeredMessage(context.messages).message,
                  gameId: context.gameId,
                })),
                ...talkStates(({ context }: { context: HotTakesMatchContext }) => {
                  const { message, history } = answeredMessage(context.messages);
                  return { partner: context.partner!, messages: history, message, gameId: context.gameId };
                }),
              },
            },
            over: {},
          },
        },
        leave: leaveStates({
          saveInput: ({ context }: { context: HotTakesMatchContext }) => ({
            messages: context.messages,
            partner: context.partner?.username,
            now: context.now(),
          }),
          // Nothing said, nothing to count or save: leave at once. Otherwise say what leaving counts first.
          back: [{ guard: 'playerSpoke', target: 'confirming' }, { target: LEFT }],
          // FINISH ended the game: it is saved as leaving would save it, then the result shows.
          whenStaying: { guard: gameOver, target: 'saving', actions: 'planFinish' },
          onSaved: [
            { guard: 'winPending', target: 'recordingWin', actions: 'markLogSaved' },
            { target: LEFT, actions: 'markLogSaved' },
          ],
          // The game is over once leaving started: BACK tries the remaining saves again, LEAVE gives up on them.
          failedOn: {
            BACK: [{ guard: 'logPending', target: 'saving' }, { target: 'recordingWin' }],
            LEAVE: LEFT,
          },
          steps: {
            // The in-page question; the game goes on behind it, so what it says is counted is what CONFIRM_LEAVE counts.
            confirming: {
              on: {
                CONFIRM_LEAVE: [
                  // The conversation always holds more than 2 messages, so there is always a log to save.
                  { guard: inConversation, target: 'saving', actions: 'planWinningExit' },
                  { guard: 'logWorthSaving', target: 'saving', actions: 'planExit' },
                  { target: LEFT },
                ],
                CANCEL_LEAVE: 'staying',
              },
            },
            recordingWin: {
              tags: ['saving'],
              invoke: {
                id: 'recordWin',
                src: 'recordWin',
                input: ({ context }: { context: HotTakesMatchContext }) => ({
                  gameId: context.gameId,
                  messageCount: context.messages.length,
                  finishedAt: context.now(),
                }),
                onDone: [
                  { guard: 'finishing', target: '#hotTakesMatch.result', actions: { type: 'recordAward', params: ({ event }: { event: { output: GameWinOutcome } }) => event.output } },
                  { target: LEFT, actions: { type: 'recordAward', params: ({ event }: { event: { output: GameWinOutcome } }) => event.output } },
                ],
                onError: saveFailed,
              },
            },
          },
        }),
        // The partner's profile dialog: the prompt card's and the header's avatar open it while the game is on.
        profile: partnerProfile({ guard: 'partnerKnown', target: 'checking', actions: 'clearFriendMessages' }),
      },
    },
    // The debate is over and counted: the screen shows 'Debate won: +N points'. The header's avatar still
    // opens the partner's profile (adding them as a friend is a natural next step); the game always has one by now.
    result: {
      type: 'parallel',
      on: {
        PLAY_AGAIN: { target: 'open', actions: 'startOver' },
        BACK: 'left',
      },
      states: {
        profile: partnerProfile({ target: 'checking', actions: 'clearFriendMessages' }),
      },
    },
    left: { id: 'left', type: 'final', entry: 'goToGames' },
  },
});
