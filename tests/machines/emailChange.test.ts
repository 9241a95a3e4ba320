import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { emailChangeMachine } from '../../src/features/settings/machines/emailChange.machine';
import { confirmEmailMachine } from '../../src/features/session/machines/confirmEmail.machine';
import { MemberApiError } from '../../src/domain/memberFailure';
import { done, failed, isDone, isFailed, itCoversTheModel } from '../support/modelTest';

// Settings' 'Change email' and the page its link opens (docs/product.md), with the texts written out here.

const OFFLINE = 'You appear to be offline. Please check your connection and try again.';
const WRONG_PASSWORD = 'That password is not correct';
const TAKEN = 'An account with this email already exists';

function expectedEmailError(email: string): string | undefined {
  if (email.trim() === '') return 'Email is required';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : 'Please enter a valid email';
}

type Step = { event: { type: string; field?: string; value?: string; error?: unknown; output?: unknown } };

/** What the dialog must show after these steps, worked out from the events alone. */
function oracle(steps: readonly Step[]) {
  let values = { email: '', password: '' };
  let errors: Record<string, string> = {};
  let error: string | null = null;
  for (const { event } of steps.slice(1)) {
    if (event.type === 'OPEN') [values, errors, error] = [{ email: '', password: '' }, {}, null];
    if (event.type === 'CHANGE') {
      values = { ...values, [event.field!]: event.value! };
      const { [event.field!]: _gone, ...rest } = errors;
      errors = rest;
    }
    if (event.type === 'SUBMIT') {
      const problems: Record<string, string> = {};
      const email = expectedEmailError(values.email);
      if (email) problems.email = email;
      if (values.password === '') problems.password = 'Password is required';
      [errors, error] = [problems, null];
    }
    if (isDone('requestEmailChange')(event)) values = { ...values, password: '' };
    if (isFailed('requestEmailChange')(event)) {
      const code = (event.error as MemberApiError).code;
      if (code === 'WRONG_PASSWORD') [errors, error] = [{ password: WRONG_PASSWORD }, null];
      else if (code === 'EMAIL_TAKEN') [errors, error] = [{ email: TAKEN }, null];
      else [errors, error] = [{}, OFFLINE];
    }
  }
  return { values, errors, error };
}

describe('change email machine (model-based)', () => {
  itCoversTheModel(
    'asks the server only with a well-formed address and a password, says where the link went, and keeps what was typed after a refusal',
    {
      machine: emailChangeMachine,
      limit: 300,
      events: [
        { type: 'OPEN' },
        { type: 'CANCEL' },
        { type: 'CHANGE', field: 'email', value: 'nope' },
        { type: 'CHANGE', field: 'email', value: ' new@example.com ' },
        { type: 'CHANGE', field: 'password', value: 'secret-1' },
        { type: 'SUBMIT' },
        done('requestEmailChange', 'new@example.com'),
        failed('requestEmailChange', new MemberApiError('WRONG_PASSWORD', { status: 403, field: 'password' })),
        failed('requestEmailChange', new MemberApiError('EMAIL_TAKEN', { status: 409, field: 'email' })),
        failed('requestEmailChange', new MemberApiError('OFFLINE')),
      ],
      states: {
        // Only where it starts, and after Cancel or Done.
        closed: ({ last }) => {
          expect([undefined, 'CANCEL']).toContain(last?.type);
        },
        open: ({ context, path }) => {
          const expected = oracle(path.steps);
          expect(context.values).toEqual(expected.values);
          expect(context.errors).toEqual(expected.errors);
          expect(context.error).toBe(expected.error);
        },
        sending: ({ context, env }) => {
          expect(expectedEmailError(context.values.email)).toBeUndefined();
          expect(context.values.password).not.toBe('');
          expect(env.pending.get('requestEmailChange')?.at(-1)?.input).toEqual(context.values);
        },
        sent: ({ context }) => {
          expect(context.sentTo).toBe('new@example.com');
          // The password is not kept once it has done its work.
          expect(context.values.password).toBe('');
        },
      },
    },
    { states: 5, transitions: 7, guards: 1 },
  );
});

describe('confirm email machine (model-based)', () => {
  itCoversTheModel(
    'changes nothing until Confirm is pressed, tells the new address, a dead link, or a refusal that can be tried again',
    {
      machine: confirmEmailMachine,
      input: { token: 'A'.repeat(43) },
      limit: 100,
      events: [
        { type: 'CONFIRM' },
        done('confirmEmail', 'new@example.com'),
        failed('confirmEmail', new MemberApiError('EMAIL_LINK_INVALID', { status: 400 })),
        failed('confirmEmail', new MemberApiError('EMAIL_TAKEN', { status: 409, field: 'email' })),
      ],
      provide: (env) => ({ actions: { refreshSession: () => env.record('refresh') } }),
      states: {
        ready: ({ context, env, last }) => {
          expect(env.effects.filter((e) => e.type === 'refresh')).toHaveLength(0);
          expect(context.error).toBe(isFailed('confirmEmail')(last) ? TAKEN : null);
        },
        confirming: ({ env }) => {
          expect(env.pending.get('confirmEmail')?.at(-1)?.input).toEqual({ token: 'A'.repeat(43) });
        },
        confirmed: ({ context, env }) => {
          expect(context.email).toBe('new@example.com');
          // The session reads the member again: the new address shows in Settings at once.
          expect(env.effects.filter((e) => e.type === 'refresh')).toHaveLength(1);
        },
        linkInvalid: ({ context }) => {
          expect(context.email).toBeNull();
        },
      },
    },
    { states: 5, transitions: 3, guards: 1 },
  );
});

describe('confirm email machine: a link cut short', () => {
  it('opened without a token, says the link does not work and offers no Confirm', () => {
    const actor = createActor(confirmEmailMachine, { input: { token: '' } }).start();
    expect(actor.getSnapshot().value).toBe('linkInvalid');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('linkInvalid');
  });
});
