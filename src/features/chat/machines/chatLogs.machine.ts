import { assign, setup } from 'xstate';
import type { ChatLog } from '../../../domain/chat';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import type { GameId } from '../../../domain/games';
import { notProvided } from '../../../shared/machines/notProvided';

export interface ChatLogsContext {
  game: GameId;
  logs: ChatLog[];
  error: string | null;
  /** The log being read in full (its place in the list), or null on the list. */
  openIndex: number | null;
}

export type ChatLogsEvent = { type: 'TOGGLE' } | { type: 'RETRY' } | { type: 'OPEN'; index: number } | { type: 'CLOSE' };

/**
 * The chat ↔ logs toggle of every chat screen (docs/product.md section 4: "The logs button toggles the chat and log
 * views"). The `{game}_chat_logs` list is read afresh each time the logs open, so a session saved in
 * another tab shows up without a reload. The list shows previews; any log opens in full, read-only.
 */
export const chatLogsMachine = setup({
  types: {} as { context: ChatLogsContext; events: ChatLogsEvent; input: { game: GameId } },
  actors: {
    /** The game's saved logs, newest first, as the device holds them now. */
    loadChatLogs: notProvided<ChatLog[], { game: GameId }>('loadChatLogs'),
  },
  actions: {
    showLogs: assign((_, logs: ChatLog[]) => ({ logs })),
    // A typed failure (storage) keeps its own text; anything else is an unreadable list.
    explainFailure: assign((_, error: unknown) => ({ error: messageFor(error, messages.chat.logsLoadFailed) })),
    forgetFailure: assign({ error: null }),
    openLog: assign((_, index: number) => ({ openIndex: index })),
    closeLog: assign({ openIndex: null }),
  },
  guards: {
    isListedLog: ({ context }, index: number) => Number.isInteger(index) && index >= 0 && index < context.logs.length,
  },
}).createMachine({
  id: 'chatLogs',
  context: ({ input }) => ({ game: input.game, logs: [], error: null, openIndex: null }),
  initial: 'chat',
  states: {
    chat: {
      on: { TOGGLE: 'logs' },
    },
    logs: {
      initial: 'loading',
      on: { TOGGLE: 'chat' },
      states: {
        loading: {
          invoke: {
            id: 'loadChatLogs',
            src: 'loadChatLogs',
            input: ({ context }) => ({ game: context.game }),
            onDone: { target: 'ready', actions: { type: 'showLogs', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'explainFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        ready: {
          on: { OPEN: { guard: { type: 'isListedLog', params: ({ event }) => event.index }, target: 'reading', actions: { type: 'openLog', params: ({ event }) => event.index } } },
        },
        // One log in full, read-only; leaving it (or the logs) forgets which one was open.
        reading: {
          exit: 'closeLog',
          on: { CLOSE: 'ready' },
        },
        failed: { exit: 'forgetFailure', on: { RETRY: 'loading' } },
      },
    },
  },
});
