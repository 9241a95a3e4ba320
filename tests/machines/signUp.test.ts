import { describe, expect, it } from 'vitest';
import { signUpMachine, type SignUpEvent } from '../../src/machines/signUp.machine';
import type { SignUpField, SignUpForm } from '../../src/domain/validation';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { MemberApiError } from '../../src/services/members/errors';
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
  { type: 'CONTINUE_AS_GUEST' },
];

// The server's answers to a valid form: a new member, a taken username (about that field), or no network.
const serverAnswers = [
  { type: 'xstate.done.actor.submitCredentials', output: { id: 'm-1', username: 'mira' } },
  { type: 'xstate.error.actor.submitCredentials', error: new MemberApiError('USERNAME_TAKEN', { status: 409, field: 'username' }) },
  { type: 'xstate.error.actor.submitCredentials', error: new MemberApiError('EMAIL_TAKEN', { status: 409 }) },
  { type: 'xstate.error.actor.submitCredentials', error: new MemberApiError('OFFLINE') },
];
const refusals: Record<string, { field?: SignUpField; message: string }> = {
  USERNAME_TAKEN: { field: 'username', message: 'That username is taken' },
  EMAIL_TAKEN: { field: 'email', message: 'An account with this email already exists' },
  OFFLINE: { message: 'You appear to be offline. Please check your connection and try again.' },
};

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

const model: ModelOptions<typeof signUpMachine> = {
  machine: signUpMachine,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the assertion types the path's events; without it `error` is unknown
  events: [...events, ...(serverAnswers as never[]), { type: 'xstate.after.navigateDelay.signUp.leaving' } as never],
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
    const { values, errors, serverError } = snapshot.context;
    const eventTypes = path.steps.map((s) => s.event.type);
    const sent = env.pending.get('submitCredentials') ?? [];
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the assertion types the path's events; without it `error` is unknown
    const lastEvent = path.steps.at(-1)?.event as { type: string; error?: MemberApiError } | undefined;

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
    // Only a valid form reaches the server, with exactly what was typed.
    if (snapshot.matches('submitting')) {
      expect(expectedErrors(values)).toEqual({});
      expect(sent.at(-1)?.input).toEqual(values);
    }
    if (snapshot.matches('leaving') || snapshot.matches('done')) {
      const accepted = eventTypes.includes('xstate.done.actor.submitCredentials');
      if (accepted) expect(expectedErrors(values)).toEqual({});
      else expect(eventTypes.at(snapshot.matches('done') ? -2 : -1)).toBe('CONTINUE_AS_GUEST');
    }
    // A refusal shows under the field it concerns (or for the form), keeps every typed value and focuses that field.
    if (lastEvent?.type === 'xstate.error.actor.submitCredentials') {
      const refusal = refusals[lastEvent.error!.code]!;
      expect(snapshot.value).toEqual({ editing: 'correcting' });
      expect(serverError).toEqual(refusal);
      expect(values).toEqual(path.steps.at(-2)!.state.context.values);
      expect(focuses.at(-1)).toEqual({ type: 'focus', payload: refusal.field });
    }
    // A field's refusal goes once that field is edited; the others' stay.
    if (lastEvent?.type === 'CHANGE' && path.steps.length > 1) {
      const before = path.steps.at(-2)!.state.context.serverError;
      const changed = (lastEvent as unknown as { field: SignUpField }).field;
      expect(serverError).toEqual(before && before.field === changed ? null : before);
    }
    if (!eventTypes.includes('xstate.error.actor.submitCredentials')) expect(serverError).toBeNull();

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
    actor.send({ type: 'CONTINUE_AS_GUEST' });
    for (const event of events) actor.send(event);
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(actor.getSnapshot().context).toEqual({ values: good, errors: {}, serverError: null });
    expect(navigations).toEqual([]);
    actor.stop();
  });
});
