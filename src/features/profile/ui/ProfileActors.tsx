import { createContext, useContext, useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { bioGenerationMachine } from '../machines/bioGeneration.machine';
import { onboardingMachine } from '../machines/onboarding.machine';
import type { connectServicesImplementations } from '../actors/connectServices.actors';

// The IO of the profile feature's screens, provided where the app is assembled (the session root) and by
// tests the same way.

type ImplementationsOf<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

export interface ProfileActors {
  bioGeneration: {
    actors: NonNullable<ImplementationsOf<typeof bioGenerationMachine>['actors']>;
    /** The stored bio, which the panel starts from. */
    storedSummary: () => string;
  };
  onboarding: ImplementationsOf<typeof onboardingMachine>;
  /** The Connect Services cards: the server's configuration and who the app serves. */
  connectServices: ConnectServicesActors;
}

export type ConnectServicesActors = ReturnType<typeof connectServicesImplementations>;

const ProfileActorsContext = createContext<ProfileActors | null>(null);

export const ProfileActorsProvider = ProfileActorsContext.Provider;

function useProfileActors(): ProfileActors {
  const actors = useContext(ProfileActorsContext);
  if (!actors) throw new Error('The profile screens need their actors: wrap them in ProfileActorsProvider (the app does it where it is assembled).');
  return actors;
}

/** The AI summary panel's machine and the input it starts from. */
export function useBioGenerationMachine() {
  const { bioGeneration } = useProfileActors();
  return useMemo(
    () => ({ machine: bioGenerationMachine.provide({ actors: bioGeneration.actors }), input: { summary: bioGeneration.storedSummary() } }),
    [bioGeneration],
  );
}

export function useConnectServicesActors(): ConnectServicesActors {
  return useProfileActors().connectServices;
}

export function useOnboardingMachine() {
  const { onboarding } = useProfileActors();
  return useMemo(() => onboardingMachine.provide(onboarding), [onboarding]);
}
