import type { ReactNode } from 'react';
import { authFormsActors } from '../features/session/actors/authForms.actors';
import { AuthFormsActorsContext } from '../features/session/ui/AuthFormsActors';
import { settingsActors } from '../features/settings/actors/settings.actors';
import { SettingsActorsContext } from '../features/settings/ui/SettingsActors';

/** The real IO of the screens that act on the session (log-in, sign-up, settings), given to their machines below. */
export function SessionFeatureActors({ children }: { children: ReactNode }) {
  return (
    <AuthFormsActorsContext.Provider value={authFormsActors}>
      <SettingsActorsContext.Provider value={settingsActors}>{children}</SettingsActorsContext.Provider>
    </AuthFormsActorsContext.Provider>
  );
}
