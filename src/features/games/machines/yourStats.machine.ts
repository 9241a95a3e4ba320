import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../../../domain/messages';
import { statsFailureText } from '../services/stats';
import { knownYourStats, loadYourStats, unsentGames, type YourStats } from '../services/yourStats';

export interface YourStatsContext {
  /** The figures shown: what was known at once (a guest's zeros, a member's last figures) until the load answers. */
  stats: YourStats | null;
  /** The member's finished games waiting on the device, known even when the figures are not. */
  unsent: number;
  error: string | null;
}

/** The Games hub's 'Your Stats': shows what is known at once, loads the current figures, retries on request. */
export const yourStatsMachine = setup({
  types: {} as { context: YourStatsContext; events: { type: 'RETRY' } },
  actors: {
    loadYourStats: fromPromise<YourStats>(() => loadYourStats()),
  },
}).createMachine({
  id: 'yourStats',
  context: () => {
    const stats = knownYourStats();
    return { stats, unsent: stats?.unsent ?? 0, error: null };
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
            stats: ({ context }) => context.stats ?? knownYourStats(),
            unsent: () => unsentGames(),
            error: ({ event }) => statsFailureText(event.error, messages.leaderboard.statsLoadFailed),
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
