import { assign, setup } from 'xstate';
import {
  emptyLogInForm,
  firstInvalidField,
  hasErrors,
  logInFields,
  validateLogIn,
  type FieldErrors,
  type LogInField,
  type LogInForm,
} from '../domain/validation';

/**
 * Log-in form ('Log In', SPEC.md sections 2 and 5). Same rhythm as sign-up: errors appear on a failed
 * submit and then follow every keystroke; a valid submit fades out and navigates to /connections after
 * 500 ms. 'Create one' leaves for /auth while the form is still being edited. Nothing is sent to a server.
 */
export interface LogInContext {
  values: LogInForm;
  errors: FieldErrors<LogInField>;
}

export type LogInEvent =
  | { type: 'CHANGE'; field: LogInField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CREATE_ACCOUNT' };

export const logInMachine = setup({
  types: {} as { context: LogInContext; events: LogInEvent },
  actions: {
    setValue: assign({
      values: ({ context, event }) => (event.type === 'CHANGE' ? { ...context.values, [event.field]: event.value } : context.values),
    }),
    showErrors: assign({ errors: ({ context }) => validateLogIn(context.values) }),
    focusField: (_, _params: { field: LogInField | undefined }) => {
      // Provided by the screen: moves keyboard focus to that field's input.
    },
    goToConnections: () => {
      // Provided by the screen: navigate('/connections').
    },
    goToSignUp: () => {
      // Provided by the screen: navigate('/auth').
    },
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(validateLogIn(context.values)),
  },
  delays: { navigateDelay: 500 },
}).createMachine({
  id: 'logIn',
  context: { values: emptyLogInForm, errors: {} },
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
              { type: 'focusField', params: ({ context }) => ({ field: firstInvalidField(logInFields, validateLogIn(context.values)) }) },
            ],
          },
        ],
        CREATE_ACCOUNT: { actions: 'goToSignUp' },
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
