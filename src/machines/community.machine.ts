import { assign, setup } from 'xstate';
import { COMMUNITY_FILTERS, type CommunityFilter } from '../domain/community';

/** The header's community filter, shared by the screens that filter by it (Discover). */
export const communityMachine = setup({
  types: {} as {
    context: { community: CommunityFilter };
    events: { type: 'SELECT'; community: CommunityFilter };
  },
  guards: {
    isKnownCommunity: ({ event }) => (COMMUNITY_FILTERS as readonly string[]).includes(event.community),
  },
}).createMachine({
  id: 'community',
  context: { community: 'All Communities' },
  on: {
    SELECT: { guard: 'isKnownCommunity', actions: assign({ community: ({ event }) => event.community }) },
  },
});
