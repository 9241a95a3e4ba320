import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../domain/messages';
import { statsFailureText } from '../services/members/stats';
import { knownYourStats, loadYourStats, type YourStats } from '../services/yourStats';

export interface YourStatsContext {
  /** The figures shown: what was known at once (a guest's zeros, a member's last figures) until the load answers. */
  stats: YourStats | null;
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
  context: () => ({ stats: knownYourStats(), error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadYourStats',
        src: 'loadYourStats',
        onDone: { target: 'ready', actions: assign({ stats: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          // The session may have settled since the screen opened: the member's last figures, if any, stay in view.
          actions: assign({
            stats: ({ context }) => context.stats ?? knownYourStats(),
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
