import { describe, expect } from 'vitest';
import { accountDeletionMachine } from '../../src/features/settings/machines/accountDeletion.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { done, eventName, failed, isFailed, itCoversTheModel, type ModelPath, type StateView } from '../support/modelTest';

// Settings' Delete account dialog: it asks for the password, refuses a blank one with the contract's
// 'Password is required', shows the server's refusal in the contract's words, and leaves for /auth once the
// account is gone. Expected texts are literals from docs/product.md and memberContract.ts.

const events = [
  { type: 'OPEN' },
  { type: 'CANCEL' },
  { type: 'CHANGE', value: 'secret1' },
  { type: 'CHANGE', value: '' },
  { type: 'SUBMIT' },
  done('deleteAccount'),
  failed('deleteAccount', new MemberApiError('WRONG_PASSWORD', { status: 403 })),
  failed('deleteAccount', new MemberApiError('OFFLINE')),
];

const told: Record<string, string> = {
  WRONG_PASSWORD: 'That password is not correct',
  OFFLINE: 'You appear to be offline. Please check your connection and try again.',
};

type Step = { type: string; value?: string; error?: MemberApiError };

/** What the dialog should hold after the path: the typed password and the message shown, from the contract's rules. */
function expectedAfter(path: ModelPath<typeof accountDeletionMachine>) {
  let password = '';
  let error: string | null = null;
  let open = false;
  let sends = 0;
  for (const { event } of path.steps) {
    const e = event as Step;
    if (e.type === 'OPEN' && !open) [password, error, open] = ['', null, true];
    else if (e.type === 'CANCEL') open = false;
    else if (e.type === 'CHANGE') [password, error] = [e.value!, null];
    else if (e.type === 'SUBMIT' && open) {
      if (password === '') error = 'Password is required';
      else [open, sends] = [false, sends + 1];
    } else if (isFailed('deleteAccount')(e)) [error, open] = [told[e.error!.code]!, true];
  }
  return { context: { password, error }, sends };
}

/** No request beyond one per submit of a typed password; /auth only once the account is gone. */
function observed({ context, env, path }: StateView<typeof accountDeletionMachine>, { deleted = false } = {}) {
  const expected = expectedAfter(path);
  expect(context).toEqual(expected.context);
  expect(env.pending.get('deleteAccount') ?? []).toHaveLength(expected.sends);
  expect(env.effects.filter((e) => e.type === 'navigate').map((e) => e.payload)).toEqual(deleted ? ['/auth'] : []);
}

describe('account deletion dialog machine (model-based)', () => {
  itCoversTheModel('asks for the password, shows refusals in the contract words and leaves for /auth only once deleted', {
    machine: accountDeletionMachine,
    events,
    limit: 500,
    provide: (env) => ({ actions: { goToAuth: () => env.record('navigate', '/auth') } }),
    states: {
      closed: (view) => observed(view),
      // Open: empty when just opened; a blank submit says 'Password is required'; a refusal shows in the
      // contract's words and keeps what was typed; typing clears the message.
      open: (view) => {
        if (view.last?.type === 'OPEN') expect(view.context).toEqual({ password: '', error: null });
        if (isFailed('deleteAccount')(view.last)) expect(view.context.password).toBe('secret1');
        observed(view);
      },
      // Only a typed password is sent, exactly as typed.
      deleting: (view) => {
        expect(view.env.pending.get('deleteAccount')?.at(-1)?.input).toEqual({ password: 'secret1' });
        observed(view);
      },
      deleted: (view) => {
        expect(eventName(view.last)).toBe('done deleteAccount');
        observed(view, { deleted: true });
      },
    },
  }, { paths: expect.toSatisfy((paths: number) => paths > 10) });
});
