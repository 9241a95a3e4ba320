import { fromPromise } from 'xstate';
import type { Landing } from '../../../domain/profile';
import type { LogInField, SignUpField } from '../../../domain/validation';
import { keepSignUpUsername } from '../../../shared/storage/profile';
import { logInThrough, resetPasswordThrough, signUpThrough, type SessionActor } from './sessionRequests';
import { confirmPasswordReset, requestPasswordReset } from '../services/passwordReset';
import { landingAfterLogIn } from '../services/landing';

/**
 * The log-in form's `submitCredentials`: the session logs in with the username as typed minus surrounding
 * spaces; the answer is where to land. Stopped before the answer (the form was left), the log-in is abandoned.
 */
export function logInWith(session: SessionActor) {
  // `signal` aborts when the form stops waiting (it was left for Sign Up): the session then abandons this log-in.
  return fromPromise<Landing, Record<LogInField, string>>(async ({ input, signal }) => {
    await logInThrough(session, { username: input.username.trim(), password: input.password }, signal);
    // A log-in that worked is not undone because the profile could not be read: profile building is the safe landing.
    return landingAfterLogIn(true).catch((): Landing => 'connections');
  });
}

/**
 * The sign-up form's `submitCredentials`: the session signs up with username and email minus surrounding spaces.
 * Stopped before the answer (the form was left for Log In), the sign-up is abandoned as a log-in is.
 */
export function signUpWith(session: SessionActor) {
  return fromPromise<unknown, Record<SignUpField, string>>(({ input, signal }) =>
    signUpThrough(session, { username: input.username.trim(), email: input.email.trim(), password: input.password }, signal),
  );
}

/** 'Reset your password': asks for a link for the address minus surrounding spaces; the answer is the server's words. */
export const requestResetLink = fromPromise<string, Record<'email', string>>(({ input }) => requestPasswordReset(input.email.trim()));

/** 'Choose a new password': sets it through the link, the session takes the member, and the answer is where to land. */
export function resetPasswordWith(session: SessionActor) {
  return fromPromise<Landing, { token: string; password: string }>(async ({ input }) => {
    await resetPasswordThrough(session, () => confirmPasswordReset(input.token, input.password));
    return landingAfterLogIn(true).catch((): Landing => 'connections');
  });
}

/**
 * 'Sign in with a passkey': the session takes the member the server signed in (as after a reset link), and
 * the answer is where to land. The WebAuthn code is fetched only now, when the button was pressed.
 */
export function passkeySignInWith(session: SessionActor) {
  return fromPromise<Landing>(async () => {
    await resetPasswordThrough(session, async () => (await import('../services/passkeySignIn')).signInWithPasskey());
    return landingAfterLogIn(true).catch((): Landing => 'connections');
  });
}

/** What the sign-up form keeps on this device: a guest's typed name, for onboarding. */
export const signUpDeviceActions = {
  keepUsername: (_: unknown, params: { username: string }) => keepSignUpUsername(params.username),
};

/** The auth forms' real IO, given the app's session actor (the forms ask it to log in or sign up). */
export const authFormsActors = {
  logIn: (session: SessionActor) => ({ actors: { submitCredentials: logInWith(session) } }),
  signUp: (session: SessionActor) => ({
    actors: { submitCredentials: signUpWith(session) },
    actions: signUpDeviceActions,
  }),
  forgotPassword: () => ({ actors: { submitCredentials: requestResetLink } }),
  resetPassword: (session: SessionActor) => ({ actors: { submitCredentials: resetPasswordWith(session) } }),
  passkeySignIn: (session: SessionActor) => ({ actors: { signInWithPasskey: passkeySignInWith(session) } }),
};
export type AuthFormsActors = typeof authFormsActors;
