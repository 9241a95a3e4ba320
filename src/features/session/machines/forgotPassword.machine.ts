import { assign, setup } from 'xstate';
import { accountRecoveryTexts } from '../../../domain/accountRecovery';
import { validateEmail } from '../../../domain/validation';
import { notProvided } from '../../../shared/machines/notProvided';
import { formEditingState, formFlowImplementations, type FormContext, type FormEvent } from './formFlow';

/**
 * 'Reset your password' (the log-in screen's 'Forgot password?'): one Email field with the forms' rhythm
 * (errors on a failed submit, then with every keystroke); a valid address is sent and, after the forms' fade, the screen says
 * the one answer the server gives for every address, so whether it has an account is never told. A
 * refusal (too many requests, offline) shows its reason and keeps what was typed.
 */
export type ForgotPasswordField = 'email';
export const forgotPasswordFields = ['email'] as const satisfies readonly ForgotPasswordField[];

export function validateForgotPassword(values: Record<ForgotPasswordField, string>) {
  const email = validateEmail(values.email.trim());
  return email ? { email } : {};
}

export interface ForgotPasswordContext extends FormContext<ForgotPasswordField> {
  /** The server's answer once sent. */
  sentMessage: string | null;
}

// 'Continue as guest' is not offered on this screen: the form's event is not taken.
type ForgotPasswordEvent = FormEvent<ForgotPasswordField>;

const flow = formFlowImplementations<ForgotPasswordField, ForgotPasswordEvent>(forgotPasswordFields, validateForgotPassword);

export const forgotPasswordMachine = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent },
  actors: {
    // Asks the server for a link (the feature's actors); answers with the server's words.
    submitCredentials: notProvided<string, Record<ForgotPasswordField, string>>('submitCredentials'),
  },
  actions: {
    setValue: flow.actions.setValue,
    showErrors: flow.actions.showErrors,
    clearServerError: flow.actions.clearServerError,
    showServerError: flow.actions.showServerError,
    focusField: flow.actions.focusField,
    takeAnswer: assign((_, params: { output: string }) => ({ sentMessage: params.output || accountRecoveryTexts.sent })),
  },
  guards: flow.guards,
  delays: flow.delays,
}).createMachine({
  id: 'forgotPassword',
  context: { values: { email: '' }, errors: {}, serverError: null, sentMessage: null },
  initial: 'editing',
  states: {
    editing: formEditingState(forgotPasswordFields, validateForgotPassword),
    submitting: {
      entry: 'clearServerError',
      invoke: {
        id: 'submitCredentials',
        src: 'submitCredentials',
        input: ({ context }) => context.values,
        onDone: { target: 'leaving', actions: { type: 'takeAnswer', params: ({ event }: { event: { output: string } }) => ({ output: event.output }) } },
        onError: {
          target: 'editing.correcting',
          actions: [{ type: 'showServerError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, { type: 'focusField', params: { field: 'email' } }],
        },
      },
    },
    // The form fades out as the other auth forms do, then the answer shows in its place.
    leaving: { after: { navigateDelay: 'done' } },
    done: {},
  },
});
