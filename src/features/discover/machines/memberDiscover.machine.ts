import { assertEvent, assign, setup } from 'xstate';
import type { CommunityFilter } from '../../../domain/community';
import { messages } from '../../../domain/messages';
import { messageFor } from '../../../domain/errorText';
import type { DiscoverCardWire } from '../../../domain/socialContract';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import type { DiscoverPageQuery, MemberDiscoverPage } from '../../../domain/discover';
import type { LiveEmitted } from '../../live';

/**
 * A member's Discover: pages of people ranked by the server, which also searches and filters by
 * community ('Show more' asks for the next page). 'Add Friend' asks a member (the card then reads 'Request
 * sent'), accepts one who asked first ('Accept'), and befriends a sample person at once, as for guests.
 * A friendship made here is announced in the page, never in a browser alert. What the live channel says
 * (the app's live actor, forwarded by the screen) ranks again without blanking the page: the member's people
 * changed ('people.changed': a card's 'Request sent' becomes a friend), their profile was saved
 * ('profile.changed': the ranking follows the profile as last edited), or the channel opened again.
 */
export interface MemberDiscoverContext {
  community: CommunityFilter;
  query: string;
  cards: DiscoverCardWire[];
  nextCursor: string | null;
  sampleFriendIds: string[];
  /** The person whose Add Friend (or Accept) is on its way. */
  sendingId: string | null;
  notice: string | null;
  error: string | null;
}

type MemberDiscoverEvent =
  | { type: 'SEARCH'; query: string }
  | { type: 'COMMUNITY'; community: CommunityFilter }
  | { type: 'ADD_FRIEND'; userId: string }
  | { type: 'SHOW_MORE' }
  | { type: 'GO_TO_PROFILE' }
  | { type: 'RETRY' }
  | { type: 'DISMISS_NOTICE' }
  | LiveEmitted;

/** Whether the card's button can still do something: not a friend, not already asked. */
export function canBefriend(card: DiscoverCardWire, sampleFriendIds: readonly string[]): boolean {
  if (card.kind === 'sample') return !sampleFriendIds.includes(card.id);
  return card.relation === 'none' || card.relation === 'incoming';
}

export const memberDiscoverMachine = setup({
  types: {} as {
    context: MemberDiscoverContext;
    events: MemberDiscoverEvent;
  },
  actors: {
    // Provided by the screen: followCommunityOf(the header's community actor) from community.machine.ts.
    followCommunity: callbackNotProvided('followCommunity'),
    /** One page ranked by the server (nothing asked while the profile is incomplete). */
    loadPage: notProvided<MemberDiscoverPage, DiscoverPageQuery>('loadPage'),
    /** A sample person befriended on the device, a member asked (or accepted). */
    befriend: notProvided<{ relation: 'outgoing' | 'friends' }, Pick<DiscoverCardWire, 'id' | 'kind'>>('befriend'),
  },
  guards: {
    pageComplete: (_, params: { complete: boolean }) => params.complete,
    communityChanged: ({ context, event }) => event.type === 'COMMUNITY' && event.community !== context.community,
    canBefriend: ({ context, event }) => {
      assertEvent(event, 'ADD_FRIEND');
      const card = context.cards.find((c) => c.id === event.userId);
      return card !== undefined && canBefriend(card, context.sampleFriendIds);
    },
    hasMore: ({ context }) => context.nextCursor !== null,
    // A request someone just sent is a change too: their card must offer Accept, not Add Friend.
    liveChange: ({ event }) =>
      (event.type === 'live.received' && (event.frame.type === 'people.changed' || event.frame.type === 'profile.changed' || event.frame.type === 'friendRequest')) ||
      (event.type === 'live.status' && event.status === 'open'),
  },
  actions: {
    goToProfile: () => {
      // Provided by the screen: navigate('/profile').
    },
    peopleChanged: () => {
      // Provided by the screen: the app's friend requests refresh, so a sent request is known as outgoing.
    },
    logFollowFailure: ({ event }) => console.error('Following the header community failed', (event as { error?: unknown }).error),
    logRefreshFailure: ({ event }) => console.error('Discover could not rank again', (event as { error?: unknown }).error),
  },
  delays: {
    // Typing a search asks the server once the person pauses, not on every key.
    searchDelay: 300,
  },
}).createMachine({
  id: 'memberDiscover',
  context: {
    community: 'All Communities',
    query: '',
    cards: [],
    nextCursor: null,
    sampleFriendIds: [],
    sendingId: null,
    notice: null,
    error: null,
  },
  initial: 'loading',
  // The header's community arrives as COMMUNITY at once and on every change; a different one loads again.
  invoke: { id: 'followCommunity', src: 'followCommunity', onError: { actions: 'logFollowFailure' } },
  on: {
    // A new search or community replaces the page; an Add Friend on its way is no longer waited for.
    SEARCH: { target: '.waiting', actions: assign({ query: ({ event }) => event.query, sendingId: null }) },
    COMMUNITY: { guard: 'communityChanged', target: '.loading', actions: assign({ community: ({ event }) => event.community, sendingId: null }) },
    DISMISS_NOTICE: { actions: assign({ notice: null }) },
  },
  states: {
    waiting: {
      after: { searchDelay: 'loading' },
    },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ community: context.community, query: context.query, cursor: null }),
        onDone: [
          {
            guard: { type: 'pageComplete', params: ({ event }) => ({ complete: event.output.complete }) },
            target: 'ready',
            actions: assign(({ event }) => ({
              cards: event.output.cards,
              nextCursor: event.output.nextCursor,
              sampleFriendIds: event.output.sampleFriendIds,
            })),
          },
          { target: 'incomplete', actions: assign({ cards: [], nextCursor: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageFor(event.error, messages.social.usersLoadFailed) }),
        },
      },
      // Asked before the change: asked again, so the page shows it.
      on: {
        'live.received': { guard: 'liveChange', target: 'loading', reenter: true },
        'live.status': { guard: 'liveChange', target: 'loading', reenter: true },
      },
    },
    incomplete: {
      on: {
        GO_TO_PROFILE: { actions: 'goToProfile' },
        // The profile may just have become complete on the server.
        'live.received': { guard: 'liveChange', target: 'loading' },
        'live.status': { guard: 'liveChange', target: 'loading' },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ADD_FRIEND: { guard: 'canBefriend', target: 'sending', actions: assign({ sendingId: ({ event }) => event.userId, error: null }) },
            SHOW_MORE: { guard: 'hasMore', target: 'loadingMore', actions: assign({ error: null }) },
            'live.received': { guard: 'liveChange', target: 'refreshing' },
            'live.status': { guard: 'liveChange', target: 'refreshing' },
          },
        },
        // The first page again, the cards staying in view meanwhile; a failure keeps them as they were.
        refreshing: {
          invoke: {
            id: 'refreshPage',
            src: 'loadPage',
            input: ({ context }) => ({ community: context.community, query: context.query, cursor: null }),
            onDone: [
              {
                guard: { type: 'pageComplete', params: ({ event }) => ({ complete: event.output.complete }) },
                target: 'idle',
                actions: assign(({ event }) => ({
                  cards: event.output.cards,
                  nextCursor: event.output.nextCursor,
                  sampleFriendIds: event.output.sampleFriendIds,
                })),
              },
              { target: '#memberDiscover.incomplete', actions: assign({ cards: [], nextCursor: null }) },
            ],
            onError: { target: 'idle', actions: 'logRefreshFailure' },
          },
          on: {
            'live.received': { guard: 'liveChange', target: 'refreshing', reenter: true },
            'live.status': { guard: 'liveChange', target: 'refreshing', reenter: true },
          },
        },
        sending: {
          invoke: {
            id: 'befriend',
            src: 'befriend',
            input: ({ context }) => {
              const card = context.cards.find((c) => c.id === context.sendingId);
              return { id: context.sendingId ?? '', kind: card?.kind ?? 'member' };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const card = context.cards.find((c) => c.id === context.sendingId);
                  const befriended = event.output.relation === 'friends';
                  return {
                    cards: context.cards.map((c) => (c.id === context.sendingId && c.kind === 'member' ? { ...c, relation: event.output.relation } : c)),
                    sampleFriendIds: card?.kind === 'sample' ? [...context.sampleFriendIds, card.id] : context.sampleFriendIds,
                    notice: befriended && card ? messages.friends.added(card.username) : context.notice,
                    sendingId: null,
                  };
                }),
                'peopleChanged',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ sendingId: null, error: ({ event }) => messageFor(event.error, messages.requests.requestFailed) }),
            },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ community: context.community, query: context.query, cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                // A person who moved between pages while the ranking changed is shown once.
                cards: [...context.cards, ...event.output.cards.filter((card) => !context.cards.some((c) => c.id === card.id))],
                nextCursor: event.output.nextCursor,
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => messageFor(event.error, messages.requests.moreFailed) }) },
          },
        },
      },
    },
  },
});
