import { assign, fromPromise, setup } from 'xstate';
import { emptyLogInForm, logInFields, validateLogIn, type LogInField } from '../../../domain/validation';
import { landingAfterLogIn, type Landing } from '../services/landing';
import { formFlowImplementations, formFlowStates, type FormContext, type FormEvent } from './formFlow';
import { logInThrough, type SessionActor } from './sessionRequests';

/**
 * Log-in form ('Log In', docs/product.md sections 2 and 5). Same rhythm as sign-up (formFlow.ts): errors appear on
 * a failed submit and then follow every keystroke; a valid submit is checked by the server, then fades out
 * and after 500 ms arrives where the member belongs: Home when the profile the server holds is complete,
 * /connections (profile building) otherwise. 'Create one' leaves for /auth while the form is still being
 * edited; 'Continue as guest' skips the server and goes to /connections.
 */
export interface LogInContext extends FormContext<LogInField> {
  landing: Landing;
}

export type LogInEvent = FormEvent<LogInField> | { type: 'CREATE_ACCOUNT' };

const flow = formFlowImplementations<LogInField, LogInEvent>(logInFields, validateLogIn);

/**
 * The form's `submitCredentials` for the app: the session logs in with the username as typed minus surrounding
 * spaces; the answer is where to land.
 */
export function logInWith(session: SessionActor) {
  return fromPromise<Landing, Record<LogInField, string>>(async ({ input }) => {
    await logInThrough(session, { username: input.username.trim(), password: input.password });
    // A log-in that worked is not undone because the profile could not be read: profile building is the safe landing.
    return landingAfterLogIn(true).catch((): Landing => 'connections');
  });
}

export const logInMachine = setup({
  types: {} as { context: LogInContext; events: LogInEvent },
  // Provided by the screen (logInWith).
  actors: { submitCredentials: fromPromise<Landing, Record<LogInField, string>>(async () => 'connections') },
  actions: {
    ...flow.actions,
    goToSignUp: () => {
      // Provided by the screen: navigate('/auth').
    },
    goToHome: () => {
      // Provided by the screen: navigate('/home').
    },
    takeLanding: assign({
      landing: ({ event }) => ((event as { output?: unknown }).output === 'home' ? 'home' : 'connections'),
    }),
  },
  guards: { ...flow.guards, landsHome: ({ context }) => context.landing === 'home' },
  delays: flow.delays,
}).createMachine({
  id: 'logIn',
  context: { values: emptyLogInForm, errors: {}, serverError: null, landing: 'connections' },
  initial: 'editing',
  states: {
    ...formFlowStates(logInFields, validateLogIn, { CREATE_ACCOUNT: { actions: 'goToSignUp' } }, ['takeLanding']),
    leaving: { after: { navigateDelay: [{ guard: 'landsHome', target: 'home' }, { target: 'done' }] } },
    home: { type: 'final', entry: 'goToHome' },
  },
});
