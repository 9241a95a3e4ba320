import { describe, expect, it } from 'vitest';
import { accountDeletionMachine } from '../../src/machines/accountDeletion.machine';
import { MemberApiError } from '../../src/services/members/errors';
import { runModel } from '../support/modelTest';

// Settings' Delete account dialog (issue 12): it asks for the password, refuses a blank one with the contract's
// 'Password is required', shows the server's refusal in the contract's words, and leaves for /auth once the
// account is gone. Expected texts are literals from docs/product.md and memberContract.ts.

const events = [
  { type: 'OPEN' },
  { type: 'CANCEL' },
  { type: 'CHANGE', value: 'secret1' },
  { type: 'CHANGE', value: '' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.deleteAccount' },
  { type: 'xstate.error.actor.deleteAccount', error: new MemberApiError('WRONG_PASSWORD', { status: 403 }) },
  { type: 'xstate.error.actor.deleteAccount', error: new MemberApiError('OFFLINE') },
];

const told: Record<string, string> = {
  WRONG_PASSWORD: 'That password is not correct',
  OFFLINE: 'You appear to be offline. Please check your connection and try again.',
};

describe('account deletion dialog machine (model-based)', () => {
  it('asks for the password, shows refusals in the contract words and leaves for /auth only once deleted', async () => {
    const count = await runModel({
      machine: accountDeletionMachine,
      events,
      limit: 500,
      provide: (env) => ({ actions: { goToAuth: () => env.record('navigate', '/auth') } }),
      check: ({ env, snapshot, path }) => {
        const steps = path.steps.map((s) => s.event as { type: string; value?: string; error?: MemberApiError });
        const last = steps.at(-1);
        const { password, error } = snapshot.context;
        const navigations = env.effects.filter((e) => e.type === 'navigate');
        expect(navigations).toEqual(snapshot.matches('deleted') ? [{ type: 'navigate', payload: '/auth' }] : []);
        if (snapshot.matches('deleted')) expect(last?.type).toBe('xstate.done.actor.deleteAccount');

        // Only a typed password is sent, exactly as typed.
        const sent = env.pending.get('deleteAccount') ?? [];
        if (snapshot.matches('deleting')) {
          expect(password).toBe('secret1');
          expect(sent.at(-1)?.input).toEqual({ password: 'secret1' });
        }
        if (last?.type === 'SUBMIT' && path.steps.at(-2)?.state.matches('open') && password === '') {
          expect(snapshot.value).toBe('open');
          expect(error).toBe('Password is required');
        }
        if (last?.type === 'xstate.error.actor.deleteAccount') {
          expect(snapshot.value).toBe('open');
          expect(error).toBe(told[last.error!.code]);
          expect(password).toBe('secret1');
        }
        // Opening starts empty; typing clears an old message.
        if (last?.type === 'OPEN' && snapshot.matches('open') && path.steps.at(-2)?.state.matches('closed')) {
          expect(snapshot.context).toEqual({ password: '', error: null });
        }
        if (last?.type === 'CHANGE' && snapshot.matches('open')) expect(error).toBeNull();
        // One request per submit of an open dialog with a typed password, and no other.
        const sendingSubmits = path.steps.filter(
          (step, i) => step.event.type === 'SUBMIT' && i > 0 && path.steps[i - 1]!.state.matches('open') && path.steps[i - 1]!.state.context.password !== '',
        );
        expect(sent.length).toBe(sendingSubmits.length);
      },
    });
    expect(count).toBeGreaterThan(10);
  });
});
