import { assertEvent, assign, setup } from 'xstate';
import type { CommunityFilter } from '../../../domain/community';
import type { BefriendAnswer, DiscoverPage, DiscoverPageQuery, DiscoverPerson } from '../../../domain/discover';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import type { DiscoverCard } from '../../../domain/socialContract';
import { actionNotProvided, callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import type { LiveEmitted } from '../../live';

/**
 * Discover ('Discover Friends'), the same for a guest and a member: pages of ranked people from one source,
 * which also searches and filters by community, and befriends. The app provides the source: the device for
 * a guest (the sample people, ranked on the device, one page, a friend at once), the server for a member
 * (members and sample people ranked by the server; 'Show more' asks for the next page; 'Add Friend' asks a
 * member, whose card then reads 'Request sent', and accepts one who asked first). A new search or community
 * ranks again with the cards staying in view. A friendship made here is announced in the page, never in a
 * browser alert. What the live channel says (a member's only; forwarded by the screen) ranks again without
 * blanking the page: the member's people changed ('people.changed': a card's 'Request sent' becomes a
 * friend), someone sent a request, their profile was saved ('profile.changed'), or the channel opened again.
 */
export interface DiscoverContext {
  community: CommunityFilter;
  query: string;
  cards: DiscoverCard[];
  nextCursor: string | null;
  sampleFriendIds: string[];
  /** The person whose Add Friend (or Accept) is on its way. */
  sendingId: string | null;
  /** "You're now friends with {name}!" after an add, shown in the page until dismissed or the next add. */
  notice: string | null;
  error: string | null;
  /**
   * A ranking was cut short by an Add Friend, or a change was heard while one was on its way: the first
   * page is asked again once the add is answered, so the cards never keep an older ranking.
   */
  rankAgain: boolean;
}

type DiscoverEvent =
  | { type: 'SEARCH'; query: string }
  | { type: 'COMMUNITY'; community: CommunityFilter }
  | { type: 'ADD_FRIEND'; userId: string }
  | { type: 'SHOW_MORE' }
  | { type: 'GO_TO_PROFILE' }
  | { type: 'RETRY' }
  | { type: 'DISMISS_NOTICE' }
  | { type: 'PROFILE_CHANGED' }
  | LiveEmitted;

/** Whether the card's button can still do something: not a friend, not already asked. */
export function canBefriend(card: DiscoverCard, sampleFriendIds: readonly string[]): boolean {
  if (card.kind === 'sample') return !sampleFriendIds.includes(card.id);
  return card.relation === 'none' || card.relation === 'incoming';
}

const firstPage = ({ context }: { context: DiscoverContext }): DiscoverPageQuery => ({ community: context.community, query: context.query, cursor: null });

export const discoverMachine = setup({
  types: {} as {
    context: DiscoverContext;
    events: DiscoverEvent;
  },
  actors: {
    // Provided by the screen: followCommunityOf(the header's community actor) from community.machine.ts.
    followCommunity: callbackNotProvided('followCommunity'),
    /** One page of ranked people (nothing asked of the server while the profile is incomplete). */
    loadPage: notProvided<DiscoverPage, DiscoverPageQuery>('loadPage'),
    /** A sample person befriended on the device, a member asked (or accepted). */
    befriend: notProvided<BefriendAnswer, DiscoverPerson>('befriend'),
    /** Sends PROFILE_CHANGED whenever this device's profile is written (this tab or another). */
    watchProfile: callbackNotProvided('watchProfile'),
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
    rankAgainWanted: ({ context }) => context.rankAgain,
    // A request someone just sent is a change too: their card must offer Accept, not Add Friend.
    liveChange: ({ event }) =>
      (event.type === 'live.received' && (event.frame.type === 'people.changed' || event.frame.type === 'profile.changed' || event.frame.type === 'friendRequest')) ||
      (event.type === 'live.status' && event.status === 'open'),
  },
  actions: {
    /** The screen's navigate('/profile'). */
    goToProfile: actionNotProvided('goToProfile'),
    peopleChanged: () => {
      // Provided by the screen: the app's friend requests refresh, so a sent request is known as outgoing.
    },
    logFollowFailure: (_, params: { error: unknown }) => console.error('Following the header community failed', params.error),
    logProfileWatchFailure: (_, params: { error: unknown }) => console.error('Discover cannot hear profile edits', params.error),
    logRefreshFailure: (_, params: { error: unknown }) => console.error('Discover could not rank again', params.error),
    showPage: assign((_, page: DiscoverPage) => ({ cards: page.cards, nextCursor: page.nextCursor, sampleFriendIds: page.sampleFriendIds })),
    // The profile gate: no cards until the profile is complete.
    forgetPage: assign({ cards: [], nextCursor: null }),
    showLoadFailure: assign({ error: (_, params: { error: unknown }) => messageFor(params.error, messages.social.usersLoadFailed) }),
  },
  delays: {
    // Typing a search asks the source once the person pauses, not on every key (a guest's device answers at
    // once, so the app gives a guest's Discover no pause).
    searchDelay: 300,
  },
}).createMachine({
  id: 'discover',
  context: {
    community: 'All Communities',
    query: '',
    cards: [],
    nextCursor: null,
    sampleFriendIds: [],
    sendingId: null,
    notice: null,
    error: null,
    rankAgain: false,
  },
  initial: 'loading',
  // The header's community arrives as COMMUNITY at once and on every change; a different one loads again.
  invoke: { id: 'followCommunity', src: 'followCommunity', onError: { actions: { type: 'logFollowFailure', params: ({ event }) => ({ error: event.error }) } } },
  on: {
    // Before the list shows, a new search or community asks for the first page again.
    SEARCH: { target: '.waiting', actions: assign({ query: ({ event }) => event.query, sendingId: null }) },
    COMMUNITY: { guard: 'communityChanged', target: '.loading', actions: assign({ community: ({ event }) => event.community, sendingId: null }) },
    DISMISS_NOTICE: { actions: assign({ notice: null }) },
  },
  states: {
    waiting: {
      after: { searchDelay: 'loading' },
    },
    loading: {
      entry: assign({ error: null, rankAgain: false }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: firstPage,
        onDone: [
          {
            guard: { type: 'pageComplete', params: ({ event }) => ({ complete: event.output.complete }) },
            target: 'ready',
            actions: { type: 'showPage', params: ({ event }) => event.output },
          },
          { target: 'incomplete', actions: 'forgetPage' },
        ],
        onError: { target: 'failed', actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      // Asked before the change: asked again, so the page shows it.
      on: {
        'live.received': { guard: 'liveChange', target: 'loading', reenter: true },
        'live.status': { guard: 'liveChange', target: 'loading', reenter: true },
      },
    },
    incomplete: {
      // The gate is judged on this device's profile, which a member's page fills from the server a moment
      // after it loads (and another tab may complete): each write asks again, so the gate never outlives it.
      invoke: {
        id: 'watchProfile',
        src: 'watchProfile',
        onError: { actions: { type: 'logProfileWatchFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        GO_TO_PROFILE: { actions: 'goToProfile' },
        PROFILE_CHANGED: 'loading',
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
      // A new search or community ranks again while the cards stay in view; an Add Friend on its way is no
      // longer waited for.
      on: {
        SEARCH: { target: '.waiting', actions: assign({ query: ({ event }) => event.query, sendingId: null }) },
        COMMUNITY: { guard: 'communityChanged', target: '.searching', actions: assign({ community: ({ event }) => event.community, sendingId: null }) },
      },
      states: {
        idle: {
          always: { guard: 'rankAgainWanted', target: 'refreshing' },
          on: {
            ADD_FRIEND: { guard: 'canBefriend', target: 'sending', actions: assign({ sendingId: ({ event }) => event.userId, error: null, notice: null }) },
            SHOW_MORE: { guard: 'hasMore', target: 'loadingMore', actions: assign({ error: null }) },
            'live.received': { guard: 'liveChange', target: 'refreshing' },
            'live.status': { guard: 'liveChange', target: 'refreshing' },
          },
        },
        waiting: {
          after: { searchDelay: 'searching' },
        },
        // The first page for the new search or community; a failure is told as a failed load.
        searching: {
          entry: assign({ error: null, rankAgain: false }),
          invoke: {
            id: 'searchPage',
            src: 'loadPage',
            input: firstPage,
            onDone: [
              {
                guard: { type: 'pageComplete', params: ({ event }) => ({ complete: event.output.complete }) },
                target: 'idle',
                actions: { type: 'showPage', params: ({ event }) => event.output },
              },
              { target: '#discover.incomplete', actions: 'forgetPage' },
            ],
            onError: { target: '#discover.failed', actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'live.received': { guard: 'liveChange', target: 'searching', reenter: true },
            'live.status': { guard: 'liveChange', target: 'searching', reenter: true },
          },
        },
        // The first page again, the cards staying in view meanwhile; a failure keeps them as they were. The
        // cards stay pressable: an Add Friend pressed now goes at once, and the ranking is asked again after it.
        refreshing: {
          entry: assign({ rankAgain: false }),
          invoke: {
            id: 'refreshPage',
            src: 'loadPage',
            input: firstPage,
            onDone: [
              {
                guard: { type: 'pageComplete', params: ({ event }) => ({ complete: event.output.complete }) },
                target: 'idle',
                actions: { type: 'showPage', params: ({ event }) => event.output },
              },
              { target: '#discover.incomplete', actions: 'forgetPage' },
            ],
            onError: { target: 'idle', actions: { type: 'logRefreshFailure', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            ADD_FRIEND: {
              guard: 'canBefriend',
              target: 'sending',
              actions: assign({ sendingId: ({ event }) => event.userId, error: null, notice: null, rankAgain: true }),
            },
            'live.received': { guard: 'liveChange', target: 'refreshing', reenter: true },
            'live.status': { guard: 'liveChange', target: 'refreshing', reenter: true },
          },
        },
        sending: {
          on: {
            'live.received': { guard: 'liveChange', actions: assign({ rankAgain: true }) },
            'live.status': { guard: 'liveChange', actions: assign({ rankAgain: true }) },
          },
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
                  const announced = event.output.relation === 'friends' && event.output.alreadyFriends !== true && card !== undefined;
                  return {
                    cards: context.cards.map((c) => (c.id === context.sendingId && c.kind === 'member' ? { ...c, relation: event.output.relation } : c)),
                    sampleFriendIds: card?.kind === 'sample' ? [...context.sampleFriendIds, card.id] : context.sampleFriendIds,
                    notice: announced ? messages.friends.added(card.username) : context.notice,
                    sendingId: null,
                  };
                }),
                'peopleChanged',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                // A sample person is added on the device; a member is sent a request.
                const sample = context.cards.some((c) => c.id === context.sendingId && c.kind === 'sample');
                return { sendingId: null, error: messageFor(event.error, sample ? messages.social.addFriendFailed : messages.requests.requestFailed) };
              }),
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
