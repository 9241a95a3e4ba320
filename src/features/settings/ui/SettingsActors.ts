import { createContext, useMemo } from 'react';
import type { SettingsActors } from '../actors/settings.actors';
import { accountDeletionMachine } from '../machines/accountDeletion.machine';
import { passkeysMachine } from '../machines/passkeys.machine';
import { privacySafetyMachine } from '../machines/privacySafety.machine';
import { settingsMachine } from '../machines/settings.machine';
import { SessionContext } from '../../session/components';
import { useProvided } from '../../../shared/ui/useProvided';

/** The settings machines' IO, given where the app is assembled (tests give the same or fakes). */
export const SettingsActorsContext = createContext<SettingsActors | null>(null);

function useSettingsActors(): SettingsActors {
  return useProvided(SettingsActorsContext, 'Settings need SettingsActorsContext: provide settingsActors above this screen.');
}

/** The settings machine over the app's session. */
export function useSettingsMachine() {
  const actors = useSettingsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => settingsMachine.provide(actors.settings(session)), [actors, session]);
}

/** The Delete account dialog's machine over the app's session. */
export function useAccountDeletionMachine() {
  const actors = useSettingsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => accountDeletionMachine.provide(actors.accountDeletion(session)), [actors, session]);
}

/** The 'Privacy and safety' machine over the app's session (members only). */
export function usePrivacySafetyMachine() {
  const actors = useSettingsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => privacySafetyMachine.provide(actors.privacySafety(session)), [actors, session]);
}

/** Settings' 'Passkeys' machine over the app's session (members only). */
export function usePasskeysMachine() {
  const actors = useSettingsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => passkeysMachine.provide(actors.passkeys(session)), [actors, session]);
}
