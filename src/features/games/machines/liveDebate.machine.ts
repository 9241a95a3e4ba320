import { assign, enqueueActions, sendTo, setup } from 'xstate';
import { shouldSaveLog, type ChatMessage } from '../../../domain/chat';
import type { ClientFrame, DebateView, ServerFrame } from '../../../domain/liveContract';
import { MATCHMAKING_TIMEOUT_MS } from '../../../domain/liveContract';
import { isWinningGame } from '../../../domain/gameAward';
import { actionNotProvided, callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import type { LiveCommand, LiveEmitted } from '../../live';
import { debateChatMessages, debateMessageCount, OPPONENT, pendingLine } from './debateChat';

// Hot Takes against a member: search the matchmaking queue over the live link; matched,
// the server's 'debate.state' frames drive the phases (writing, SPEC's reveal, the live argument, the end),
// and each new message comes alone in a 'debate.message' frame.
// With nobody matched within MATCHMAKING_TIMEOUT_MS the search is cancelled and the AI chat takes over.

export interface LiveDebateContext {
  /** Unique per screen instance: with a counter it makes client ids that never repeat across reloads. */
  instanceId: string;
  sent: number;
  debate: DebateView | null;
  /** The take sent, until the server's state carries it. */
  sentTake: string | null;
  /** Mine, sent and not yet stored by the server; each one's id is its client id. */
  pending: ChatMessage[];
  /** This member pressed Back (and confirmed) or 'End debate': the end is theirs. */
  leftByMe: boolean;
  /** The end was 'End debate' on a won debate, not leaving it. */
  finishedByMe: boolean;
  /** Back was pressed during the debate: the in-page question is open. */
  leaveAsked: boolean;
}

export interface LiveDebateInput {
  /** Unique per screen instance (the screen draws a random one; tests pass a fixed one). */
  instanceId: string;
}

/** What a saved debate log holds: the chat as it ended, under the other member's name. */
export interface SaveDebateLogInput {
  messages: ChatMessage[];
  partner: string;
}

export type LiveDebateEvent =
  | LiveEmitted
  | { type: 'SEND'; text: string }
  | { type: 'EMOJI'; emoji: string }
  | { type: 'BACK' }
  /** The answers to Back's question during a debate. */
  | { type: 'CONFIRM_LEAVE' }
  | { type: 'CANCEL_LEAVE' }
  /** 'End debate', offered once the debate is won. */
  | { type: 'FINISH' };

type DebateFrameOut = Exclude<ClientFrame, { type: 'send' | 'typing' | 'read' }>;
type MessageFrame = Extract<ServerFrame, { type: 'debate.message' }>;

/** The chat as it ended, for 'View Chat Logs': the other member's lines under their name. */
function endedChat(context: LiveDebateContext): ChatMessage[] {
  const name = context.debate?.opponent.username ?? '';
  return debateChatMessages({ debate: context.debate, sentTake: context.sentTake, pending: context.pending, phase: 'ended' }).map((m) =>
    m.sender === OPPONENT ? { ...m, sender: name } : m,
  );
}

function frame(frame: DebateFrameOut): LiveCommand {
  return { type: 'live.frame', frame };
}

function stateOf(event: LiveDebateEvent): DebateView | null {
  return event.type === 'live.received' && event.frame.type === 'debate.state' ? event.frame.debate : null;
}

/** A message frame of the debate on screen: the server pushes each new message alone, after the state. */
function ourMessage(context: LiveDebateContext, event: LiveDebateEvent): MessageFrame | null {
  if (event.type !== 'live.received' || event.frame.type !== 'debate.message') return null;
  const pushed = event.frame;
  return context.debate?.debateId === pushed.debateId ? pushed : null;
}

/** Stored message ids are increasing integers: shorter is older, then by digits. */
function olderFirst(a: { id: string }, b: { id: string }): number {
  return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A state frame of the debate on screen (or, before one is set, of any debate). */
function ourState(context: LiveDebateContext, event: LiveDebateEvent): DebateView | null {
  const debate = stateOf(event);
  if (!debate || (context.debate && context.debate.debateId !== debate.debateId)) return null;
  return debate;
}

export const liveDebateMachine = setup({
  types: {} as { context: LiveDebateContext; events: LiveDebateEvent; input: LiveDebateInput },
  actors: {
    // Provided by the screen: forwards commands to the app's live actor and its frames and status back.
    liveLink: callbackNotProvided<LiveCommand>('liveLink'),
    // SPEC "Leaving a chat": a matched chat with more than 2 messages is kept in the game's logs.
    saveLog: notProvided<undefined, SaveDebateLogInput>('saveLog'),
  },
  delays: {
    matchmakingTimeout: MATCHMAKING_TIMEOUT_MS,
    // SPEC "Hot Takes matched chat phases": the reveal line 0.5 s after the take, the partner's take 1 s later.
    revealIntroDelay: 500,
    revealTakeDelay: 1000,
    lateMatchWindow: 3000,
  },
  guards: {
    /** A debate starting (not the end of one this member left by searching again). */
    matchFound: ({ event }) => {
      const debate = stateOf(event);
      return debate !== null && debate.phase !== 'ended';
    },
    linkOpen: ({ event }) => event.type === 'live.status' && event.status === 'open',
    revealed: ({ context, event }) => ourState(context, event)?.phase === 'revealed',
    takeStored: ({ context, event }) => {
      const debate = ourState(context, event);
      return debate?.phase === 'writing' && debate.yourTake !== null;
    },
    ended: ({ context, event }) => ourState(context, event)?.phase === 'ended',
    ourDebate: ({ context, event }) => ourState(context, event) !== null,
    ourMessage: ({ context, event }) => ourMessage(context, event) !== null,
    /** The server no longer knows the debate (it ended while this side was away). */
    debateGone: ({ event }) => event.type === 'live.received' && event.frame.type === 'error' && event.frame.code === 'DEBATE_NOT_FOUND',
    textSendable: ({ event }) => event.type === 'SEND' && event.text.trim() !== '',
    logWorthSaving: ({ context }) => shouldSaveLog('matched', endedChat(context)),
    leaveAsked: ({ context }) => context.leaveAsked,
    /** As the server counts it: the two takes and every stored message, more than 4 wins it for both. */
    debateWon: ({ context }) => isWinningGame(debateMessageCount(context.debate)),
  },
  actions: {
    /** The screen's navigate('/games'). */
    goToGames: actionNotProvided('goToGames'),
    sendJoin: sendTo('liveLink', frame({ type: 'debate.join', community: null })),
    sendCancel: sendTo('liveLink', frame({ type: 'debate.cancel' })),
    takeState: assign(({ context, event }) => {
      const debate = stateOf(event);
      if (!debate) return {};
      const stored = new Set(debate.messages.map((m) => m.clientId));
      return { debate, pending: context.pending.filter((p) => !stored.has(p.id)), sentTake: debate.yourTake === null ? context.sentTake : null };
    }),
    /** One new message: appended once (a repeat of an id already shown changes nothing), ending its wait if it is ours. */
    appendMessage: assign(({ context, event }) => {
      const pushed = ourMessage(context, event);
      const debate = context.debate;
      if (!pushed || !debate || debate.messages.some((m) => m.id === pushed.message.id)) return {};
      const mine = pushed.message.from !== debate.opponent.id;
      return {
        debate: { ...debate, messages: [...debate.messages, pushed.message].sort(olderFirst) },
        pending: mine ? context.pending.filter((p) => p.id !== pushed.message.clientId) : context.pending,
      };
    }),
    sendTake: sendTo('liveLink', ({ context, event }) =>
      frame({ type: 'debate.take', debateId: context.debate!.debateId, text: event.type === 'SEND' ? event.text : '' }),
    ),
    keepTake: assign({ sentTake: ({ event }) => (event.type === 'SEND' ? event.text : null) }),
    queueMessage: assign(({ context, event }) => {
      const text = event.type === 'SEND' ? event.text : event.type === 'EMOJI' ? event.emoji : '';
      return { sent: context.sent + 1, pending: [...context.pending, pendingLine(`${context.instanceId}-${context.sent + 1}`, text)] };
    }),
    sendLastPending: sendTo('liveLink', ({ context }) => {
      const last = context.pending.at(-1)!;
      return frame({ type: 'debate.say', debateId: context.debate!.debateId, clientId: last.id, text: last.text });
    }),
    /**
     * After a reconnect: what the server may not have, since frames are dropped while offline. It stores
     * each take and message once, and a debate ends once.
     */
    resend: enqueueActions(({ context, enqueue }) => {
      const { debate } = context;
      if (!debate || debate.phase === 'ended') return;
      if (context.leftByMe) {
        enqueue.sendTo('liveLink', frame({ type: 'debate.leave', debateId: debate.debateId }));
        return;
      }
      if (context.sentTake !== null && debate.yourTake === null) enqueue.sendTo('liveLink', frame({ type: 'debate.take', debateId: debate.debateId, text: context.sentTake }));
      for (const p of context.pending) enqueue.sendTo('liveLink', frame({ type: 'debate.say', debateId: debate.debateId, clientId: p.id, text: p.text }));
    }),
    sendLeave: sendTo('liveLink', ({ context }) => frame({ type: 'debate.leave', debateId: context.debate!.debateId })),
    markLeft: assign({ leftByMe: true }),
    markFinished: assign({ leftByMe: true, finishedByMe: true }),
    askLeave: assign({ leaveAsked: true }),
    closeLeaveQuestion: assign({ leaveAsked: false }),
    /** A match that came after the AI took the seat: leave it, so the other member is not left waiting. */
    leaveLateMatch: sendTo('liveLink', ({ event }) => frame({ type: 'debate.leave', debateId: stateOf(event)!.debateId })),
  },
}).createMachine({
  id: 'liveDebate',
  context: ({ input }) => ({
    instanceId: input.instanceId,
    sent: 0,
    debate: null,
    sentTake: null,
    pending: [],
    leftByMe: false,
    finishedByMe: false,
    leaveAsked: false,
  }),
  invoke: { id: 'liveLink', src: 'liveLink', onError: { target: '.aiOpponent' } },
  initial: 'searching',
  states: {
    searching: {
      entry: 'sendJoin',
      after: { matchmakingTimeout: { target: 'aiOpponent', actions: 'sendCancel' } },
      on: {
        // The first state may be past writing: back after a reload mid-debate.
        'live.received': [
          { guard: 'revealed', target: 'matched.talking', actions: 'takeState' },
          { guard: 'takeStored', target: 'matched.waiting', actions: 'takeState' },
          { guard: 'matchFound', target: 'matched', actions: 'takeState' },
        ],
        // The join is not queued while offline: ask again once the link is back.
        'live.status': { guard: 'linkOpen', actions: 'sendJoin' },
        BACK: { target: 'left', actions: 'sendCancel' },
      },
    },
    matched: {
      initial: 'writing',
      on: {
        'live.received': [
          { guard: 'ended', target: '.ended', actions: 'takeState' },
          { guard: 'debateGone', target: '.ended' },
          { guard: 'ourDebate', actions: 'takeState' },
          { guard: 'ourMessage', actions: 'appendMessage' },
        ],
        'live.status': { guard: 'linkOpen', actions: 'resend' },
        // Leaving ends the debate for both: Back asks first (the debate goes on behind the question).
        BACK: { actions: 'askLeave' },
        CANCEL_LEAVE: { actions: 'closeLeaveQuestion' },
        CONFIRM_LEAVE: { guard: 'leaveAsked', target: '.ended', actions: ['sendLeave', 'markLeft'] },
      },
      states: {
        writing: {
          on: {
            SEND: { guard: 'textSendable', target: 'waiting', actions: ['keepTake', 'sendTake'] },
            'live.received': [
              { guard: 'revealed', target: 'revealing', actions: 'takeState' },
              { guard: 'takeStored', target: 'waiting', actions: 'takeState' },
            ],
          },
        },
        waiting: {
          on: { 'live.received': { guard: 'revealed', target: 'revealing', actions: 'takeState' } },
        },
        revealing: {
          initial: 'intro',
          states: {
            intro: { after: { revealIntroDelay: 'take' } },
            take: { after: { revealTakeDelay: '#liveDebate.matched.talking' } },
          },
        },
        talking: {
          on: {
            SEND: { guard: 'textSendable', actions: ['queueMessage', 'sendLastPending'] },
            EMOJI: { actions: ['queueMessage', 'sendLastPending'] },
            FINISH: { guard: 'debateWon', target: 'ended', actions: ['sendLeave', 'markFinished'] },
          },
        },
        ended: {
          // However it ended, there is nothing left to ask about.
          entry: 'closeLeaveQuestion',
          on: {
            'live.received': { guard: 'ourDebate', actions: 'takeState' },
            BACK: [{ guard: 'logWorthSaving', target: '#liveDebate.savingLog' }, { target: '#liveDebate.left' }],
          },
        },
      },
    },
    aiOpponent: {
      initial: 'lateMatches',
      states: {
        // A match the server made just before the cancel arrives right after it. Later matches are this
        // member's other tab's debates, which are not this screen's to end.
        lateMatches: {
          after: { lateMatchWindow: 'settled' },
          on: { 'live.received': { guard: 'matchFound', actions: 'leaveLateMatch' } },
        },
        settled: {},
      },
    },
    // Outside the debate's states: nothing the server sends now can pull the member back into it.
    // A log that cannot be stored (a full device) does not keep the member on an ended debate.
    savingLog: {
      invoke: {
        id: 'saveLog',
        src: 'saveLog',
        input: ({ context }) => ({ messages: endedChat(context), partner: context.debate?.opponent.username ?? '' }),
        onDone: 'left',
        onError: 'left',
      },
    },
    left: { type: 'final', entry: 'goToGames' },
  },
});
