import { assign, setup } from 'xstate';
import { COMMUNITIES, type Community } from '../../../domain/community';
import { messages } from '../../../domain/messages';
import { socialFailureText } from '../../../domain/socialFailure';
import { notProvided } from '../../../shared/machines/notProvided';

// The profile screen's 'Communities' (issue 13): a member picks any of UW, Microsoft and Seattle, saved at once
// (PUT /api/me/settings). Guests have none of their own, so the choice is not offered to them.

export interface CommunitiesContext {
  chosen: Community[];
  /** What the server last confirmed, where a refused change goes back to. */
  saved: Community[];
  notice: string | null;
  error: string | null;
}

type CommunitiesEvent = { type: 'TOGGLE'; community: Community } | { type: 'RETRY' };

/** In the contract's order, whatever order they were picked in. */
function toggledIn(chosen: readonly Community[], community: Community): Community[] {
  const next = chosen.includes(community) ? chosen.filter((c) => c !== community) : [...chosen, community];
  return COMMUNITIES.filter((c) => next.includes(c));
}

export const communitiesMachine = setup({
  types: {} as { context: CommunitiesContext; events: CommunitiesEvent },
  actors: {
    /** The member's communities as the server keeps them; null for a guest, who has none to choose. */
    loadCommunities: notProvided<Community[] | null>('loadCommunities'),
    /** Saves the choice; answers what the server then keeps. */
    saveCommunities: notProvided<Community[], { communities: Community[] }>('saveCommunities'),
  },
  guards: {
    isMember: (_, params: { communities: Community[] | null }) => params.communities !== null,
  },
}).createMachine({
  id: 'communities',
  context: { chosen: [], saved: [], notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadCommunities',
        src: 'loadCommunities',
        onDone: [
          {
            guard: { type: 'isMember', params: ({ event }) => ({ communities: event.output }) },
            target: 'ready',
            actions: assign({ chosen: ({ event }) => event.output ?? [], saved: ({ event }) => event.output ?? [] }),
          },
          { target: 'guest' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => socialFailureText(event.error) }) },
      },
    },
    guest: { type: 'final' },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        // A change during a save starts a fresh save with the latest choice.
        TOGGLE: {
          target: '.saving',
          reenter: true,
          actions: assign({ chosen: ({ context, event }) => toggledIn(context.chosen, event.community), notice: null, error: null }),
        },
      },
      states: {
        idle: {},
        saving: {
          invoke: {
            id: 'saveCommunities',
            src: 'saveCommunities',
            input: ({ context }) => ({ communities: context.chosen }),
            onDone: {
              target: 'idle',
              actions: assign({ chosen: ({ event }) => event.output, saved: ({ event }) => event.output, notice: messages.safety.communitiesSaved }),
            },
            onError: {
              target: 'idle',
              actions: assign({ chosen: ({ context }) => context.saved, error: ({ event }) => socialFailureText(event.error) }),
            },
          },
        },
      },
    },
  },
});
