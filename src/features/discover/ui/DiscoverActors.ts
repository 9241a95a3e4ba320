import { createContext, useMemo } from 'react';
import type { DiscoverActors, DiscoverViewerKind } from '../actors/discover.actors';
import { discoverMachine } from '../machines/discover.machine';
import { useProvided } from '../../../shared/ui/useProvided';

/** Discover's sources (the device for a guest, the server for a member), given where the app is assembled. */
export const DiscoverActorsContext = createContext<DiscoverActors | null>(null);

/** The discover machine with the source for this kind of viewer, fresh for each visit of the screen. */
export function useDiscoverMachine(kind: DiscoverViewerKind) {
  const actors = useProvided(DiscoverActorsContext, 'Discover needs DiscoverActorsContext: provide discoverActors above this screen.');
  return useMemo(() => discoverMachine.provide(actors.sourceFor(kind)), [actors, kind]);
}
