import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { logInMachine, type LogInEvent } from '../../src/machines/logIn.machine';
import type { LogInField, LogInForm } from '../../src/domain/validation';
import { MemberApiError } from '../../src/services/members/errors';
import { modelPaths, runModel, type ModelOptions } from '../support/modelTest';

// Blank, short and good values next to the empty start, so every log-in message is reachable.
const events: LogInEvent[] = [
  { type: 'CHANGE', field: 'username', value: '  ' },
  { type: 'CHANGE', field: 'username', value: 'mira' },
  { type: 'CHANGE', field: 'password', value: '12345' },
  { type: 'CHANGE', field: 'password', value: 'secret1' },
  { type: 'SUBMIT' },
  { type: 'CREATE_ACCOUNT' },
  { type: 'CONTINUE_AS_GUEST' },
];

// The server's answers to a valid submit: accepted, or refused for the whole form (wrong credentials,
// throttled for 15 minutes, unreachable).
const serverAnswers = [
  { type: 'xstate.done.actor.submitCredentials', output: { id: 'm-1', username: 'mira' } },
  { type: 'xstate.error.actor.submitCredentials', error: new MemberApiError('INVALID_CREDENTIALS', { status: 401 }) },
  { type: 'xstate.error.actor.submitCredentials', error: new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 900 }) },
  { type: 'xstate.error.actor.submitCredentials', error: new MemberApiError('OFFLINE') },
];
const refusalTexts: Record<string, string> = {
  INVALID_CREDENTIALS: 'Invalid username or password',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Try again in 15 minutes.',
  OFFLINE: 'You appear to be offline. Please check your connection and try again.',
};

// docs/product.md section 5, spelled out rather than derived from the code under test.
function expectedErrors(v: LogInForm): Partial<Record<LogInField, string>> {
  const errors: Partial<Record<LogInField, string>> = {};
  if (v.username.trim() === '') errors.username = 'Username is required';
  if (v.password === '') errors.password = 'Password is required';
  else if (v.password.length < 6) errors.password = 'Password must be at least 6 characters';
  return errors;
}

const model: ModelOptions<typeof logInMachine> = {
  machine: logInMachine,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the assertion types the path's events; without it `error` is unknown
  events: [...events, ...(serverAnswers as never[]), { type: 'xstate.after.navigateDelay.logIn.leaving' } as never],
  provide: (env) => ({
    actions: {
      goToConnections: () => env.record('navigate', '/connections'),
      goToSignUp: () => env.record('navigate', '/auth'),
      focusField: (_: unknown, params: { field: LogInField | undefined }) => env.record('focus', params.field),
    },
  }),
  check: ({ env, snapshot, path }) => {
    const navigations = env.effects.filter((e) => e.type === 'navigate').map((e) => e.payload);
    const focuses = env.effects.filter((e) => e.type === 'focus');
    const eventTypes = path.steps.map((s) => s.event.type);
    const submits = eventTypes.filter((t) => t === 'SUBMIT').length;
    const switches = eventTypes.filter((t) => t === 'CREATE_ACCOUNT').length;
    const { values, errors, serverError } = snapshot.context;
    const sent = env.pending.get('submitCredentials') ?? [];
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the assertion types the path's events; without it `error` is unknown
    const lastEvent = path.steps.at(-1)?.event as { type: string; error?: MemberApiError } | undefined;
    const asGuest = eventTypes.includes('CONTINUE_AS_GUEST');

    // 'Create one' asks for /auth each time; /connections comes only from the 500 ms timer.
    const toSignUp = navigations.filter((to) => to === '/auth');
    expect(toSignUp).toHaveLength(switches);
    const toConnections = navigations.filter((to) => to === '/connections');
    if (snapshot.matches('done')) {
      expect(toConnections).toHaveLength(1);
      expect(env.clock.now()).toBe(500);
    } else {
      expect(toConnections).toEqual([]);
      expect(env.clock.now()).toBe(0);
    }

    if (snapshot.matches({ editing: 'filling' })) {
      expect(submits).toBe(0);
      expect(errors).toEqual({});
    }
    if (snapshot.matches({ editing: 'correcting' })) {
      expect(submits).toBeGreaterThan(0);
      expect(errors).toEqual(expectedErrors(values));
    }
    // Only a valid form reaches the server, with exactly what was typed; the guest way never does.
    if (snapshot.matches('submitting')) {
      expect(expectedErrors(values)).toEqual({});
      expect(sent.at(-1)?.input).toEqual(values);
      expect(serverError).toBeNull();
    }
    if ((snapshot.matches('leaving') || snapshot.matches('done')) && !asGuest) {
      expect(expectedErrors(values)).toEqual({});
      expect(eventTypes).toContain('xstate.done.actor.submitCredentials');
    }
    if (asGuest && submits === 0) expect(sent).toEqual([]);
    if ((snapshot.matches('leaving') || snapshot.matches('done')) && !eventTypes.includes('xstate.done.actor.submitCredentials')) {
      expect(eventTypes.at(snapshot.matches('done') ? -2 : -1)).toBe('CONTINUE_AS_GUEST');
    }
    // A refusal is about the whole form: its text shows for the form, the typed values stay and the form is editable again.
    if (lastEvent?.type === 'xstate.error.actor.submitCredentials') {
      expect(snapshot.value).toEqual({ editing: 'correcting' });
      expect(serverError).toEqual({ message: refusalTexts[lastEvent.error!.code] });
      expect(values).toEqual(path.steps.at(-2)!.state.context.values);
      expect(focuses.at(-1)).toEqual({ type: 'focus', payload: undefined });
    }
    if (!eventTypes.includes('xstate.error.actor.submitCredentials')) expect(serverError).toBeNull();

    const last = path.steps.at(-1);
    if (last?.event.type === 'SUBMIT' && snapshot.matches('editing')) {
      const first = (['username', 'password'] as const).find((f) => expectedErrors(values)[f] !== undefined);
      expect(focuses.at(-1)).toEqual({ type: 'focus', payload: first });
    }
    if (submits === 0) expect(focuses).toEqual([]);
  },
};

describe('log-in machine (model-based)', () => {
  it('covers every state and transition: errors on failed submits, /auth on Create one, /connections 500 ms after a valid submit', async () => {
    const count = await runModel(model);
    expect(count).toBeGreaterThanOrEqual(10);
  });

  it('holds the same checks in every reachable form state', async () => {
    // runModel replays a path to every distinct snapshot (value and context); check none is missing.
    const paths = getShortestPaths(logInMachine, { events: model.events as LogInEvent[] });
    const replayed = new Set(modelPaths(model).map((p) => JSON.stringify([p.target.value, p.target.context])));
    for (const p of paths) expect(replayed.has(JSON.stringify([p.state.value, p.state.context]))).toBe(true);
    console.log(`[model] logIn: ${paths.length} distinct form states, all among the replayed paths`);
    expect(paths.length).toBeGreaterThan(20);
  });

  it('ignores edits, submits and Create one once it is leaving', () => {
    const navigations: string[] = [];
    const actor = createActor(
      logInMachine.provide({ actions: { goToSignUp: () => navigations.push('/auth'), goToConnections: () => navigations.push('/connections') } }),
    ).start();
    actor.send({ type: 'CHANGE', field: 'username', value: 'mira' });
    actor.send({ type: 'CHANGE', field: 'password', value: 'secret1' });
    actor.send({ type: 'CONTINUE_AS_GUEST' });
    for (const event of events) actor.send(event);
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(actor.getSnapshot().context.values).toEqual({ username: 'mira', password: 'secret1' });
    expect(navigations).toEqual([]);
    actor.stop();
  });
});
