import { assign, setup } from 'xstate';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { notProvided } from '../../../shared/machines/notProvided';
import type { YourStats } from '../../../domain/stats';

export interface YourStatsContext {
  /** The figures shown: what was known at once (a guest's zeros, a member's last figures) until the load answers. */
  stats: YourStats | null;
  /** The member's finished games waiting on the device, known even when the figures are not. */
  unsent: number;
  error: string | null;
}

/** What the device knows without asking the server: the figures shown at once and the games waiting to be sent. */
export interface KnownYourStats {
  stats: YourStats | null;
  unsent: number;
}

export interface YourStatsInput {
  /** Reads what the device knows: when the screen opens, and again when a load fails (the session may have settled since). */
  readKnown: () => KnownYourStats;
}

/** The Games hub's 'Your Stats': shows what is known at once, loads the current figures, retries on request. */
export const yourStatsMachine = setup({
  types: {} as { context: YourStatsContext & YourStatsInput; events: { type: 'RETRY' }; input: YourStatsInput },
  actors: {
    /** The current figures; a failure comes worded for the person (ExplainedError). */
    loadYourStats: notProvided<YourStats>('loadYourStats'),
  },
}).createMachine({
  id: 'yourStats',
  context: ({ input }) => {
    const { stats } = input.readKnown();
    return { readKnown: input.readKnown, stats, unsent: stats?.unsent ?? 0, error: null };
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadYourStats',
        src: 'loadYourStats',
        onDone: { target: 'ready', actions: assign({ stats: ({ event }) => event.output, unsent: ({ event }) => event.output.unsent }) },
        onError: {
          target: 'failed',
          // The session may have settled since the screen opened: the member's last figures, if any, stay in view.
          actions: assign({
            stats: ({ context }) => context.stats ?? context.readKnown().stats,
            unsent: ({ context }) => context.readKnown().unsent,
            error: ({ event }) => messageFor(event.error, messages.leaderboard.statsLoadFailed),
          }),
        },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
