import { assign, setup } from 'xstate';
import type { Landing } from '../../../domain/profile';
import { emptyLogInForm, logInFields, validateLogIn, type LogInField } from '../../../domain/validation';
import { notProvided } from '../../../shared/machines/notProvided';
import { formFlowImplementations, formFlowStates, type FormContext, type FormEvent } from './formFlow';

/**
 * Log-in form ('Log In', docs/product.md sections 2 and 5). Same rhythm as sign-up (formFlow.ts): errors appear on
 * a failed submit and then follow every keystroke; a valid submit is checked by the server, then fades out
 * and after 500 ms arrives where the member belongs: Home when the profile the server holds is complete,
 * /connections (profile building) otherwise. 'Create one' leaves for /auth while the form is being edited or
 * the server asked (not once it is leaving); 'Continue as guest' skips the server and goes to /connections.
 */
export interface LogInContext extends FormContext<LogInField> {
  landing: Landing;
}

export type LogInEvent = FormEvent<LogInField> | { type: 'CREATE_ACCOUNT' };

const flow = formFlowImplementations<LogInField, LogInEvent>(logInFields, validateLogIn);
const flowStates = formFlowStates(logInFields, validateLogIn, { CREATE_ACCOUNT: 'leftForSignUp' }, 'takeLanding');

export const logInMachine = setup({
  types: {} as { context: LogInContext; events: LogInEvent },
  // Logs in through the session and answers where to land (the feature's actors/authForms.actors.ts).
  actors: { submitCredentials: notProvided<Landing, Record<LogInField, string>>('submitCredentials') },
  actions: {
    ...flow.actions,
    goToSignUp: () => {
      // Provided by the screen: navigate('/auth').
    },
    goToHome: () => {
      // Provided by the screen: navigate('/home').
    },
    takeLanding: assign((_, params: { output: unknown }) => ({ landing: params.output === 'home' ? ('home' as const) : ('connections' as const) })),
  },
  guards: { ...flow.guards, landsHome: ({ context }) => context.landing === 'home' },
  delays: flow.delays,
}).createMachine({
  id: 'logIn',
  context: { values: emptyLogInForm, errors: {}, serverError: null, landing: 'connections' },
  initial: 'editing',
  states: {
    ...flowStates,
    // 'Create one' works while the server is asked too: leaving stops the submit, whose log-in the session then
    // abandons (actors/authForms.actors.ts), so the person arrives on Sign Up as the guest they were.
    submitting: { ...flowStates.submitting, on: { CREATE_ACCOUNT: 'leftForSignUp' } },
    leftForSignUp: { type: 'final', entry: 'goToSignUp' },
    leaving: { after: { navigateDelay: [{ guard: 'landsHome', target: 'home' }, { target: 'done' }] } },
    home: { type: 'final', entry: 'goToHome' },
  },
});
