import { fromPromise } from 'xstate';
import { similarityCandidates } from '../../../domain/discover';
import type { Profile } from '../../../domain/profile';
import type { DiscoverCardWire } from '../../../domain/socialContract';
import type { User } from '../../../domain/user';
import type { DiscoverPageQuery } from '../../../shared/http/people';
import { addFriendLink, loadFriendIds, loadUsers } from '../../../shared/people/users';
import { loadProfile } from '../../../shared/storage/profile';
import { readSimilarityBreakdowns } from '../../../shared/storage/similarityCache';
import type { DiscoverData, ScoredUsers } from '../machines/discover.machine';
import { getSimilarityScores } from '../services/similarity';
import { befriendFor, loadDiscoverPageFor, type MemberDiscoverPage } from '../services/socialForSession';
import type { ViewerSource } from '../../../shared/session/viewer';

// Discover's two sources: the device (a guest's sample people, scored by the AI) and the server (a member's
// ranked pages).

export const guestDiscoverActors = {
  loadDiscover: fromPromise<DiscoverData>(async () => ({ profile: loadProfile(), users: loadUsers(), friendIds: loadFriendIds() })),
  // The clock enters here, so a cache entry's age is measured by the actor, not by a screen.
  scoreUsers: fromPromise<ScoredUsers, { profile: Profile; users: User[] }>(async ({ input }) => {
    const now = Date.now();
    const scores = await getSimilarityScores(input.profile, similarityCandidates(input.users), now);
    // The explanations were cached with the scores they explain (none after a failed scoring).
    return { scores, breakdowns: readSimilarityBreakdowns(input.profile, now) };
  }),
  addFriend: fromPromise<{ added: boolean }, { friendId: string }>(async ({ input }) => ({ added: addFriendLink(input.friendId) })),
};

export function memberDiscoverActorsFor(viewer: ViewerSource) {
  return {
    loadPage: fromPromise<MemberDiscoverPage, DiscoverPageQuery>(({ input }) => loadDiscoverPageFor(viewer, input)),
    befriend: fromPromise<{ relation: 'outgoing' | 'friends' }, Pick<DiscoverCardWire, 'id' | 'kind'>>(({ input }) => befriendFor(viewer, input)),
  };
}

/** Discover's real IO for the app's viewer, created where the app is assembled. */
export function createDiscoverActors(viewer: ViewerSource) {
  return { guest: guestDiscoverActors, member: memberDiscoverActorsFor(viewer) };
}
export type DiscoverActors = ReturnType<typeof createDiscoverActors>;
