import { useMemo, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { Profile } from '../../src/domain/profile';
import type { User } from '../../src/domain/user';
import { PeopleFeatureActors } from '../../src/app/PeopleFeatureActors';
import { useViewerSource } from '../../src/app/ViewerSourceContext';
import { createDiscoverActors } from '../../src/features/discover/actors/discover.actors';
import type { ScoredUsers } from '../../src/features/discover/services/guestDiscover';
import { DiscoverActorsContext } from '../../src/features/discover/ui/DiscoverActors';
import { WithViewerSource } from './viewer';

// Screens that show a guest's Discover, with the device's real people and friends but a scorer the test
// decides (instead of the AI): the scorer gets what the guest's source asks to score and answers its scores.

export type ScoringInput = { profile: Profile; users: User[] };

export function fakeScorer() {
  return vi.fn<(input: ScoringInput) => Promise<ScoredUsers>>();
}

/** A render wrapper: the people features' real actors, except guest Discover's scoring. */
export function withScorer(scorer: (input: ScoringInput) => Promise<ScoredUsers>) {
  function ScoredDiscover({ children }: { children: ReactNode }) {
    const viewer = useViewerSource();
    const actors = useMemo(() => createDiscoverActors(viewer, (input) => scorer(input)), [viewer]);
    return <DiscoverActorsContext.Provider value={actors}>{children}</DiscoverActorsContext.Provider>;
  }
  return function WithScorer({ children }: { children: ReactNode }) {
    return (
      <WithViewerSource>
        <PeopleFeatureActors>
          <ScoredDiscover>{children}</ScoredDiscover>
        </PeopleFeatureActors>
      </WithViewerSource>
    );
  };
}
