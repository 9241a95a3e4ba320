import { assign, setup } from 'xstate';
import { COMMUNITY_FILTERS, type CommunityFilter } from '../../../domain/community';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { LEADERBOARD_TABS, type LeaderboardEntry, type LeaderboardTab } from '../../../domain/stats';
import { notProvided } from '../../../shared/machines/notProvided';
import type { Board } from '../../../domain/stats';

export interface LeaderboardContext {
  tab: LeaderboardTab;
  /** The header's community filter: a member's tabs rank the members of it. */
  community: CommunityFilter;
  /** The last loaded entries; kept on screen while another tab or community loads. */
  entries: LeaderboardEntry[];
  /** The member's finished games still waiting on the device for the server. */
  unsent: number;
  error: string | null;
}

type LeaderboardEvent =
  | { type: 'SELECT_TAB'; tab: LeaderboardTab }
  | { type: 'COMMUNITY'; community: CommunityFilter }
  | { type: 'RETRY' };

/**
 * Leaderboard: the entries for the selected tab and community, ranked by the tab. Every change of tab or
 * community loads again; the service decides whose entries they are (the device's for a guest, the
 * server's for a member).
 */
export const leaderboardMachine = setup({
  types: {} as {
    context: LeaderboardContext;
    events: LeaderboardEvent;
    input: { community?: CommunityFilter } | undefined;
  },
  actors: {
    /** The entries of a tab and community; a failure comes worded for the person (ExplainedError). */
    loadBoard: notProvided<Board, { tab: LeaderboardTab; community: CommunityFilter }>('loadBoard'),
  },
  guards: {
    isOtherTab: ({ context, event }) =>
      event.type === 'SELECT_TAB' && event.tab !== context.tab && LEADERBOARD_TABS.some((t) => t.id === event.tab),
    isOtherCommunity: ({ context, event }) =>
      event.type === 'COMMUNITY' && event.community !== context.community && COMMUNITY_FILTERS.includes(event.community),
  },
}).createMachine({
  id: 'leaderboard',
  context: ({ input }) => ({ tab: 'points', community: input?.community ?? 'All Communities', entries: [], unsent: 0, error: null }),
  initial: 'loading',
  on: {
    SELECT_TAB: { guard: 'isOtherTab', target: '.loading', actions: assign({ tab: ({ event }) => event.tab }) },
    COMMUNITY: { guard: 'isOtherCommunity', target: '.loading', actions: assign({ community: ({ event }) => event.community }) },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        input: ({ context }) => ({ tab: context.tab, community: context.community }),
        onDone: { target: 'ready', actions: assign({ entries: ({ event }) => event.output.entries, unsent: ({ event }) => event.output.unsent }) },
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
