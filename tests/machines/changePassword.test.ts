import { describe, expect } from 'vitest';
import { changePasswordMachine } from '../../src/features/settings/machines/changePassword.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { done, failed, isDone, isFailed, itCoversTheModel, pathEvents, type ModelEvent, type StateView } from '../support/modelTest';

// Settings' 'Change password' (docs/product.md): the sign-up rules for the new password, errors hidden until a
// refused submit and live after it, a wrong current password said under its box, other refusals for the whole
// form, and on success the boxes empty with 'Your password was changed. Every other device was signed out.'

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

const REQUIRED = 'Password is required';
const TOO_SHORT = 'Password must be at least 6 characters';
const NO_MATCH = 'Passwords do not match';
const WRONG_CURRENT = 'Your current password is not correct.';
const TOO_MANY = 'Too many attempts. Try again in 2 minutes.';
const CHANGED = 'Your password was changed. Every other device was signed out.';

const events: ModelEvent[] = [
  { type: 'CHANGE', field: 'currentPassword', value: 'old-secret' },
  { type: 'CHANGE', field: 'newPassword', value: 'new-secret' },
  { type: 'CHANGE', field: 'newPassword', value: 'short' },
  { type: 'CHANGE', field: 'confirmPassword', value: 'new-secret' },
  { type: 'SUBMIT' },
  done('changePassword'),
  failed('changePassword', new MemberApiError('WRONG_PASSWORD', { status: 403 })),
  failed('changePassword', new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 120 })),
];

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

function rules(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.currentPassword === '') errors.currentPassword = REQUIRED;
  if (values.newPassword === '') errors.newPassword = REQUIRED;
  else if (values.newPassword.length < 6) errors.newPassword = TOO_SHORT;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = NO_MATCH;
  return errors;
}

/** What the form should show after these events, worked out from the contract. */
function expected(steps: ModelEvent[]) {
  let values = EMPTY;
  let errors: Partial<Record<Field, string>> = {};
  let serverError: { field?: Field; message: string } | null = null;
  let notice: string | null = null;
  let mode: 'filling' | 'correcting' | 'saving' = 'filling';
  let sent: Values[] = [];
  let changed = 0;
  // Where the cursor is sent after each refusal: the first wrong box on screen, or the box the server named.
  let focused: (Field | undefined)[] = [];
  for (const event of steps) {
    if (event.type === 'CHANGE' && mode !== 'saving') {
      const field = event.field as Field;
      values = { ...values, [field]: event.value as string };
      if (serverError?.field === field) serverError = null;
      notice = null;
      if (mode === 'correcting') errors = rules(values);
    } else if (event.type === 'SUBMIT' && mode !== 'saving') {
      [serverError, notice] = [null, null];
      if (Object.keys(rules(values)).length === 0) [mode, errors, sent] = ['saving', {}, [...sent, values]];
      else {
        [mode, errors] = ['correcting', rules(values)];
        focused = [...focused, (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((field) => errors[field] !== undefined)];
      }
    } else if (isDone('changePassword')(event)) [mode, values, notice, changed] = ['filling', EMPTY, CHANGED, changed + 1];
    else if (isFailed('changePassword')(event)) {
      mode = 'correcting';
      serverError = (event.error as MemberApiError).code === 'WRONG_PASSWORD' ? { field: 'currentPassword', message: WRONG_CURRENT } : { message: TOO_MANY };
      focused = [...focused, serverError.field];
    }
  }
  return { context: { values, errors, serverError, notice }, sent, changed, focused };
}

type View = StateView<typeof changePasswordMachine>;

function shows(view: View) {
  const want = expected(pathEvents(view.path));
  expect(view.context).toEqual(want.context);
  // Only a valid form is sent, as typed (current and new password, never the confirmation); the screen
  // hears of each change, so the device list is read again.
  expect((view.env.pending.get('changePassword') ?? []).map((d) => d.input)).toEqual(want.sent.map((v) => ({ currentPassword: v.currentPassword, newPassword: v.newPassword })));
  expect(view.env.effects.filter((e) => e.type === 'passwordChanged')).toHaveLength(want.changed);
  expect(view.env.effects.filter((e) => e.type === 'focusField').map((e) => e.payload)).toEqual(want.focused);
}

describe("'Change password' machine (model-based)", () => {
  itCoversTheModel(
    'checks the sign-up rules, says a wrong current password under its box, and empties the form once changed',
    {
      machine: changePasswordMachine,
      events,
      limit: 2000,
      provide: (env) => ({
        actions: {
          passwordChanged: () => env.record('passwordChanged'),
          focusField: (_: unknown, { field }: { field: Field | undefined }) => env.record('focusField', field),
        },
      }),
      states: {
        'editing.filling': shows,
        'editing.correcting': shows,
        saving: shows,
      },
    },
    { states: 5, paths: 149 },
  );
});
