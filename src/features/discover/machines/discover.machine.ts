import { assertEvent, assign, setup } from 'xstate';
import type { CommunityFilter } from '../../../domain/community';
import { messageFor } from '../../../domain/errorText';
import type { MatchBreakdown } from '../../../domain/matchBreakdown';
import { messages } from '../../../domain/messages';
import { isProfileComplete, type Profile } from '../../../domain/profile';
import type { User } from '../../../domain/user';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';

export interface DiscoverData {
  profile: Profile;
  users: User[];
  friendIds: string[];
}

export interface DiscoverContext {
  community: CommunityFilter;
  query: string;
  profile: Profile | null;
  users: User[];
  scores: Record<string, number>;
  /** username → the score split by category, for the scores that came explained */
  breakdowns: Record<string, MatchBreakdown>;
  friendIds: string[];
  /** The user whose Add Friend is in flight. */
  addingId: string | null;
  /** "You're now friends with {name}!" after an add, shown in the page until dismissed or the next add. */
  notice: string | null;
  error: string | null;
}

type DiscoverEvent =
  | { type: 'SEARCH'; query: string }
  | { type: 'COMMUNITY'; community: CommunityFilter }
  | { type: 'ADD_FRIEND'; userId: string }
  | { type: 'GO_TO_PROFILE' }
  | { type: 'DISMISS_NOTICE' }
  | { type: 'RETRY' };

export interface ScoredUsers {
  scores: Record<string, number>;
  breakdowns: Record<string, MatchBreakdown>;
}

/** Discover ('Discover Friends'): profile gate, users + similarity scores, search, community filter, add friend. */
export const discoverMachine = setup({
  types: {} as {
    context: DiscoverContext;
    events: DiscoverEvent;
  },
  actors: {
    // Provided by the screen: followCommunityOf(the header's community actor) from community.machine.ts.
    followCommunity: callbackNotProvided('followCommunity'),
    /** The device's profile, sample people and friends. */
    loadDiscover: notProvided<DiscoverData>('loadDiscover'),
    /** Scores and their explanations for the profile; the actor reads the clock for the cache's age. */
    scoreUsers: notProvided<ScoredUsers, { profile: Profile; users: User[] }>('scoreUsers'),
    /** Links the friend on the device; `added` is false when they were linked already. */
    addFriend: notProvided<{ added: boolean }, { friendId: string }>('addFriend'),
  },
  guards: {
    profileComplete: (_, params: { profile: Profile }) => isProfileComplete(params.profile),
    canAdd: ({ context, event }) => {
      assertEvent(event, 'ADD_FRIEND');
      return context.users.some((u) => u.id === event.userId) && !context.friendIds.includes(event.userId);
    },
    wasAdded: (_, params: { added: boolean }) => params.added,
  },
  actions: {
    goToProfile: () => {
      // Provided by the screen: navigate('/profile').
    },
    logFollowFailure: ({ event }) => console.error('Following the header community failed', (event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'discover',
  context: {
    community: 'All Communities',
    query: '',
    profile: null,
    users: [],
    scores: {},
    breakdowns: {},
    friendIds: [],
    addingId: null,
    notice: null,
    error: null,
  },
  initial: 'loading',
  invoke: { id: 'followCommunity', src: 'followCommunity', onError: { actions: 'logFollowFailure' } },
  on: {
    SEARCH: { actions: assign({ query: ({ event }) => event.query }) },
    COMMUNITY: { actions: assign({ community: ({ event }) => event.community }) },
    DISMISS_NOTICE: { actions: assign({ notice: null }) },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadDiscover',
        src: 'loadDiscover',
        onDone: [
          {
            guard: { type: 'profileComplete', params: ({ event }) => ({ profile: event.output.profile }) },
            target: 'scoring',
            actions: assign(({ event }) => ({ profile: event.output.profile, users: event.output.users, friendIds: event.output.friendIds })),
          },
          { target: 'incomplete', actions: assign({ profile: ({ event }) => event.output.profile }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageFor(event.error, messages.social.usersLoadFailed) }),
        },
      },
    },
    incomplete: {
      on: { GO_TO_PROFILE: { actions: 'goToProfile' } },
    },
    scoring: {
      invoke: {
        id: 'scoreUsers',
        src: 'scoreUsers',
        input: ({ context }) => ({ profile: context.profile!, users: context.users }),
        onDone: { target: 'ready', actions: assign({ scores: ({ event }) => event.output.scores, breakdowns: ({ event }) => event.output.breakdowns }) },
        // The similarity service already falls back to 50 for everyone; an empty map means the same here.
        onError: { target: 'ready', actions: assign({ scores: {}, breakdowns: {} }) },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ADD_FRIEND: {
              guard: 'canAdd',
              target: 'adding',
              actions: assign({ addingId: ({ event }) => event.userId, error: null, notice: null }),
            },
          },
        },
        adding: {
          invoke: {
            id: 'addFriend',
            src: 'addFriend',
            input: ({ context }) => ({ friendId: context.addingId! }),
            onDone: [
              {
                guard: { type: 'wasAdded', params: ({ event }) => ({ added: event.output.added }) },
                target: 'idle',
                actions: assign(({ context }) => ({
                  friendIds: [...context.friendIds, context.addingId!],
                  notice: messages.friends.added(context.users.find((u) => u.id === context.addingId)?.username ?? ''),
                  addingId: null,
                })),
              },
              {
                // Already linked (another tab got there first): show it as a friend, without the notice.
                target: 'idle',
                actions: assign(({ context }) => ({ friendIds: [...context.friendIds, context.addingId!], addingId: null })),
              },
            ],
            onError: {
              target: 'idle',
              actions: assign({
                addingId: null,
                error: ({ event }) => messageFor(event.error, messages.social.addFriendFailed),
              }),
            },
          },
        },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
