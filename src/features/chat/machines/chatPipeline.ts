import { and, assign, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import { appendMessage, isSendable, type ChatMessage } from '../../../domain/chat';
import { messageFor } from '../../../domain/errorText';
import { messages as texts } from '../../../domain/messages';
import { replyDelayMs, type DelayRange } from '../../../domain/replyTiming';

/**
 * The pipeline every chat runs (bot games, Hot Takes solo and matched, friend chat), kept in one place so
 * the four cannot drift apart, as formFlow.ts does for the forms:
 *
 * - send: ChatView's SEND (non-blank text, kept untrimmed) or EMOJI becomes the user's message;
 * - queue: a message sent while a reply is on its way is owed a reply (`repliesOwed`);
 * - deliver: the chat's `writeReply` actor writes the reply (a canned line or an AI call) while the delay
 *   drawn from the chat's docs/product.md range runs; the reply shows once both are done, then the next owed
 *   reply starts, or the chat goes idle;
 * - leave: BACK saves the session through the chat's `saveLog` actor and leaves; a failed save keeps the
 *   chat on screen with the reason, and BACK tries again, DISMISS hides the notice, LEAVE gives up.
 *
 * Each chat keeps its own machine file and setup(); this module supplies the context fields, the named
 * actions, guards and delay, and the state nodes. The conversation region has the id `talk` and the
 * final state the id `left`, so the transitions here can name them from anywhere in the machine.
 */

export type ComposerEvent = { type: 'SEND'; text: string } | { type: 'EMOJI'; emoji: string };

/** The events of leaving: BACK (leave, or try the save again), DISMISS (keep chatting), LEAVE (give up). */
export type LeaveEvent = { type: 'BACK' } | { type: 'DISMISS' } | { type: 'LEAVE' };

export interface ChatPipelineContext {
  messages: ChatMessage[];
  now: () => number;
  /** A number in [0, 1) like Math.random: reply delays and canned replies. */
  random: () => number;
  /** Messages sent while a reply was on its way that still wait for theirs. */
  repliesOwed: number;
  /** The reply the writer produced, waiting for its delay to pass. */
  pendingReply: string | null;
  /** The delay of the reply on its way, drawn from the chat's range when it was scheduled. */
  replyDelayMs: number;
  /** Why the save on leaving failed; null when there is nothing to show. */
  saveError: string | null;
}

export const TALK = '#talk';
export const LEFT = '#left';
const LEAVE = '#leave';

export interface ChatPipelineOptions<TContext extends ChatPipelineContext> {
  /** docs/product.md's delay range for a reply; null for replies shown as soon as they are written. */
  delay: DelayRange | null;
  /**
   * 'each': every message gets its own reply (bot games, solo reactions); 'together': the messages sent
   * while a reply is on its way are answered together by the next one (friend and matched chats).
   */
  answers: 'each' | 'together';
  /** Whose name the reply carries. */
  replySender: (context: TContext) => string;
  /** Shown when writing the reply failed. */
  fallbackReply: (context: TContext) => string;
}

/** The clock and the random source a chat runs on: the device's in the app, fixed ones in tests. */
export interface ChatSources {
  now: () => number;
  /** A number in [0, 1) like Math.random. */
  random: () => number;
}

/** The pipeline's starting context: `opening` gives the first messages (the welcome) at the start time. */
export function pipelineContext({ now, random }: ChatSources, opening: (now: number) => ChatMessage[]) {
  return { messages: opening(now()), now, random, repliesOwed: 0, pendingReply: null, replyDelayMs: 0, saveError: null };
}

/** What the user's SEND or EMOJI adds: a 'text' message (untrimmed) or an 'emoji' one; null for other events. */
function composed(event: EventObject): { text: string; type: 'text' | 'emoji' } | null {
  if (event.type === 'SEND' && 'text' in event && typeof event.text === 'string') return { text: event.text, type: 'text' };
  if (event.type === 'EMOJI' && 'emoji' in event && typeof event.emoji === 'string') return { text: event.emoji, type: 'emoji' };
  return null;
}

function withUserInput(list: ChatMessage[], event: EventObject, now: number): ChatMessage[] {
  const input = composed(event);
  return input ? appendMessage(list, { ...input, sender: 'user' }, now) : list;
}

/** Actions, guards and delay for setup(); TEvent is the chat's whole event union. */
export function chatPipelineImplementations<TContext extends ChatPipelineContext, TEvent extends EventObject>(
  options: ChatPipelineOptions<TContext>,
) {
  // The assigners only touch the pipeline's own fields, which every TContext has.
  const update = (patch: Partial<ChatPipelineContext>) => patch as Partial<TContext>;
  const act = assign<TContext, TEvent, undefined, TEvent, never>;
  return {
    actions: {
      appendUserInput: act(({ context, event }) => update({ messages: withUserInput(context.messages, event, context.now()) })),
      oweReply: act(({ context }) => update({ repliesOwed: context.repliesOwed + 1 })),
      scheduleReply: act(({ context }) =>
        update({ pendingReply: null, replyDelayMs: options.delay ? replyDelayMs(options.delay, context.random()) : 0 }),
      ),
      takeReply: assign<TContext, TEvent, { text: string }, TEvent, never>((_, params) => update({ pendingReply: params.text })),
      takeFallbackReply: act(({ context }) => update({ pendingReply: options.fallbackReply(context) })),
      deliverReply: act(({ context }) =>
        update({
          messages: appendMessage(context.messages, { text: context.pendingReply ?? '', sender: options.replySender(context) }, context.now()),
          pendingReply: null,
          repliesOwed: options.answers === 'each' ? Math.max(0, context.repliesOwed - 1) : 0,
        }),
      ),
      clearSaveError: act(() => update({ saveError: null })),
      /** After a message is appended (mine or a reply): a chat that keeps its conversation provides this. */
      messagesChanged: () => undefined,
      showSaveError: assign<TContext, TEvent, { error: unknown }, TEvent, never>((_, params) =>
        update({ saveError: messageFor(params.error, texts.storage.full) }),
      ),
    },
    guards: {
      /** docs/product.md section 5: send is ignored for empty or blank text. */
      sendable: ({ event }: { event: EventObject }) => {
        const input = composed(event);
        return input?.type === 'text' && isSendable(input.text);
      },
      replyReady: ({ context }: { context: TContext }) => context.pendingReply !== null,
      replyOwed: ({ context }: { context: TContext }) => context.repliesOwed > 0,
    },
    delays: {
      replyDelay: ({ context }: { context: TContext }) => context.replyDelayMs,
    },
  };
}

type InputMapper<TContext, TInput> = (args: { context: TContext }) => TInput;

/** What every replying state shares: the typing tag, the delay drawn on entry, queued sends, the writer. */
function replyingBase<TContext, TInput, const TSrc extends string>(src: TSrc, input: InputMapper<TContext, TInput>) {
  return {
    tags: ['replying'],
    entry: 'scheduleReply',
    on: { SEND: { guard: 'sendable', actions: ['appendUserInput', 'oweReply', 'messagesChanged'] } },
    invoke: {
      id: src,
      src,
      input,
      onDone: { actions: { type: 'takeReply', params: ({ event }: { event: DoneActorEvent<string> }) => ({ text: event.output }) } },
      onError: { actions: 'takeFallbackReply' },
    },
  } as const;
}

// Once due, the written reply is delivered; then the next owed reply starts, or the chat goes idle.
const due = {
  always: [
    { guard: and(['replyReady', 'replyOwed']), target: `${TALK}.replying`, reenter: true, actions: ['deliverReply', 'messagesChanged'] },
    { guard: 'replyReady', target: `${TALK}.idle`, actions: ['deliverReply', 'messagesChanged'] },
  ],
} as const;

/**
 * A state in which a reply is on its way: the `src` writer is invoked and the named delay runs side by
 * side ('waiting' until the delay, then 'due' until the reply is written). Messages sent meanwhile are
 * shown at once and owed a reply.
 */
export function replyingState<TContext, TInput, const TSrc extends string, const TDelay extends string>(
  src: TSrc,
  delay: TDelay,
  input: InputMapper<TContext, TInput>,
) {
  return {
    ...replyingBase(src, input),
    initial: 'waiting',
    states: { waiting: { after: { [delay]: 'due' } as Record<TDelay, 'due'> }, due },
  } as const;
}

/** The conversation's two states: idle until a message, then a reply from `writeReply` shown after `replyDelay`. */
export function talkStates<TContext, TInput>(input: InputMapper<TContext, TInput>) {
  return {
    idle: { on: { SEND: { guard: 'sendable', target: 'replying', actions: 'appendUserInput' } } },
    replying: replyingState('writeReply', 'replyDelay', input),
  } as const;
}

/** The same conversation for a chat whose replies show as soon as they are written (friend chat). */
export function undelayedTalkStates<TContext, TInput>(input: InputMapper<TContext, TInput>) {
  return {
    idle: { on: { SEND: { guard: 'sendable', target: 'replying', actions: ['appendUserInput', 'messagesChanged'] } } },
    replying: { ...replyingBase('writeReply', input), initial: 'due', states: { due } },
  } as const;
}

const DEFAULT_BACK = [{ guard: 'logWorthSaving', target: 'saving' }, { target: LEFT }] as const;
const DEFAULT_FAILED_ON = {
  BACK: 'saving',
  DISMISS: { target: 'staying', actions: 'clearSaveError' },
  LEAVE: LEFT,
} as const;

interface LeaveOptions<TContext, TInput, TBack, TSaved, TFailedOn, TSteps, TWhenStaying> {
  /** What the chat's `saveLog` actor is given. */
  saveInput: (args: { context: TContext }) => TInput;
  /** BACK while staying (default: save when `logWorthSaving`, else leave at once). */
  back?: TBack;
  /** Eventless transitions out of staying (e.g. the matched chat saves once its game is over). */
  whenStaying?: TWhenStaying;
  /** Where a finished save goes (default: leave). */
  onSaved?: TSaved;
  /** The failed state's events (default: BACK tries again, DISMISS keeps chatting, LEAVE gives up). */
  failedOn?: TFailedOn;
  /** Further save steps after the log (e.g. the matched chat's win). */
  steps?: TSteps;
}

/**
 * Leaving, as a region beside the conversation so a failed save leaves the chat exactly where it was:
 * BACK saves when the session is worth keeping (else leaves at once); a failed save waits in 'failed'.
 */
export function leaveStates<
  TContext,
  TInput,
  const TBack = typeof DEFAULT_BACK,
  const TSaved = typeof LEFT,
  const TFailedOn = typeof DEFAULT_FAILED_ON,
  const TSteps extends object = object,
  const TWhenStaying = undefined,
>(options: LeaveOptions<TContext, TInput, TBack, TSaved, TFailedOn, TSteps, TWhenStaying>) {
  return {
    id: 'leave',
    initial: 'staying',
    states: {
      staying: { on: { BACK: options.back ?? (DEFAULT_BACK as TBack) }, always: options.whenStaying },
      saving: {
        tags: ['saving'],
        entry: 'clearSaveError',
        invoke: {
          id: 'saveLog',
          src: 'saveLog',
          input: options.saveInput,
          onDone: options.onSaved ?? (LEFT as TSaved),
          onError: saveFailed,
        },
      },
      failed: { tags: ['saveFailed'], on: options.failedOn ?? (DEFAULT_FAILED_ON as TFailedOn) },
      ...(options.steps ?? ({} as TSteps)),
    },
  } as const;
}

/** Any save step's failure: shown with its reason (storage full unless the error says otherwise). */
export const saveFailed = {
  target: `${LEAVE}.failed`,
  actions: { type: 'showSaveError', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
} as const;

/** What a chat screen reads from any pipeline machine's snapshot, through the tags on the states above. */
interface PipelineSnapshot {
  hasTag: (tag: string) => boolean;
  context: ChatPipelineContext;
}

/** A reply is on its way: the screen shows '{name} is typing...'. */
export const selectReplying = (snapshot: PipelineSnapshot) => snapshot.hasTag('replying');
export const selectSaving = (snapshot: PipelineSnapshot) => snapshot.hasTag('saving');
/** The failed save's reason while the chat waits for try again, keep chatting or leave. */
export const selectSaveError = (snapshot: PipelineSnapshot) => (snapshot.hasTag('saveFailed') ? snapshot.context.saveError : null);
