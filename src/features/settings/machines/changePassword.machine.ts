import { assertEvent, assign, setup } from 'xstate';
import { securityTexts } from '../../../domain/accountSecurity';
import { memberFailure } from '../../../domain/memberFailure';
import { messages } from '../../../domain/messages';
import { firstInvalidField, hasErrors, validateConfirmPassword, validatePassword, type FieldErrors } from '../../../domain/validation';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';

/**
 * Settings' 'Change password': Current password, New password (the sign-up rules) and Confirm new password.
 * Errors stay hidden while the form is first filled; a refused submit shows them, and from then on they
 * follow every keystroke. A wrong current password is said under that box (and goes once it is changed);
 * any other refusal (too many attempts, offline) is said for the whole form. Once changed, the boxes empty,
 * the form says so, and the screen is told (the device list no longer has the other devices).
 */
export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The boxes in on-screen order: a refused submit puts the cursor in the first one that is wrong. */
const FIELD_ORDER: readonly ChangePasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export function validateChangePassword(values: Record<ChangePasswordField, string>): FieldErrors<ChangePasswordField> {
  const errors: FieldErrors<ChangePasswordField> = {};
  if (values.currentPassword === '') errors.currentPassword = messages.validation.passwordRequired;
  const next = validatePassword(values.newPassword);
  if (next) errors.newPassword = next;
  const confirm = validateConfirmPassword(values.newPassword, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

export interface ChangePasswordContext {
  values: Record<ChangePasswordField, string>;
  /** The client's own checks, shown once a submit was refused. */
  errors: FieldErrors<ChangePasswordField>;
  /** The server's reason: under a box (until that box changes), or for the whole form (until the next submit). */
  serverError: { field?: ChangePasswordField; message: string } | null;
  notice: string | null;
}

type ChangePasswordEvent = { type: 'CHANGE'; field: ChangePasswordField; value: string } | { type: 'SUBMIT' };

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

function reasonOf(error: unknown): { field?: ChangePasswordField; message: string } {
  const failure = memberFailure(error);
  if (failure.code === 'WRONG_PASSWORD') return { field: 'currentPassword', message: securityTexts.wrongCurrent };
  if (failure.field === 'password') return { field: 'newPassword', message: failure.message };
  return { message: failure.message };
}

export const changePasswordMachine = setup({
  types: {} as { context: ChangePasswordContext; events: ChangePasswordEvent },
  actors: {
    /** PUT /api/me/password (the feature's actors/security.actors.ts); rejects with the refusal. */
    changePassword: notProvided<unknown, { currentPassword: string; newPassword: string }>('changePassword'),
  },
  actions: {
    setValue: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      return {
        values: { ...context.values, [event.field]: event.value },
        serverError: context.serverError?.field === event.field ? null : context.serverError,
        notice: null,
      };
    }),
    showErrors: assign(({ context }) => ({ errors: validateChangePassword(context.values) })),
    /** Provided by the screen: the device list loads again. */
    passwordChanged: actionNotProvided('passwordChanged'),
    /** Provided by the screen: the cursor goes to the box whose error is said (none for a whole-form error). */
    focusField: actionNotProvided<{ field: ChangePasswordField | undefined }>('focusField'),
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(validateChangePassword(context.values)),
  },
}).createMachine({
  id: 'changePassword',
  context: { values: empty, errors: {}, serverError: null, notice: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'filling',
      on: {
        SUBMIT: [
          { guard: 'formIsValid', target: 'saving' },
          {
            target: '.correcting',
            actions: [
              assign({ serverError: null, notice: null }),
              'showErrors',
              { type: 'focusField', params: ({ context }) => ({ field: firstInvalidField(FIELD_ORDER, validateChangePassword(context.values)) }) },
            ],
          },
        ],
      },
      states: {
        filling: { on: { CHANGE: { actions: 'setValue' } } },
        correcting: { on: { CHANGE: { actions: ['setValue', 'showErrors'] } } },
      },
    },
    saving: {
      entry: assign({ serverError: null, notice: null, errors: {} }),
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ currentPassword: context.values.currentPassword, newPassword: context.values.newPassword }),
        onDone: { target: 'editing', actions: [assign({ values: empty, notice: securityTexts.changed }), 'passwordChanged'] },
        onError: {
          target: 'editing.correcting',
          actions: [assign({ serverError: ({ event }) => reasonOf(event.error) }), { type: 'focusField', params: ({ event }) => ({ field: reasonOf(event.error).field }) }],
        },
      },
    },
  },
});

/** The text under a box: the client's own check first, else the server's reason about that box. */
export function fieldError(context: ChangePasswordContext, field: ChangePasswordField): string | undefined {
  return context.errors[field] ?? (context.serverError?.field === field ? context.serverError.message : undefined);
}
