import { createContext, useContext, useMemo } from 'react';
import type { DiscoverActors } from '../actors/discover.actors';
import { discoverMachine } from '../machines/discover.machine';
import { memberDiscoverMachine } from '../machines/memberDiscover.machine';

/** Discover's sources (the device for a guest, the server for a member), given where the app is assembled. */
export const DiscoverActorsContext = createContext<DiscoverActors | null>(null);

function useDiscoverActors(): DiscoverActors {
  const actors = useContext(DiscoverActorsContext);
  if (!actors) throw new Error('Discover needs DiscoverActorsContext: provide discoverActors above this screen.');
  return actors;
}

export function useGuestDiscoverMachine() {
  const actors = useDiscoverActors().guest;
  return useMemo(() => discoverMachine.provide({ actors }), [actors]);
}

export function useMemberDiscoverMachine() {
  const actors = useDiscoverActors().member;
  return useMemo(() => memberDiscoverMachine.provide({ actors }), [actors]);
}
