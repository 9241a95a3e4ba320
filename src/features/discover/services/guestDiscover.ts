import { discoverCards, type BefriendAnswer, type DiscoverPage, type DiscoverPageQuery, type DiscoverPerson } from '../../../domain/discover';
import type { MatchBreakdown } from '../../../domain/matchBreakdown';
import { isProfileComplete, type Profile } from '../../../domain/profile';
import type { User } from '../../../domain/user';

// A guest's Discover source: the people the device keeps, ranked on the device by the same domain rules the
// server ranks a member's by (src/domain/discover.ts, discoverRules.ts): the profile gate, the community
// filter, the search, the match floor, the order, at most one page of 50. There is never a next page.

/** What a guest's Discover reads and writes on the device. */
export interface GuestDevice {
  profile: () => Profile;
  people: () => User[];
  friendIds: () => string[];
  /** Links the friend on the device; false when they were linked already. */
  addFriend: (id: string) => boolean;
}

export interface ScoredUsers {
  scores: Record<string, number>;
  /** username → the score split by category, for the scores that came explained */
  breakdowns: Record<string, MatchBreakdown>;
}

/** Scores the people for the profile (the AI, through the device's cache of its answers). */
export type GuestScorer = (input: { profile: Profile; users: User[] }) => Promise<ScoredUsers>;

export interface DiscoverSource {
  loadPage: (query: DiscoverPageQuery) => Promise<DiscoverPage>;
  befriend: (person: DiscoverPerson) => Promise<BefriendAnswer>;
}

/** A sample person befriended on the device: friends at once; already linked (another tab) is friends too. */
export function befriendOnDevice(device: Pick<GuestDevice, 'addFriend'>, id: string): BefriendAnswer {
  return device.addFriend(id) ? { relation: 'friends' } : { relation: 'friends', alreadyFriends: true };
}

/**
 * One visit's source: the people are scored once for the profile and those people, and a new search or
 * community only filters and ranks again (the device's similarity cache is not asked on every key, and a
 * scoring that failed is not asked again until the next visit). A scoring that fails ranks everyone at the
 * default score.
 */
export function guestDiscoverSource(device: GuestDevice, score: GuestScorer): DiscoverSource {
  let scored: { key: string; result: Promise<ScoredUsers> } | null = null;
  function scoresFor(profile: Profile, users: User[]): Promise<ScoredUsers> {
    const key = JSON.stringify([profile, users]);
    if (scored?.key !== key) {
      const result = score({ profile, users }).catch((error: unknown): ScoredUsers => {
        console.error('Scoring the people failed; everyone gets the default score:', error);
        return { scores: {}, breakdowns: {} };
      });
      scored = { key, result };
    }
    return scored.result;
  }
  return {
    async loadPage({ community, query }) {
      const profile = device.profile();
      const sampleFriendIds = device.friendIds();
      if (!isProfileComplete(profile)) return { complete: false, cards: [], nextCursor: null, sampleFriendIds };
      const users = device.people();
      const { scores, breakdowns } = await scoresFor(profile, users);
      return { complete: true, cards: discoverCards({ users, profile, scores, breakdowns, query, community }), nextCursor: null, sampleFriendIds };
    },
    befriend: async ({ id }) => befriendOnDevice(device, id),
  };
}
