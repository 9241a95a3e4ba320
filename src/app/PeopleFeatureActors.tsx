import type { ReactNode } from 'react';
import { safetyActors } from '../features/safety/actors/safety.actors';
import { SafetyActorsContext } from '../features/safety/ui/SafetyActors';

/** The real IO of the people features (safety), given to their machines below. */
export function PeopleFeatureActors({ children }: { children: ReactNode }) {
  return <SafetyActorsContext.Provider value={safetyActors}>{children}</SafetyActorsContext.Provider>;
}
