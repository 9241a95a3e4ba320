import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { COMMUNITY_FILTERS, type CommunityFilter } from '../../../domain/community';

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

type CommunityActor = ActorRefFrom<typeof communityMachine>;

/**
 * The one way a flow filters by the header's choice (Discover): an actor for it to invoke that sends
 * COMMUNITY with the current choice at once and again on every change. The flow keeps no choice of its own.
 */
export function followCommunityOf(header: CommunityActor) {
  return fromCallback(({ sendBack }) => {
    sendBack({ type: 'COMMUNITY', community: header.getSnapshot().context.community });
    const subscription = header.subscribe((s) => sendBack({ type: 'COMMUNITY', community: s.context.community }));
    return () => subscription.unsubscribe();
  });
}
