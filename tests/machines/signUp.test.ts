import { describe, expect, it } from 'vitest';
import { signUpMachine, type SignUpEvent } from '../../src/machines/signUp.machine';
import type { SignUpField, SignUpForm } from '../../src/domain/validation';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { modelPaths, runModel, type ModelOptions } from '../support/modelTest';

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

// The texts each value must produce, spelled out from SPEC.md section 5 (not derived from the code under test).
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

const model: ModelOptions<typeof signUpMachine> = {
  machine: signUpMachine,
  events: [...events, { type: 'xstate.after.navigateDelay.signUp.leaving' } as never],
  provide: (env) => ({
    actions: {
      goToConnections: () => env.record('navigate', '/connections'),
      focusField: (_: unknown, params: { field: SignUpField | undefined }) => env.record('focus', params.field),
    },
  }),
  check: ({ env, snapshot, path }) => {
    const navigations = env.effects.filter((e) => e.type === 'navigate');
    const focuses = env.effects.filter((e) => e.type === 'focus');
    const submits = path.steps.filter((s) => s.event.type === 'SUBMIT').length;
    const { values, errors } = snapshot.context;

    if (snapshot.matches('done')) {
      expect(navigations).toEqual([{ type: 'navigate', payload: '/connections' }]);
      expect(env.clock.now()).toBe(500);
    } else {
      expect(navigations).toEqual([]);
      expect(env.clock.now()).toBe(0);
    }

    if (snapshot.matches({ editing: 'filling' })) {
      // Nothing was submitted yet: no error is shown however wrong the values are.
      expect(submits).toBe(0);
      expect(errors).toEqual({});
    }
    if (snapshot.matches({ editing: 'correcting' })) {
      // After a failed submit the errors follow the values, field by field.
      expect(submits).toBeGreaterThan(0);
      expect(errors).toEqual(expectedErrors(values));
    }
    if (snapshot.matches('leaving') || snapshot.matches('done')) {
      expect(expectedErrors(values)).toEqual({});
    }

    // Every failed submit moved focus to the first invalid field, in on-screen order.
    const last = path.steps.at(-1);
    if (last?.event.type === 'SUBMIT' && snapshot.matches('editing')) {
      const order: SignUpField[] = ['username', 'email', 'password', 'confirmPassword'];
      const first = order.find((f) => expectedErrors(values)[f] !== undefined);
      expect(focuses.at(-1)).toEqual({ type: 'focus', payload: first });
    }
    if (submits === 0) expect(focuses).toEqual([]);
  },
};

describe('sign-up machine (model-based)', () => {
  it('shows the right errors after a failed submit and navigates to /connections only 500 ms after a valid one', async () => {
    const count = await runModel(model);
    expect(count).toBeGreaterThanOrEqual(20);
  });

  it('holds the same checks in every reachable form state (every mix of typed values, before and after a submit)', async () => {
    // runModel replays a path to every distinct snapshot (value and context); check none is missing.
    const paths = getShortestPaths(signUpMachine, { events: model.events as SignUpEvent[] });
    const replayed = new Set(modelPaths(model).map((p) => JSON.stringify([p.target.value, p.target.context])));
    for (const p of paths) expect(replayed.has(JSON.stringify([p.state.value, p.state.context]))).toBe(true);
    console.log(`[model] signUp: ${paths.length} distinct form states, all among the replayed paths`);
    expect(paths.length).toBeGreaterThan(100);
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
