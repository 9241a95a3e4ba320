import { createContext, useMemo } from 'react';
import type { DiscoverActors } from '../actors/discover.actors';
import { discoverMachine } from '../machines/discover.machine';
import { memberDiscoverMachine } from '../machines/memberDiscover.machine';
import { useProvided } from '../../../shared/ui/useProvided';

/** Discover's sources (the device for a guest, the server for a member), given where the app is assembled. */
export const DiscoverActorsContext = createContext<DiscoverActors | null>(null);

function useDiscoverActors(): DiscoverActors {
  return useProvided(DiscoverActorsContext, 'Discover needs DiscoverActorsContext: provide discoverActors above this screen.');
}

export function useGuestDiscoverMachine() {
  const actors = useDiscoverActors().guest;
  return useMemo(() => discoverMachine.provide({ actors }), [actors]);
}

export function useMemberDiscoverMachine() {
  const actors = useDiscoverActors().member;
  return useMemo(() => memberDiscoverMachine.provide({ actors }), [actors]);
}
