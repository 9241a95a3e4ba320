import { createContext, useContext, useMemo } from 'react';
import { securityActorsWith, type SecurityActors } from '../actors/security.actors';
import { changePasswordMachine } from '../machines/changePassword.machine';
import { emailChangeMachine } from '../machines/emailChange.machine';
import { signedInDevicesMachine } from '../machines/signedInDevices.machine';
import { SessionContext } from '../../session/components';

/**
 * The 'Security' machines' IO. The real IO is this context's default rather than given in
 * src/app/SessionFeatureActors.tsx like the other settings IO: there it would sit in the first screen's
 * bundle, which has no room for it; here it loads with Settings. Tests give fakes with a Provider.
 */
export const SecurityActorsContext = createContext<SecurityActors>(securityActorsWith);

function useSecurityActors() {
  const make = useContext(SecurityActorsContext);
  const session = SessionContext.useActorRef();
  return useMemo(() => make(session), [make, session]);
}

/** 'Change password' over the app's session. */
export function useChangePasswordMachine() {
  const actors = useSecurityActors();
  return useMemo(() => changePasswordMachine.provide(actors.changePassword), [actors]);
}

/** 'Signed-in devices' over the app's session. */
export function useSignedInDevicesMachine() {
  const actors = useSecurityActors();
  return useMemo(() => signedInDevicesMachine.provide(actors.signedInDevices), [actors]);
}

/** 'Change email' over the app's session. */
export function useEmailChangeMachine() {
  const actors = useSecurityActors();
  return useMemo(() => emailChangeMachine.provide(actors.emailChange), [actors]);
}
