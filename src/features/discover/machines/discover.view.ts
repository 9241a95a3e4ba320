import type { SnapshotFrom } from 'xstate';
import { discoverCards, type DiscoverCard } from '../../../domain/discover';
import type { discoverMachine } from './discover.machine';

// What the Discover screen shows for each state of its machine: the phase, the filtered and ranked cards,
// and how strong each match looks. The screen only renders these.

type DiscoverSnapshot = SnapshotFrom<typeof discoverMachine>;

export type DiscoverPhase = 'loading' | 'incomplete' | 'ready' | 'failed';

export function selectPhase(s: DiscoverSnapshot): DiscoverPhase {
  if (s.matches('incomplete')) return 'incomplete';
  if (s.matches('ready')) return 'ready';
  if (s.matches('failed')) return 'failed';
  return 'loading';
}

/** The cards for the current search and community, closest first, at most 50; none until scored. */
export function selectCards(s: DiscoverSnapshot): DiscoverCard[] {
  const { users, profile, scores, breakdowns, query, community } = s.context;
  return profile && s.matches('ready') ? discoverCards({ users, profile, scores, breakdowns, query, community }) : [];
}

/** Two card lists show the same thing when the same people come in the same order with the same scores. */
export function sameCards(a: readonly DiscoverCard[], b: readonly DiscoverCard[]): boolean {
  return a.length === b.length && a.every((card, i) => card.id === b[i]!.id && card.similarityScore === b[i]!.similarityScore && card.shared.length === b[i]!.shared.length && card.breakdown === b[i]!.breakdown);
}


export const selectAdding = (s: DiscoverSnapshot) => s.matches({ ready: 'adding' });
