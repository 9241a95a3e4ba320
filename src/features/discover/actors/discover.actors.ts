import { fromCallback, fromPromise } from 'xstate';
import { similarityCandidates, type BefriendAnswer, type DiscoverPage, type DiscoverPageQuery, type DiscoverPerson } from '../../../domain/discover';
import { readSimilarityBreakdowns } from '../../../shared/storage/similarityCache';
import { profileKey } from '../../../shared/storage/profile';
import type { ViewerSource } from '../../../shared/session/viewer';
import { guestDiscoverSource, type DiscoverSource, type GuestScorer } from '../services/guestDiscover';
import { getSimilarityScores } from '../services/similarity';
import { befriendFor, loadDiscoverPageFor, thisDevice } from '../services/socialForSession';

// Discover's two sources, one for each kind of viewer, given to the one discover machine: the device (a
// guest's sample people, scored by the AI) and the server (a member's ranked pages).

/** The AI's scores for the people, through the device's cache; the clock enters here, for the cache's age. */
export const scoreWithAi: GuestScorer = async ({ profile, users }) => {
  const now = Date.now();
  const scores = await getSimilarityScores(profile, similarityCandidates(users), now);
  // The explanations were cached with the scores they explain (none after a failed scoring).
  return { scores, breakdowns: readSimilarityBreakdowns(profile, now) };
};

export function memberDiscoverSource(viewer: ViewerSource): DiscoverSource {
  return {
    loadPage: (query) => loadDiscoverPageFor(viewer, query),
    befriend: (person) => befriendFor(viewer, person),
  };
}

/** The discover machine's IO slots filled from a source. */
export function discoverActorsOf(source: DiscoverSource) {
  return {
    loadPage: fromPromise<DiscoverPage, DiscoverPageQuery>(({ input }) => source.loadPage(input)),
    befriend: fromPromise<BefriendAnswer, DiscoverPerson>(({ input }) => source.befriend(input)),
    watchProfile: fromCallback(({ sendBack }) => profileKey.subscribe(() => sendBack({ type: 'PROFILE_CHANGED' }))),
  };
}

export type DiscoverViewerKind = 'guest' | 'member';

/**
 * Discover's real IO for the app's viewer, created where the app is assembled: a source for each visit of
 * the screen, the device's for a guest and the server's for a member. A guest's device answers at once, so
 * a guest's search has no pause.
 */
export function createDiscoverActors(viewer: ViewerSource, score: GuestScorer = scoreWithAi) {
  return {
    sourceFor(kind: DiscoverViewerKind): { actors: ReturnType<typeof discoverActorsOf>; delays: { searchDelay?: number } } {
      if (kind === 'guest') return { actors: discoverActorsOf(guestDiscoverSource(thisDevice, score)), delays: { searchDelay: 0 } };
      return { actors: discoverActorsOf(memberDiscoverSource(viewer)), delays: {} };
    },
  };
}
export type DiscoverActors = ReturnType<typeof createDiscoverActors>;
