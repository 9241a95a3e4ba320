import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { logInMachine, type LogInEvent } from '../../src/features/session/machines/logIn.machine';
import { logInWith } from '../../src/features/session/actors/authForms.actors';
import type { LogInField, LogInForm } from '../../src/domain/validation';
import { MemberApiError } from '../../src/shared/http/errors';
import { sessionAsking } from '../support/sessionAsking';
import { after, done, eventsIn, failed, isDone, isFailed, modelPaths, testModel, type ModelOptions, type ModelPath, type ReplayEnv } from '../support/modelTest';

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

// The server's answers to a valid submit: accepted with a complete profile on the server (land on Home) or
// without one (build it), or refused for the whole form (wrong credentials, throttled for 15 minutes, unreachable).
const serverAnswers = [
  done('submitCredentials', 'home'),
  done('submitCredentials', 'connections'),
  failed('submitCredentials', new MemberApiError('INVALID_CREDENTIALS', { status: 401 })),
  failed('submitCredentials', new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 900 })),
  failed('submitCredentials', new MemberApiError('OFFLINE')),
];
const refusalTexts: Record<string, string> = {
  INVALID_CREDENTIALS: 'Invalid username or password',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Try again in 15 minutes.',
  OFFLINE: 'You appear to be offline. Please check your connection and try again.',
};

// docs/product.md, spelled out rather than derived from the code under test.
function expectedErrors(v: LogInForm): Partial<Record<LogInField, string>> {
  const errors: Partial<Record<LogInField, string>> = {};
  if (v.username.trim() === '') errors.username = 'Username is required';
  if (v.password === '') errors.password = 'Password is required';
  else if (v.password.length < 6) errors.password = 'Password must be at least 6 characters';
  return errors;
}

/** The server's refusal still shown after the path: it is about the whole form and stays until the next submit. */
function refusalAfter(path: ModelPath<typeof logInMachine>): { message: string } | null {
  let shown: { message: string } | null = null;
  for (const { event } of path.steps) {
    const e = event as { type: string; error?: MemberApiError };
    if (isFailed('submitCredentials')(e)) shown = { message: refusalTexts[e.error!.code]! };
    if (e.type === 'SUBMIT') shown = null;
  }
  return shown;
}

const navigations = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'navigate').map(({ payload, at }) => ({ payload, at }));
const focuses = (env: ReplayEnv) => env.effects.filter((e) => e.type === 'focus').map((e) => e.payload);

/** 'Create one' asks for /auth each time it is pressed; /connections never comes before `done`; the clock has not moved. */
function stillOnScreen(env: ReplayEnv, events: string[]) {
  const switches = events.filter((t) => t === 'CREATE_ACCOUNT').length;
  expect(navigations(env)).toEqual(Array.from({ length: switches }, () => ({ payload: '/auth', at: 0 })));
  expect(env.clock.now()).toBe(0);
}

const model: ModelOptions<typeof logInMachine> = {
  machine: logInMachine,
  limit: 100,
  events: [...events, ...serverAnswers, after('navigateDelay')],
  delays: { navigateDelay: 500 },
  provide: (env) => ({
    actions: {
      goToConnections: () => env.record('navigate', '/connections'),
      goToHome: () => env.record('navigate', '/home'),
      goToSignUp: () => env.record('navigate', '/auth'),
      focusField: (_: unknown, params: { field: LogInField | undefined }) => env.record('focus', params.field),
    },
  }),
  states: {
    'editing.filling': ({ context, env, events }) => {
      expect(events).not.toContain('SUBMIT');
      expect(context.errors).toEqual({});
      expect(context.serverError).toBeNull();
      expect(focuses(env)).toEqual([]);
      expect(env.pending.get('submitCredentials')).toBeUndefined();
      stillOnScreen(env, events);
    },
    // Errors follow the values after a failed submit, which focuses the first invalid field. A refusal is about
    // the whole form: its text shows for the form, the typed values stay, no field is focused and the form is
    // editable again.
    'editing.correcting': ({ context, env, events, path, last }) => {
      expect(events).toContain('SUBMIT');
      expect(context.errors).toEqual(expectedErrors(context.values));
      expect(context.serverError).toEqual(refusalAfter(path));
      if (last?.type === 'SUBMIT') {
        expect(focuses(env).at(-1)).toBe((['username', 'password'] as const).find((f) => expectedErrors(context.values)[f] !== undefined));
      }
      if (isFailed('submitCredentials')(last)) {
        expect(context.values).toEqual(path.steps.at(-2)!.state.context.values);
        expect(focuses(env).at(-1)).toBeUndefined();
      }
      stillOnScreen(env, events);
    },
    // Only a valid form reaches the server, with exactly what was typed.
    submitting: ({ context, env, events }) => {
      expect(expectedErrors(context.values)).toEqual({});
      expect(env.pending.get('submitCredentials')?.at(-1)?.input).toEqual(context.values);
      expect(context.serverError).toBeNull();
      stillOnScreen(env, events);
    },
    // Accepted (a valid form), or the guest way, which never asks the server unless a submit did first.
    leaving: ({ context, env, events }) => {
      if (events.some(isDone('submitCredentials'))) expect(expectedErrors(context.values)).toEqual({});
      else {
        expect(events.at(-1)).toBe('CONTINUE_AS_GUEST');
        if (!events.includes('SUBMIT')) expect(env.pending.get('submitCredentials')).toBeUndefined();
      }
      stillOnScreen(env, events);
    },
    // Profile building: after a log-in whose profile is not complete yet, or the guest way.
    done: ({ context, env, events, path }) => {
      const switches = events.filter((t) => t === 'CREATE_ACCOUNT').length;
      expect(navigations(env)).toEqual([...Array.from({ length: switches }, () => ({ payload: '/auth', at: 0 })), { payload: '/connections', at: 500 }]);
      if (events.some(isDone('submitCredentials'))) {
        expect(expectedErrors(context.values)).toEqual({});
        expect((path.steps.at(-2)!.event as { output?: unknown }).output).toBe('connections');
      } else expect(events.at(-2)).toBe('CONTINUE_AS_GUEST');
    },
    // A log-in whose profile is already complete arrives on Home, 500 ms after the server said yes.
    home: ({ context, env, events, path }) => {
      const switches = events.filter((t) => t === 'CREATE_ACCOUNT').length;
      expect(navigations(env)).toEqual([...Array.from({ length: switches }, () => ({ payload: '/auth', at: 0 })), { payload: '/home', at: 500 }]);
      expect(expectedErrors(context.values)).toEqual({});
      expect(path.steps.at(-2)!.event).toEqual(done('submitCredentials', 'home'));
    },
  },
};

describe('log-in machine (model-based)', () => {
  it('covers every state and transition: errors on failed submits, /auth on Create one, Home or /connections 500 ms after a valid submit', async () => {
    const report = await testModel(model);
    expect(report.paths).toBeGreaterThanOrEqual(10);
  });

  it('holds the same checks in every reachable form state', async () => {
    // testModel replays a path to every distinct snapshot (value and context); check none is missing.
    const paths = getShortestPaths(logInMachine, { events: (snapshot) => eventsIn(model, snapshot) as LogInEvent[] });
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

describe('logInWith (the form asking the session)', () => {
  it('asks the session to log in with the username minus surrounding spaces and the password as typed', async () => {
    const { session, asked } = sessionAsking('logIn');
    const request = createActor(logInWith(session), { input: { username: '  mira ', password: ' secret1 ' } }).start();
    const finished = await waitFor(request, (s) => s.status === 'done');
    expect(asked).toEqual([{ username: 'mira', password: ' secret1 ' }]);
    // Without a profile to read (no server here) the log-in still stands and lands on profile building.
    expect(finished.output).toBe('connections');
    session.stop();
  });
});
