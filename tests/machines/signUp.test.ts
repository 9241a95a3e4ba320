import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signUpMachine, type SignUpEvent } from '../../src/machines/signUp.machine';
import type { SignUpField, SignUpForm } from '../../src/domain/validation';
import { testModel, type ModelOptions, type ReplayEnv } from '../support/modelTest';

// What the user may type into each field: blank or malformed values next to good ones. Every field also
// starts empty, so "required" is reachable too.
const typed: Record<SignUpField, string[]> = {
  username: ['   ', 'mira'],
  email: ['mira@example', 'mira@example.com'],
  password: ['12345', 'secret1'],
  confirmPassword: ['secret1'],
};

const events: SignUpEvent[] = [
  ...(Object.entries(typed) as [SignUpField, string[]][]).flatMap(([field, values]) =>
    values.map((value) => ({ type: 'CHANGE' as const, field, value })),
  ),
  { type: 'SUBMIT' },
];

// The texts each value must produce, spelled out from docs/product.md section 5 (not derived from the code under test).
function expectedErrors(v: SignUpForm): Partial<Record<SignUpField, string>> {
  const errors: Partial<Record<SignUpField, string>> = {};
  if (v.username.trim() === '') errors.username = 'Username is required';
  if (v.email === '') errors.email = 'Email is required';
  else if (v.email === 'mira@example') errors.email = 'Please enter a valid email';
  if (v.password === '') errors.password = 'Password is required';
  else if (v.password.length < 6) errors.password = 'Password must be at least 6 characters';
  if (v.confirmPassword !== v.password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

const toConnections = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'navigate');

// Only a failed SUBMIT moves focus, to the first invalid field in on-screen order.
function expectFocus(env: ReplayEnv, events: string[], values: SignUpForm, last: { type: string } | undefined) {
  const focuses = env.timeline.filter((e) => e.type === 'focus');
  if (!events.includes('SUBMIT')) expect(focuses).toEqual([]);
  if (last?.type === 'SUBMIT') {
    const first = (['username', 'email', 'password', 'confirmPassword'] as const).find((f) => expectedErrors(values)[f] !== undefined);
    expect(focuses.at(-1)).toEqual({ type: 'focus', payload: first, at: 0 });
  }
}

const model: ModelOptions<typeof signUpMachine> = {
  machine: signUpMachine,
  limit: 200,
  events: [...events, { type: 'xstate.after.navigateDelay.signUp.leaving' }],
  delays: { navigateDelay: 500 },
  provide: (env) => ({
    actions: {
      goToConnections: () => env.record('navigate', '/connections'),
      focusField: (_: unknown, params: { field: SignUpField | undefined }) => env.record('focus', params.field),
    },
  }),
  states: {
    // Nothing was submitted yet: no error is shown however wrong the values are.
    'editing.filling': ({ env, context, events, last }) => {
      expect(events).not.toContain('SUBMIT');
      expect(context.errors).toEqual({});
      expect(toConnections(env)).toEqual([]);
      expectFocus(env, events, context.values, last);
    },
    // After a failed submit the errors follow the values, field by field.
    'editing.correcting': ({ env, context, events, last }) => {
      expect(events).toContain('SUBMIT');
      expect(context.errors).toEqual(expectedErrors(context.values));
      expect(toConnections(env)).toEqual([]);
      expectFocus(env, events, context.values, last);
    },
    // A valid submit fades out; nothing navigates before 500 ms.
    leaving: ({ env, context }) => {
      expect(expectedErrors(context.values)).toEqual({});
      expect(toConnections(env)).toEqual([]);
    },
    done: ({ env, context }) => {
      expect(expectedErrors(context.values)).toEqual({});
      expect(toConnections(env)).toEqual([{ type: 'navigate', payload: '/connections', at: 500 }]);
    },
  },
};

describe('sign-up machine (model-based)', () => {
  it('shows the right errors after a failed submit and navigates to /connections only 500 ms after a valid one', async () => {
    const report = await testModel(model);
    // Every mix of typed values, before and after a submit, is a distinct snapshot with its own path.
    expect(report.snapshots).toBe(110);
  });

  it('ignores edits and submits once it is leaving', () => {
    const navigations: string[] = [];
    const actor = createActor(signUpMachine.provide({ actions: { goToConnections: () => navigations.push('/connections') } })).start();
    const good = { username: 'mira', email: 'mira@example.com', password: 'secret1', confirmPassword: 'secret1' };
    for (const [field, value] of Object.entries(good)) actor.send({ type: 'CHANGE', field: field as SignUpField, value });
    actor.send({ type: 'SUBMIT' });
    for (const event of events) actor.send(event);
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(actor.getSnapshot().context).toEqual({ values: good, errors: {} });
    expect(navigations).toEqual([]);
    actor.stop();
  });
});
