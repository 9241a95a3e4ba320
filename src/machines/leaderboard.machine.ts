import { assign, fromPromise, setup } from 'xstate';
import { messageFor } from '../domain/errorText';
import { messages } from '../domain/messages';
import { LEADERBOARD_TABS, type LeaderboardEntry, type LeaderboardTab } from '../domain/stats';
import { loadLeaderboard } from '../services/leaderboard';

export interface LeaderboardContext {
  tab: LeaderboardTab;
  entries: LeaderboardEntry[];
  error: string | null;
}

type LeaderboardEvent = { type: 'SELECT_TAB'; tab: LeaderboardTab } | { type: 'RETRY' };

/** Leaderboard: stats for the current user and every sample user, ranked by the selected tab. */
export const leaderboardMachine = setup({
  types: {} as { context: LeaderboardContext; events: LeaderboardEvent },
  actors: {
    // Randomness enters here: first-time stats for other users are drawn once and then stored.
    loadLeaderboard: fromPromise<LeaderboardEntry[]>(async () => loadLeaderboard(Math.random)),
  },
  guards: {
    isTab: ({ event }) => event.type === 'SELECT_TAB' && LEADERBOARD_TABS.some((t) => t.id === event.tab),
  },
}).createMachine({
  id: 'leaderboard',
  context: { tab: 'points', entries: [], error: null },
  initial: 'loading',
  on: {
    SELECT_TAB: { guard: 'isTab', actions: assign({ tab: ({ event }) => event.tab }) },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadLeaderboard',
        src: 'loadLeaderboard',
        onDone: { target: 'ready', actions: assign({ entries: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageFor(event.error, messages.social.leaderboardLoadFailed) }),
        },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
