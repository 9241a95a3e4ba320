import { setup } from 'xstate';
import { emptySignUpForm, signUpFields, validateSignUp, type SignUpField } from '../../../domain/validation';
import { formFlowImplementations, formFlowStates, type FormContext, type FormEvent } from './formFlow';

/**
 * Sign-up form ('Create Account', docs/product.md sections 2 and 5), following the shared form rhythm (formFlow.ts):
 * errors stay hidden while the user first fills the form; a failed submit shows them and from then on they
 * follow every keystroke. A valid submit fades the screen out (`leaving`) and navigates to /connections
 * after 500 ms. A valid form is first sent to the server, which creates a member account;
 * 'Continue as guest' skips the server and keeps the app device-only.
 */
export type SignUpContext = FormContext<SignUpField>;

export type SignUpEvent = FormEvent<SignUpField>;

const flow = formFlowImplementations<SignUpField, SignUpEvent>(signUpFields, validateSignUp);

export const signUpMachine = setup({
  types: {} as { context: SignUpContext; events: SignUpEvent },
  actors: flow.actors,
  actions: {
    ...flow.actions,
    keepUsername: (_, _params: { username: string }) => {
      // Provided with the feature's actors (actors/authForms.actors.ts): keeps the name on the device for onboarding.
    },
  },
  guards: flow.guards,
  delays: flow.delays,
}).createMachine({
  id: 'signUp',
  context: { values: emptySignUpForm, errors: {}, serverError: null },
  initial: 'editing',
  // A guest's typed name is kept for onboarding; a member's comes from the session.
  states: formFlowStates(signUpFields, validateSignUp, {
    CONTINUE_AS_GUEST: { target: 'leaving', actions: { type: 'keepUsername', params: ({ context }: { context: SignUpContext }) => ({ username: context.values.username }) } },
  }),
});
