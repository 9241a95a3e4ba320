import { createContext, useContext, useMemo } from 'react';
import type { SafetyActors } from '../actors/safety.actors';
import { blockedPeopleMachine } from '../machines/blockedPeople.machine';
import { personSafetyMachine } from '../machines/personSafety.machine';

/** The safety machines' server calls, given where the app is assembled (tests give fakes the same way). */
export const SafetyActorsContext = createContext<SafetyActors | null>(null);

function useSafetyActors(): SafetyActors {
  const actors = useContext(SafetyActorsContext);
  if (!actors) throw new Error('Blocking and reporting need SafetyActorsContext: provide safetyActors above this screen.');
  return actors;
}

export function usePersonSafetyMachine() {
  const actors = useSafetyActors().personSafety;
  return useMemo(() => personSafetyMachine.provide({ actors }), [actors]);
}

export function useBlockedPeopleMachine() {
  const actors = useSafetyActors().blockedPeople;
  return useMemo(() => blockedPeopleMachine.provide({ actors }), [actors]);
}
