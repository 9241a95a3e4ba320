import { createContext, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { bioGenerationMachine } from '../machines/bioGeneration.machine';
import { communitiesMachine } from '../machines/communities.machine';
import { connectServicesMachine } from '../machines/connectServices.machine';
import { oauthCallbackMachine } from '../machines/oauthCallback.machine';
import { profileMachine } from '../machines/profile.machine';
import { providerAuthMachine } from '../machines/providerAuth.machine';
import { steamConnectMachine } from '../machines/steamConnect.machine';
import { tasteImportMachine } from '../machines/tasteImport.machine';
import { onboardingMachine } from '../machines/onboarding.machine';
import { useProvided } from '../../../shared/ui/useProvided';

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
  communities: ImplementationsOf<typeof communitiesMachine>;
  oauthCallback: ImplementationsOf<typeof oauthCallbackMachine>;
  /** The profile editor of the profile and onboarding screens. */
  profileEditor: ImplementationsOf<typeof profileMachine>;
  /** The Connect Services cards: which services are demos. */
  connectServices: ImplementationsOf<typeof connectServicesMachine>;
  /** The Connect Services cards: each OAuth provider's card. */
  providerAuth: ImplementationsOf<typeof providerAuthMachine>;
  /** The Connect Services cards: the Steam card. */
  steamConnect: ImplementationsOf<typeof steamConnectMachine>;
  /** A just-connected service's taste offer. */
  tasteImport: ImplementationsOf<typeof tasteImportMachine>;
}

const ProfileActorsContext = createContext<ProfileActors | null>(null);

export const ProfileActorsProvider = ProfileActorsContext.Provider;

function useProfileActors(): ProfileActors {
  return useProvided(ProfileActorsContext, 'The profile screens need their actors: wrap them in ProfileActorsProvider (the app does it where it is assembled).');
}

/** The AI summary panel's machine and the input it starts from. */
export function useBioGenerationMachine() {
  const { bioGeneration } = useProfileActors();
  return useMemo(
    () => ({ machine: bioGenerationMachine.provide({ actors: bioGeneration.actors }), input: { summary: bioGeneration.storedSummary() } }),
    [bioGeneration],
  );
}

export function useOnboardingMachine() {
  const { onboarding } = useProfileActors();
  return useMemo(() => onboardingMachine.provide(onboarding), [onboarding]);
}

/** A member's communities on the profile. */
export function useCommunitiesMachine() {
  const { communities } = useProfileActors();
  return useMemo(() => communitiesMachine.provide(communities), [communities]);
}

/** The OAuth callback page's flow; the screen adds where it navigates. */
export function useOAuthCallbackMachine() {
  const { oauthCallback } = useProfileActors();
  return useMemo(() => oauthCallbackMachine.provide(oauthCallback), [oauthCallback]);
}

/** The Connect Services cards' flow; `redirect` sends the browser to a provider's consent page. */
export function useConnectServicesMachine(redirect: (url: string) => void) {
  const { connectServices, providerAuth, steamConnect } = useProfileActors();
  // The redirect a screen gives is the one its cards keep: the machine is built once per mount.
  const [machine] = useState(() =>
    connectServicesMachine.provide({
      ...connectServices,
      actors: {
        ...connectServices.actors,
        providerAuth: providerAuthMachine.provide({
          ...providerAuth,
          actions: { ...providerAuth.actions, redirect: (_, params) => redirect(params.url) },
        }),
        steamConnect: steamConnectMachine.provide(steamConnect),
      },
    }),
  );
  return machine;
}

export function useTasteImportMachine() {
  const { tasteImport } = useProfileActors();
  return useMemo(() => tasteImportMachine.provide(tasteImport), [tasteImport]);
}

export function useProfileEditorMachine() {
  const { profileEditor } = useProfileActors();
  return useMemo(() => profileMachine.provide(profileEditor), [profileEditor]);
}
