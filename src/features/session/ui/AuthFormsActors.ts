import { createContext, useMemo } from 'react';
import type { AuthFormsActors } from '../actors/authForms.actors';
import { logInMachine } from '../machines/logIn.machine';
import { signUpMachine } from '../machines/signUp.machine';
import { forgotPasswordMachine } from '../machines/forgotPassword.machine';
import { resetPasswordMachine } from '../machines/resetPassword.machine';
import { passkeySignInMachine } from '../machines/passkeySignIn.machine';
import { SessionContext } from './SessionContext';
import { useProvided } from '../../../shared/ui/useProvided';

/** The auth forms' IO, given where the app is assembled (tests give the same or fakes). */
export const AuthFormsActorsContext = createContext<AuthFormsActors | null>(null);

function useAuthFormsActors(): AuthFormsActors {
  return useProvided(AuthFormsActorsContext, 'The log-in and sign-up forms need AuthFormsActorsContext: provide authFormsActors above this screen.');
}

/** The log-in machine, asking the app's session. */
export function useLogInMachine() {
  const actors = useAuthFormsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => logInMachine.provide(actors.logIn(session)), [actors, session]);
}

/** The sign-up machine, asking the app's session. */
export function useSignUpMachine() {
  const actors = useAuthFormsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => signUpMachine.provide(actors.signUp(session)), [actors, session]);
}

/** 'Reset your password': asks the server for a link. */
export function useForgotPasswordMachine() {
  const actors = useAuthFormsActors();
  return useMemo(() => forgotPasswordMachine.provide(actors.forgotPassword()), [actors]);
}

/** 'Choose a new password': sets it through the link, asking the app's session to take the member. */
export function useResetPasswordMachine() {
  const actors = useAuthFormsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => resetPasswordMachine.provide(actors.resetPassword(session)), [actors, session]);
}

/** 'Sign in with a passkey', asking the app's session to take the member. */
export function usePasskeySignInMachine() {
  const actors = useAuthFormsActors();
  const session = SessionContext.useActorRef();
  return useMemo(() => passkeySignInMachine.provide(actors.passkeySignIn(session)), [actors, session]);
}
