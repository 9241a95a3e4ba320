import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { logInMachine, type LogInEvent } from '../../src/machines/logIn.machine';
import type { LogInField, LogInForm } from '../../src/domain/validation';
import { testModel, type ModelOptions, type ReplayEnv } from '../support/modelTest';

// Blank, short and good values next to the empty start, so every log-in message is reachable.
const events: LogInEvent[] = [
  { type: 'CHANGE', field: 'username', value: '  ' },
  { type: 'CHANGE', field: 'username', value: 'mira' },
  { type: 'CHANGE', field: 'password', value: '12345' },
  { type: 'CHANGE', field: 'password', value: 'secret1' },
  { type: 'SUBMIT' },
  { type: 'CREATE_ACCOUNT' },
];

// docs/product.md section 5, spelled out rather than derived from the code under test.
function expectedErrors(v: LogInForm): Partial<Record<LogInField, string>> {
  const errors: Partial<Record<LogInField, string>> = {};
  if (v.username.trim() === '') errors.username = 'Username is required';
  if (v.password === '') errors.password = 'Password is required';
  else if (v.password.length < 6) errors.password = 'Password must be at least 6 characters';
  return errors;
}

const navigationsTo = (env: ReplayEnv, to: string) => env.timeline.filter((e) => e.type === 'navigate' && e.payload === to);

// While the form is edited: 'Create one' asks for /auth at once, each time; nothing goes to /connections;
// only a failed SUBMIT moves focus, to the first invalid field.
function expectEditing(env: ReplayEnv, events: string[], values: LogInForm, last: { type: string } | undefined) {
  expect(navigationsTo(env, '/auth')).toEqual(events.filter((t) => t === 'CREATE_ACCOUNT').map(() => ({ type: 'navigate', payload: '/auth', at: 0 })));
  expect(navigationsTo(env, '/connections')).toEqual([]);
  const focuses = env.timeline.filter((e) => e.type === 'focus');
  if (!events.includes('SUBMIT')) expect(focuses).toEqual([]);
  if (last?.type === 'SUBMIT') {
    const first = (['username', 'password'] as const).find((f) => expectedErrors(values)[f] !== undefined);
    expect(focuses.at(-1)).toEqual({ type: 'focus', payload: first, at: 0 });
  }
}

const model: ModelOptions<typeof logInMachine> = {
  machine: logInMachine,
  limit: 40,
  events: [...events, { type: 'xstate.after.navigateDelay.logIn.leaving' }],
  delays: { navigateDelay: 500 },
  provide: (env) => ({
    actions: {
      goToConnections: () => env.record('navigate', '/connections'),
      goToSignUp: () => env.record('navigate', '/auth'),
      focusField: (_: unknown, params: { field: LogInField | undefined }) => env.record('focus', params.field),
    },
  }),
  states: {
    'editing.filling': ({ env, context, events, last }) => {
      expect(events).not.toContain('SUBMIT');
      expect(context.errors).toEqual({});
      expectEditing(env, events, context.values, last);
    },
    'editing.correcting': ({ env, context, events, last }) => {
      expect(events).toContain('SUBMIT');
      expect(context.errors).toEqual(expectedErrors(context.values));
      expectEditing(env, events, context.values, last);
    },
    leaving: ({ env, context }) => {
      expect(expectedErrors(context.values)).toEqual({});
      expect(navigationsTo(env, '/connections')).toEqual([]);
    },
    done: ({ env, context }) => {
      expect(expectedErrors(context.values)).toEqual({});
      expect(navigationsTo(env, '/connections')).toEqual([{ type: 'navigate', payload: '/connections', at: 500 }]);
    },
  },
};

describe('log-in machine (model-based)', () => {
  it('covers every state and transition: errors on failed submits, /auth on Create one, /connections 500 ms after a valid submit', async () => {
    const report = await testModel(model);
    expect(report.snapshots).toBe(20);
  });

  it('ignores edits, submits and Create one once it is leaving', () => {
    const navigations: string[] = [];
    const actor = createActor(
      logInMachine.provide({ actions: { goToSignUp: () => navigations.push('/auth'), goToConnections: () => navigations.push('/connections') } }),
    ).start();
    actor.send({ type: 'CHANGE', field: 'username', value: 'mira' });
    actor.send({ type: 'CHANGE', field: 'password', value: 'secret1' });
    actor.send({ type: 'SUBMIT' });
    for (const event of events) actor.send(event);
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(actor.getSnapshot().context.values).toEqual({ username: 'mira', password: 'secret1' });
    expect(navigations).toEqual([]);
    actor.stop();
  });
});
