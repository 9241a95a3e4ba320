import { createContext, useMemo } from 'react';
import type { SafetyActors } from '../actors/safety.actors';
import { blockedPeopleMachine } from '../machines/blockedPeople.machine';
import { personSafetyMachine } from '../machines/personSafety.machine';
import { useProvided } from '../../../shared/ui/useProvided';

/** The safety machines' server calls, given where the app is assembled (tests give fakes the same way). */
export const SafetyActorsContext = createContext<SafetyActors | null>(null);

function useSafetyActors(): SafetyActors {
  return useProvided(SafetyActorsContext, 'Blocking and reporting need SafetyActorsContext: provide safetyActors above this screen.');
}

export function usePersonSafetyMachine() {
  const actors = useSafetyActors().personSafety;
  return useMemo(() => personSafetyMachine.provide({ actors }), [actors]);
}

export function useBlockedPeopleMachine() {
  const actors = useSafetyActors().blockedPeople;
  return useMemo(() => blockedPeopleMachine.provide({ actors }), [actors]);
}
