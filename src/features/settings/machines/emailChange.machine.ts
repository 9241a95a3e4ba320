import { assign, setup } from 'xstate';
import { memberFailure } from '../../../domain/memberFailure';
import { messages } from '../../../domain/messages';
import { validateEmail } from '../../../domain/validation';
import { notProvided } from '../../../shared/machines/notProvided';

/**
 * Settings' 'Change email' dialog: the new address and the current password. A blank or malformed field is
 * told under it without asking the server; the server's refusal (wrong password, address taken, offline) is
 * told under its field or for the whole dialog, keeping what was typed. Once the link is sent the dialog
 * says where it went; the email itself changes only when that link is opened.
 */
export type EmailChangeField = 'email' | 'password';

export interface EmailChangeContext {
  values: Record<EmailChangeField, string>;
  errors: Partial<Record<EmailChangeField, string>>;
  error: string | null;
  /** The address the link went to, once sent. */
  sentTo: string | null;
}

export type EmailChangeEvent =
  | { type: 'OPEN' }
  | { type: 'CANCEL' }
  | { type: 'CHANGE'; field: EmailChangeField; value: string }
  | { type: 'SUBMIT' };

export function emailChangeProblems(values: Record<EmailChangeField, string>): Partial<Record<EmailChangeField, string>> {
  const errors: Partial<Record<EmailChangeField, string>> = {};
  const email = validateEmail(values.email.trim());
  if (email) errors.email = email;
  if (values.password === '') errors.password = messages.validation.passwordRequired;
  return errors;
}

const closedContext: EmailChangeContext = { values: { email: '', password: '' }, errors: {}, error: null, sentTo: null };

export const emailChangeMachine = setup({
  types: {} as { context: EmailChangeContext; events: EmailChangeEvent },
  actors: {
    // Asks the server to send the link (the feature's actors); answers the address it went to.
    requestEmailChange: notProvided<string, Record<EmailChangeField, string>>('requestEmailChange'),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(emailChangeProblems(context.values)).length === 0,
  },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showProblems: assign({ errors: ({ context }) => emailChangeProblems(context.values), error: null }),
    showRefusal: assign((_, params: { error: unknown }) => {
      const failure = memberFailure(params.error);
      return failure.field === 'email' || failure.field === 'password' ? { errors: { [failure.field]: failure.message }, error: null } : { errors: {}, error: failure.message };
    }),
  },
}).createMachine({
  id: 'emailChange',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: assign(closedContext) } },
    },
    open: {
      on: {
        CANCEL: 'closed',
        CHANGE: { actions: 'setValue' },
        SUBMIT: [{ guard: 'formIsValid', target: 'sending' }, { actions: 'showProblems' }],
      },
    },
    sending: {
      entry: assign({ errors: {}, error: null }),
      invoke: {
        id: 'requestEmailChange',
        src: 'requestEmailChange',
        input: ({ context }) => context.values,
        onDone: { target: 'sent', actions: assign({ sentTo: ({ event }) => event.output, values: ({ context }) => ({ ...context.values, password: '' }) }) },
        onError: { target: 'open', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: { CANCEL: 'closed' },
    },
  },
});
