import { describe, expect, it } from 'vitest';
import { signUpMachine, type SignUpEvent } from '../../src/features/session/machines/signUp.machine';
import { signUpWith } from '../../src/features/session/actors/authForms.actors';
import type { SignUpField, SignUpForm } from '../../src/domain/validation';
import { createActor, waitFor } from 'xstate';
import { MemberApiError } from '../../src/shared/http/errors';
import { sessionAsking } from '../support/sessionAsking';
import { after, done, expectEverySnapshotReplayed, failed, isDone, isFailed, itCoversTheModel, type ModelOptions, type ModelPath, type ReplayEnv } from '../support/modelTest';

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
  done('submitCredentials', { id: 'm-1', username: 'mira' }),
  failed('submitCredentials', new MemberApiError('USERNAME_TAKEN', { status: 409, field: 'username' })),
  failed('submitCredentials', new MemberApiError('EMAIL_TAKEN', { status: 409 })),
  failed('submitCredentials', new MemberApiError('OFFLINE')),
];
const refusals: Record<string, { field?: SignUpField; message: string }> = {
  USERNAME_TAKEN: { field: 'username', message: 'That username is taken' },
  EMAIL_TAKEN: { field: 'email', message: 'An account with this email already exists' },
  OFFLINE: { message: 'You appear to be offline. Please check your connection and try again.' },
};

// The texts each value must produce, spelled out from docs/product.md (not derived from the code under test).
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

type Refusal = { field?: SignUpField; message: string };

/** The server's refusal still shown after the path: a field's goes once that field is edited, any goes on the next submit. */
function refusalAfter(path: ModelPath<typeof signUpMachine>): Refusal | null {
  let shown: Refusal | null = null;
  for (const { event } of path.steps) {
    const e = event as { type: string; field?: SignUpField; error?: MemberApiError };
    if (isFailed('submitCredentials')(e)) shown = refusals[e.error!.code]!;
    if (e.type === 'SUBMIT') shown = null;
    if (e.type === 'CHANGE' && shown?.field === e.field) shown = null;
  }
  return shown;
}

const navigations = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'navigate');
const focuses = (env: ReplayEnv) => env.effects.filter((e) => e.type === 'focus').map((e) => e.payload);

/** Nothing leaves the screen before `done`, and the clock has not moved. */
function stillOnScreen(env: ReplayEnv) {
  expect(navigations(env)).toEqual([]);
  expect(env.clock.now()).toBe(0);
}

const model: ModelOptions<typeof signUpMachine> = {
  machine: signUpMachine,
  limit: 400,
  events: [...events, ...serverAnswers, after('navigateDelay')],
  delays: { navigateDelay: 500 },
  provide: (env) => ({
    actions: {
      goToConnections: () => env.record('navigate', '/connections'),
      focusField: (_: unknown, params: { field: SignUpField | undefined }) => env.record('focus', params.field),
    },
  }),
  states: {
    // Nothing was submitted yet: no error is shown however wrong the values are, and nothing was sent.
    'editing.filling': ({ context, env, events }) => {
      expect(events).not.toContain('SUBMIT');
      expect(context.errors).toEqual({});
      expect(context.serverError).toBeNull();
      expect(focuses(env)).toEqual([]);
      expect(env.pending.get('submitCredentials')).toBeUndefined();
      stillOnScreen(env);
    },
    // After a failed submit the errors follow the values, field by field; a failed submit focuses the first
    // invalid field in on-screen order. A refusal shows under the field it concerns (or for the form), keeps
    // every typed value and focuses that field; a field's refusal goes once that field is edited.
    'editing.correcting': ({ context, env, events, path, last }) => {
      expect(events).toContain('SUBMIT');
      expect(context.errors).toEqual(expectedErrors(context.values));
      expect(context.serverError).toEqual(refusalAfter(path));
      if (last?.type === 'SUBMIT') {
        const order: SignUpField[] = ['username', 'email', 'password', 'confirmPassword'];
        expect(focuses(env).at(-1)).toBe(order.find((f) => expectedErrors(context.values)[f] !== undefined));
      }
      if (last && isFailed('submitCredentials')(last)) {
        expect(context.values).toEqual(path.steps.at(-2)!.state.context.values);
        expect(focuses(env).at(-1)).toBe(refusals[(last.error as MemberApiError).code]!.field);
      }
      stillOnScreen(env);
    },
    // Only a valid form reaches the server, with exactly what was typed, and no earlier refusal stays.
    submitting: ({ context, env }) => {
      expect(expectedErrors(context.values)).toEqual({});
      expect(env.pending.get('submitCredentials')?.at(-1)?.input).toEqual(context.values);
      expect(context.serverError).toBeNull();
      stillOnScreen(env);
    },
    // Accepted by the server (a valid form) or the guest way: the fade runs, the route has not changed yet.
    leaving: ({ context, env, events }) => {
      if (events.some(isDone('submitCredentials'))) expect(expectedErrors(context.values)).toEqual({});
      else expect(events.at(-1)).toBe('CONTINUE_AS_GUEST');
      stillOnScreen(env);
    },
    // /connections, once, 500 ms after the form was accepted or the guest way taken.
    done: ({ context, env, events }) => {
      expect(navigations(env)).toEqual([{ type: 'navigate', payload: '/connections', at: 500 }]);
      if (events.some(isDone('submitCredentials'))) expect(expectedErrors(context.values)).toEqual({});
      else expect(events.at(-2)).toBe('CONTINUE_AS_GUEST');
    },
  },
};

describe('sign-up machine (model-based)', () => {
  itCoversTheModel('shows the right errors after a failed submit and navigates to /connections only 500 ms after a valid one', model, { paths: expect.toSatisfy((paths: number) => paths >= 20) });

  it('holds the same checks in every reachable form state (every mix of typed values, before and after a submit)', () => {
    expect(expectEverySnapshotReplayed(model, 'form states')).toBeGreaterThan(100);
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

describe('signUpWith (the form asking the session)', () => {
  it('asks the session to sign up with the username and email minus surrounding spaces and the password as typed', async () => {
    const { session, asked, mira } = sessionAsking('signUp');
    const request = createActor(signUpWith(session), { input: { username: '  mira ', email: ' mira@example.com  ', password: ' secret1 ', confirmPassword: ' secret1 ' } }).start();
    const finished = await waitFor(request, (s) => s.status === 'done');
    expect(asked).toEqual([{ username: 'mira', email: 'mira@example.com', password: ' secret1 ' }]);
    expect(finished.output).toEqual(mira);
    session.stop();
  });
});
