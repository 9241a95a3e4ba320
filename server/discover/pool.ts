import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MEMBER_CANDIDATES, pruneCandidates, type CandidateFilter } from './candidates';
import { scoreAll } from '../ai/local/similarity';
import { loadTastes, memberAsCandidate, memberAsUser, type MemberTaste, type Viewer } from './tastes';

// What one ranking scores. Without a search, SQL can only estimate the local score (items shared over
// both lists' lengths; related genres and shared words it cannot see), so it hands over POOL_FACTOR
// times the members a ranking scores and the local engine keeps the MEMBER_CANDIDATES it scores
// highest from the viewer's side: the batch the AI scores stays within the contract's 200 with the sample people, and a
// member the estimate ranks a little low is not lost. A search's matches are all kept as today.

/** Members read per ranking for every member the ranking scores. */
const POOL_FACTOR = 2;

export interface CandidatePool {
  tastes: MemberTaste[];
  /** true when members sharing nothing were added, so any profile change may alter the set */
  open: boolean;
}

export async function candidatePool(db: Kysely<Database>, viewer: Viewer, filter: CandidateFilter): Promise<CandidatePool> {
  const limit = filter.search === '' ? MEMBER_CANDIDATES * POOL_FACTOR : MEMBER_CANDIDATES;
  const pruned = await pruneCandidates(db, viewer.id, filter, { limit });
  const tastes = await loadTastes(db, pruned.candidates.map((c) => c.id));
  if (tastes.length <= MEMBER_CANDIDATES) return { tastes, open: pruned.open };
  // The viewer's side of the pair score only: prepared once for the whole pool, where the other side
  // would prepare each member (the two differ by their shared-word bonus alone, at most 20 points).
  const { scores } = scoreAll(memberAsUser(viewer.taste), tastes.map((t) => memberAsCandidate(t.id, t)));
  // A stable sort: equal local scores keep the order SQL ranked them in.
  const kept = [...tastes].sort((a, b) => (scores[b.id] ?? 0) - (scores[a.id] ?? 0)).slice(0, MEMBER_CANDIDATES);
  return { tastes: kept, open: pruned.open };
}
