import { fromPromise, setup } from 'xstate';
import { emptyLogInForm, logInFields, validateLogIn, type LogInField } from '../domain/validation';
import { formFlowImplementations, formFlowStates, type FormContext, type FormEvent } from './formFlow';
import { logInThrough, type SessionActor } from './sessionRequests';

/**
 * Log-in form ('Log In', docs/product.md sections 2 and 5). Same rhythm as sign-up (formFlow.ts): errors appear on
 * a failed submit and then follow every keystroke; a valid submit is checked by the server,
 * then fades out and navigates to /connections after 500 ms. 'Create one' leaves for /auth while the form is
 * still being edited; 'Continue as guest' skips the server.
 */
export type LogInContext = FormContext<LogInField>;

export type LogInEvent = FormEvent<LogInField> | { type: 'CREATE_ACCOUNT' };

const flow = formFlowImplementations<LogInField, LogInEvent>(logInFields, validateLogIn);

/** The form's `submitCredentials` for the app: the session logs in with the username as typed minus surrounding spaces. */
export function logInWith(session: SessionActor) {
  return fromPromise<unknown, Record<LogInField, string>>(({ input }) =>
    logInThrough(session, { username: input.username.trim(), password: input.password }),
  );
}

export const logInMachine = setup({
  types: {} as { context: LogInContext; events: LogInEvent },
  actors: flow.actors,
  actions: {
    ...flow.actions,
    goToSignUp: () => {
      // Provided by the screen: navigate('/auth').
    },
  },
  guards: flow.guards,
  delays: flow.delays,
}).createMachine({
  id: 'logIn',
  context: { values: emptyLogInForm, errors: {}, serverError: null },
  initial: 'editing',
  states: formFlowStates(logInFields, validateLogIn, { CREATE_ACCOUNT: { actions: 'goToSignUp' } }),
});
