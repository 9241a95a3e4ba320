import { assign, setup } from 'xstate';
import {
  emptySignUpForm,
  firstInvalidField,
  hasErrors,
  signUpFields,
  validateSignUp,
  type FieldErrors,
  type SignUpField,
  type SignUpForm,
} from '../domain/validation';

/**
 * Sign-up form ('Create Account', SPEC.md sections 2 and 5). Errors stay hidden while the user first fills
 * the form; a failed submit shows them and from then on they follow every keystroke. A valid submit fades
 * the screen out (`leaving`) and navigates to /connections after 500 ms. Nothing is sent to a server.
 */
export interface SignUpContext {
  values: SignUpForm;
  errors: FieldErrors<SignUpField>;
}

export type SignUpEvent = { type: 'CHANGE'; field: SignUpField; value: string } | { type: 'SUBMIT' };

export const signUpMachine = setup({
  types: {} as { context: SignUpContext; events: SignUpEvent },
  actions: {
    setValue: assign({
      values: ({ context, event }) => (event.type === 'CHANGE' ? { ...context.values, [event.field]: event.value } : context.values),
    }),
    showErrors: assign({ errors: ({ context }) => validateSignUp(context.values) }),
    focusField: (_, _params: { field: SignUpField | undefined }) => {
      // Provided by the screen: moves keyboard focus to that field's input.
    },
    goToConnections: () => {
      // Provided by the screen: navigate('/connections').
    },
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(validateSignUp(context.values)),
  },
  delays: { navigateDelay: 500 },
}).createMachine({
  id: 'signUp',
  context: { values: emptySignUpForm, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      initial: 'filling',
      on: {
        SUBMIT: [
          { guard: 'formIsValid', target: 'leaving' },
          {
            target: '.correcting',
            actions: [
              'showErrors',
              { type: 'focusField', params: ({ context }) => ({ field: firstInvalidField(signUpFields, validateSignUp(context.values)) }) },
            ],
          },
        ],
      },
      states: {
        filling: { on: { CHANGE: { actions: 'setValue' } } },
        correcting: { on: { CHANGE: { actions: ['setValue', 'showErrors'] } } },
      },
    },
    leaving: { after: { navigateDelay: 'done' } },
    done: { type: 'final', entry: 'goToConnections' },
  },
});
