import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { logInMachine, type LogInEvent } from '../../src/features/session/machines/logIn.machine';
import { logInWith } from '../../src/features/session/actors/authForms.actors';
import type { LogInField, LogInForm } from '../../src/domain/validation';
import { MemberApiError } from '../../src/shared/http/errors';
import { sessionAsking } from '../support/sessionAsking';
import { sessionWith } from '../support/session';
import type { SessionEvent } from '../../src/features/session/machines/session.machine';
import { after, done, expectEverySnapshotReplayed, failed, isDone, isFailed, itCoversTheModel, type ModelOptions, type ModelPath, type ReplayEnv } from '../support/modelTest';

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

/** Still on the form: nothing navigated ('Create one' leaves it), and the clock has not moved. */
function stillOnScreen(env: ReplayEnv, events: string[]) {
  expect(events).not.toContain('CREATE_ACCOUNT');
  expect(navigations(env)).toEqual([]);
  expect(env.clock.now()).toBe(0);
}

const model: ModelOptions<typeof logInMachine> = {
  machine: logInMachine,
  limit: 200,
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
    // 'Create one' goes to /auth at once, from the form being edited or while the server is asked; a log-in on its
    // way is no longer waited for (the form is finished, so nothing it asked runs on) and nothing else follows.
    leftForSignUp: ({ env, events, path, snapshot }) => {
      expect(events.at(-1)).toBe('CREATE_ACCOUNT');
      expect(navigations(env)).toEqual([{ payload: '/auth', at: 0 }]);
      expect(snapshot.status).toBe('done');
      expect(Object.keys(snapshot.children)).toEqual([]);
      const from = path.steps.at(-2)!.state;
      expect(from.matches('editing') || from.matches('submitting')).toBe(true);
      if (from.matches('submitting')) expect(env.pending.get('submitCredentials')?.at(-1)?.input).toEqual(from.context.values);
    },
    // Profile building: after a log-in whose profile is not complete yet, or the guest way.
    done: ({ context, env, events, path }) => {
      expect(navigations(env)).toEqual([{ payload: '/connections', at: 500 }]);
      if (events.some(isDone('submitCredentials'))) {
        expect(expectedErrors(context.values)).toEqual({});
        expect((path.steps.at(-2)!.event as { output?: unknown }).output).toBe('connections');
      } else expect(events.at(-2)).toBe('CONTINUE_AS_GUEST');
    },
    // A log-in whose profile is already complete arrives on Home, 500 ms after the server said yes.
    home: ({ context, env, path }) => {
      expect(navigations(env)).toEqual([{ payload: '/home', at: 500 }]);
      expect(expectedErrors(context.values)).toEqual({});
      expect(path.steps.at(-2)!.event).toEqual(done('submitCredentials', 'home'));
    },
  },
};

describe('log-in machine (model-based)', () => {
  itCoversTheModel('covers every state and transition: errors on failed submits, /auth on Create one (also while logging in), Home or /connections 500 ms after a valid submit', model, { states: 9, transitions: 9, guards: 2, paths: expect.toSatisfy((paths: number) => paths >= 10) });

  it('holds the same checks in every reachable form state', () => {
    expect(expectEverySnapshotReplayed(model, 'form states')).toBeGreaterThan(20);
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

describe("'Create one' while logging in", () => {
  it('goes to /auth at once and the session abandons the log-in: a yes from the server is ended, the person stays a guest', async () => {
    const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
    let answerLogIn!: (member: typeof mira) => void;
    const serverCalls: string[] = [];
    const quiet = fromCallback<SessionEvent>(() => undefined);
    const session = createActor(
      sessionWith({
        checkSession: fromPromise(async () => null) as never,
        logIn: fromPromise(() => (serverCalls.push('POST /api/auth/login'), new Promise<typeof mira>((resolve) => (answerLogIn = resolve)))),
        logOut: fromPromise(async () => (serverCalls.push('POST /api/auth/logout'), undefined)),
        profileSync: quiet as never,
        hearSessionEnded: quiet,
      }),
    ).start();
    const navigations: string[] = [];
    const form = createActor(
      logInMachine.provide({
        actors: { submitCredentials: logInWith(session) },
        actions: {
          goToSignUp: () => navigations.push('/auth'),
          goToConnections: () => navigations.push('/connections'),
          goToHome: () => navigations.push('/home'),
        },
      }),
    ).start();
    form.send({ type: 'CHANGE', field: 'username', value: 'mira' });
    form.send({ type: 'CHANGE', field: 'password', value: 'secret1' });
    form.send({ type: 'SUBMIT' });
    await waitFor(session, (s) => s.matches('loggingIn'));

    form.send({ type: 'CREATE_ACCOUNT' });
    expect(navigations).toEqual(['/auth']);
    expect(form.getSnapshot().status).toBe('done');

    answerLogIn(mira);
    const settled = await waitFor(session, (s) => s.matches({ guest: 'browsing' }));
    expect(settled.context).toEqual({ member: null, failure: null });
    expect(serverCalls).toEqual(['POST /api/auth/login', 'POST /api/auth/logout']);
    expect(navigations).toEqual(['/auth']);
    session.stop();
  });
});
