// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logInMachine } from '../../src/features/session/machines/logIn.machine';
import { signUpMachine } from '../../src/features/session/machines/signUp.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { after, done, failed, isFailed, testScreenModel, type ModelEvent } from '../support/modelTest';
import { fakeMember } from '../support/session';
import { pathname, renderSessionScreensAt } from '../support/sessionScreens';
import { profileWith } from '../support/profiles';
import { json, mockFetch } from '../services/fetchMock';
import { resetScreen } from '../support/screenTeardown';

// The sign-up and log-in screens driven along their machines' model paths with real user events: every
// mix of typed values, before and after a submit, is typed into the rendered form and the form is
// checked for docs/product.md §5's texts under the right fields, focus, the fade and the route. A valid submit goes to
// the server through the session (a fake server whose answer each path gives): accepted, or refused with
// the members contract's text under the field it concerns or for the whole form.

const LABELS: Record<string, string> = { username: 'Username', email: 'Email', password: 'Password', confirmPassword: 'Confirm Password' };

type Values = Record<string, string>;

// The members contract's texts for the server's refusals (src/domain/memberContract.ts), spelled out.
const REFUSALS: Record<string, { field?: string; text: string }> = {
  USERNAME_TAKEN: { field: 'username', text: 'That username is taken' },
  EMAIL_TAKEN: { field: 'email', text: 'An account with this email already exists' },
  INVALID_CREDENTIALS: { text: 'Invalid username or password' },
  TOO_MANY_ATTEMPTS: { text: 'Too many attempts. Try again in 10 minutes.' },
  OFFLINE: { text: 'You appear to be offline. Please check your connection and try again.' },
};

const accepted = done('submitCredentials', fakeMember);
// A log-in's answer is where it lands: Home when the server holds a complete profile, profile building otherwise.
const loggedInToBuild = done('submitCredentials', 'connections');
const loggedInHome = done('submitCredentials', 'home');
const completeProfile = profileWith({ username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] });
const refused = (error: MemberApiError) => failed('submitCredentials', error);

/** The server's refusal still on show after these events: a field's goes when that field is edited, any goes on the next submit. */
function shownRefusal(events: ModelEvent[]): { field?: string; text: string } | undefined {
  let shown: { field?: string; text: string } | undefined;
  for (const event of events) {
    if (isFailed('submitCredentials')(event)) shown = REFUSALS[(event.error as MemberApiError).code];
    if (event.type === 'SUBMIT') shown = undefined;
    if (event.type === 'CHANGE' && shown?.field === event.field) shown = undefined;
  }
  return shown;
}

/** The server behind the session: each request waits until the path's next step answers it. */
interface ServerCall {
  request: Record<string, string>;
  resolve: (value: typeof fakeMember) => void;
  reject: (error: unknown) => void;
}
let calls: ServerCall[] = [];
function answered(request: object) {
  return new Promise<typeof fakeMember>((resolve, reject) => calls.push({ request: request as Record<string, string>, resolve, reject }));
}
const fakeServer = { signUp: answered, logIn: answered };

// docs/product.md §5, spelled out.
function expectedErrors(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.username!.trim() === '') errors.username = 'Username is required';
  if ('email' in v) {
    if (v.email === '') errors.email = 'Email is required';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) errors.email = 'Please enter a valid email';
  }
  if (v.password === '') errors.password = 'Password is required';
  else if (v.password!.length < 6) errors.password = 'Password must be at least 6 characters';
  if ('confirmPassword' in v && v.confirmPassword !== v.password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

function mountAt(path: string) {
  calls = [];
  localStorage.clear();
  return renderSessionScreensAt(path, fakeServer);
}

/** The text of the error tied to an input through aria-describedby, or undefined when it has none. */
function errorOf(input: HTMLElement): string | undefined {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? undefined) : undefined;
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Answers the request the form is waiting on, and lets the answer reach the screen. */
async function answer(settle: (call: ServerCall) => void) {
  const call = calls.at(-1);
  if (!call) throw new Error('the form sent nothing to the server');
  await act(async () => {
    settle(call);
    for (let i = 0; i < 200; i += 1) await Promise.resolve();
  });
}

/** The user actions behind the form machines' events. */
function formActs(submitLabel: string, route: string) {
  return {
    CHANGE: async (user: User, event: ModelEvent) => {
      const input = screen.getByLabelText(LABELS[event.field as string]!);
      await user.clear(input);
      if (event.value) await user.type(input, event.value as string);
    },
    SUBMIT: async (user: User) => user.click(screen.getByRole('button', { name: submitLabel })),
    [done('submitCredentials').type]: (_: User, event: ModelEvent) =>
      answer((call) => {
        // The server's profile after a log-in (the session's own sync is a fake here, so the device copy is seeded too).
        if (event.output === 'home') {
          localStorage.setItem('user_profile', JSON.stringify(completeProfile));
          mockFetch({ 'GET /api/me': json({ user: fakeMember, profile: { ...completeProfile, updatedAt: 1 } }) });
        } else mockFetch({ 'GET /api/me': json({ user: fakeMember, profile: null }) });
        call.resolve(fakeMember);
      }),
    [failed('submitCredentials').type]: (_: User, event: ModelEvent) => answer((call) => call.reject(event.error)),
    // docs/product.md §2: after a valid submit the screen goes to /connections after 500 ms, not before.
    [after('navigateDelay').type]: async () => {
      await advance(499);
      expect(pathname()).toBe(route);
      await advance(1);
    },
  };
}

interface FormTexts {
  submit: string;
  /** The submit button's text while the server is asked. */
  busy: string;
}

function formStates(fields: string[], route: string, texts: FormTexts) {
  const inputs = () => fields.map((f) => [f, screen.getByLabelText(LABELS[f]!)] as const);
  const formAlert = () => screen.queryByRole('alert');
  return {
    // Before the first submit nothing is marked wrong, whatever was typed.
    'editing.filling': ({ target }: { target: { context: { values: Values } } }) => {
      for (const [field, input] of inputs()) {
        expect(input).toHaveValue(target.context.values[field]);
        expect(errorOf(input)).toBeUndefined();
      }
      expect(formAlert()).toBeNull();
      expect(calls).toEqual([]);
      expect(pathname()).toBe(route);
    },
    // After a failed submit each field shows its own message, and a submit focuses the first wrong field.
    // After a refusal the server's reason shows under its field (when the value is otherwise valid) or for
    // the whole form, everything typed stays, and a field's reason moves focus to that field.
    'editing.correcting': ({ target, events }: { target: { context: { values: Values } }; events: ModelEvent[] }) => {
      const expected = expectedErrors(target.context.values);
      const refusal = shownRefusal(events);
      if (refusal?.field) expected[refusal.field] ??= refusal.text;
      for (const [field, input] of inputs()) {
        expect(input).toHaveValue(target.context.values[field]);
        expect(input).not.toHaveAttribute('readonly');
        expect(errorOf(input)).toBe(expected[field]);
        expect(input.getAttribute('aria-invalid')).toBe(expected[field] ? 'true' : null);
      }
      expect(formAlert()?.textContent).toBe(refusal && !refusal.field ? refusal.text : undefined);
      expect(screen.getByRole('button', { name: texts.submit })).toBeEnabled();
      const last = events.at(-1);
      if (last?.type === 'SUBMIT') expect(screen.getByLabelText(LABELS[fields.find((f) => expected[f])!]!)).toHaveFocus();
      if (isFailed('submitCredentials')(last) && refusal?.field) expect(screen.getByLabelText(LABELS[refusal.field]!)).toHaveFocus();
      expect(pathname()).toBe(route);
    },
    // A valid form is sent once, trimmed, and the form waits for the answer without taking more input.
    submitting: ({ target }: { target: { context: { values: Values } } }) => {
      const { values } = target.context;
      const request: Values = { username: values.username!.trim(), password: values.password! };
      if ('email' in values) request.email = values.email.trim();
      expect(calls.at(-1)?.request).toEqual(request);
      expect(screen.getByRole('button', { name: texts.busy })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Continue as guest' })).toBeDisabled();
      for (const [field, input] of inputs()) {
        expect(input).toHaveValue(values[field]);
        expect(input).toHaveAttribute('readonly');
        expect(errorOf(input)).toBeUndefined();
      }
      expect(formAlert()).toBeNull();
      expect(pathname()).toBe(route);
    },
    leaving: () => {
      expect(document.querySelectorAll('.field-error')).toHaveLength(0);
      expect(formAlert()).toBeNull();
      expect(document.querySelector('.screen')).toHaveClass('fade-out');
      expect(pathname()).toBe(route);
    },
    done: () => {
      expect(pathname()).toBe('/connections');
      expect(screen.getByRole('heading', { name: 'Connections' })).toBeInTheDocument();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library advances fake clocks it recognises as Jest's; this lets it advance Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(resetScreen);

describe('Create Account screen along the sign-up model', () => {
  it('shows the right texts, focus, fade and route in every reachable form state', async () => {
    const driven = await testScreenModel({
      model: {
        machine: signUpMachine,
        limit: 200,
        // Once the server refused, only edits that clear one reason or keep another, and a new submit, are
        // explored from there: every other mix of values is already covered without the reason.
        events: ({ context }) =>
          context.serverError
            ? [{ type: 'CHANGE', field: 'username', value: '   ' }, { type: 'CHANGE', field: 'email', value: 'mira@example' }, { type: 'SUBMIT' }]
            : [
                { type: 'CHANGE', field: 'username', value: '   ' },
                { type: 'CHANGE', field: 'username', value: 'mira' },
                { type: 'CHANGE', field: 'email', value: 'mira@example' },
                { type: 'CHANGE', field: 'email', value: 'mira@example.com' },
                { type: 'CHANGE', field: 'password', value: '12345' },
                { type: 'CHANGE', field: 'password', value: 'secret1' },
                { type: 'CHANGE', field: 'confirmPassword', value: 'secret1' },
                { type: 'SUBMIT' },
                accepted,
                refused(new MemberApiError('USERNAME_TAKEN', { status: 409, field: 'username' })),
                refused(new MemberApiError('EMAIL_TAKEN', { status: 409, field: 'email' })),
                refused(new MemberApiError('OFFLINE')),
                after('navigateDelay'),
              ],
      },
      mount: () => mountAt('/auth'),
      unmount: () => cleanup(),
      act: formActs('Sign Up', '/auth'),
      states: formStates(['username', 'email', 'password', 'confirmPassword'], '/auth', { submit: 'Sign Up', busy: 'Creating account…' }),
    });
    expect(driven).toBe(119);
  }, 120_000);
});

describe('Log In screen along the log-in model', () => {
  it('shows the right texts, focus, fade and route in every reachable form state', async () => {
    const driven = await testScreenModel({
      model: {
        machine: logInMachine,
        limit: 40,
        // 'Create one' leaves the screen; its own test in auth.test.tsx covers it.
        // As for sign-up, a refusal is followed only by an edit that keeps it and a new submit.
        events: ({ context }) =>
          context.serverError
            ? [{ type: 'CHANGE', field: 'password', value: '12345' }, { type: 'SUBMIT' }]
            : [
                { type: 'CHANGE', field: 'username', value: '  ' },
                { type: 'CHANGE', field: 'username', value: 'mira' },
                { type: 'CHANGE', field: 'password', value: '12345' },
                { type: 'CHANGE', field: 'password', value: 'secret1' },
                { type: 'SUBMIT' },
                loggedInToBuild,
                loggedInHome,
                refused(new MemberApiError('INVALID_CREDENTIALS', { status: 401 })),
                refused(new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 600 })),
                refused(new MemberApiError('OFFLINE')),
                after('navigateDelay'),
              ],
      },
      mount: () => mountAt('/login'),
      unmount: () => cleanup(),
      act: formActs('Log In', '/login'),
      states: {
        ...formStates(['username', 'password'], '/login', { submit: 'Log In', busy: 'Logging in…' }),
        // A member whose profile is complete arrives on Home.
        home: () => {
          expect(pathname()).toBe('/home');
          expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
        },
      },
    });
    expect(driven).toBe(29);
  }, 60_000);
});
