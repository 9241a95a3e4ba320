import { assign, setup } from 'xstate';
import { RESET_LINK_INVALID } from '../../../domain/accountRecovery';
import { memberFailure } from '../../../domain/memberFailure';
import type { Landing } from '../../../domain/profile';
import { validateConfirmPassword, validatePassword } from '../../../domain/validation';
import { notProvided } from '../../../shared/machines/notProvided';
import { formEditingState, formFlowImplementations, type FormContext, type FormEvent } from './formFlow';

/**
 * 'Choose a new password' (the page a reset link opens): New password and Confirm password with the sign-up
 * rules and the forms' rhythm. A valid submit sets the password through the link; the member is then signed
 * in on this device and, after the forms' fade, lands where a log-in would (Home, or profile building). A
 * link that is missing, used or expired says so, with a way to ask for a new one.
 */
export type ResetPasswordField = 'password' | 'confirmPassword';
export const resetPasswordFields = ['password', 'confirmPassword'] as const satisfies readonly ResetPasswordField[];

export function validateResetPassword(values: Record<ResetPasswordField, string>) {
  const errors: Partial<Record<ResetPasswordField, string>> = {};
  const password = validatePassword(values.password);
  if (password) errors.password = password;
  const confirm = validateConfirmPassword(values.password, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

export interface ResetPasswordContext extends FormContext<ResetPasswordField> {
  /** The link's token ('' when the page was opened without one). */
  token: string;
  landing: Landing;
}

// 'Continue as guest' is not offered on this screen: the form's event is not taken.
type ResetPasswordEvent = FormEvent<ResetPasswordField>;

const flow = formFlowImplementations<ResetPasswordField, ResetPasswordEvent>(resetPasswordFields, validateResetPassword);

export const resetPasswordMachine = setup({
  types: {} as { context: ResetPasswordContext; events: ResetPasswordEvent; input: { token: string } },
  actors: {
    // Sets the password through the link and signs the member in (the feature's actors); answers where to land.
    submitCredentials: notProvided<Landing, { token: string; password: string }>('submitCredentials'),
  },
  actions: {
    setValue: flow.actions.setValue,
    showErrors: flow.actions.showErrors,
    clearServerError: flow.actions.clearServerError,
    showServerError: flow.actions.showServerError,
    focusField: flow.actions.focusField,
    takeLanding: assign((_, params: { output: Landing }) => ({ landing: params.output })),
    /** The screen's navigate('/connections'). */
    goToConnections: flow.actions.goToConnections,
    goToHome: () => {
      // Provided by the screen: navigate('/home').
    },
  },
  guards: {
    formIsValid: flow.guards.formIsValid,
    noToken: ({ context }) => context.token === '',
    linkInvalid: (_, params: { error: unknown }) => memberFailure(params.error).code === RESET_LINK_INVALID,
    landsHome: ({ context }) => context.landing === 'home',
  },
  delays: flow.delays,
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ values: { password: '', confirmPassword: '' }, errors: {}, serverError: null, token: input.token, landing: 'connections' }),
  initial: 'editing',
  states: {
    editing: {
      ...formEditingState(resetPasswordFields, validateResetPassword),
      // Opened without a token (a link cut short): nothing to set a password through.
      always: { guard: 'noToken', target: 'linkInvalid' },
    },
    submitting: {
      entry: 'clearServerError',
      invoke: {
        id: 'submitCredentials',
        src: 'submitCredentials',
        input: ({ context }) => ({ token: context.token, password: context.values.password }),
        onDone: { target: 'leaving', actions: { type: 'takeLanding', params: ({ event }: { event: { output: Landing } }) => ({ output: event.output }) } },
        onError: [
          { guard: { type: 'linkInvalid', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, target: 'linkInvalid' },
          {
            target: 'editing.correcting',
            actions: [
              { type: 'showServerError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
              { type: 'focusField', params: ({ context }) => ({ field: context.serverError?.field }) },
            ],
          },
        ],
      },
    },
    leaving: { after: { navigateDelay: [{ guard: 'landsHome', target: 'home' }, { target: 'done' }] } },
    home: { type: 'final', entry: 'goToHome' },
    done: { type: 'final', entry: 'goToConnections' },
    linkInvalid: {},
  },
});
