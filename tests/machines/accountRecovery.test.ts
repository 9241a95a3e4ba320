import { describe, expect } from 'vitest';
import { forgotPasswordMachine } from '../../src/features/session/machines/forgotPassword.machine';
import { resetPasswordMachine } from '../../src/features/session/machines/resetPassword.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { after, done, failed, isDone, isFailed, itCoversTheModel, type ReplayEnv } from '../support/modelTest';

// 'Forgot password?' and the page its link opens (docs/product.md), with the texts written out here.

const SENT = 'If an account uses that address, we sent a link to reset the password.';
const OFFLINE = 'You appear to be offline. Please check your connection and try again.';
const TOO_MANY = 'Too many attempts. Try again in 60 minutes.';

/** The code of the refusal that ended the path, if one did. */
function refusalCode(last: { type: string } | undefined): string | undefined {
  const error = (last as { error?: unknown } | undefined)?.error;
  return error instanceof MemberApiError ? error.code : undefined;
}

const navigations = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'navigate').map(({ payload, at }) => ({ payload, at }));
const focuses = (env: ReplayEnv) => env.effects.filter((e) => e.type === 'focus').map((e) => e.payload);

function expectedEmailError(email: string): string | undefined {
  if (email.trim() === '') return 'Email is required';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : 'Please enter a valid email';
}

describe('forgot password machine (model-based)', () => {
  itCoversTheModel(
    'asks for a link only for a well-formed address, shows the one answer after the fade, and keeps the address after a refusal',
    {
      machine: forgotPasswordMachine,
      limit: 200,
      events: [
        { type: 'CHANGE', field: 'email', value: '' },
        { type: 'CHANGE', field: 'email', value: 'nope' },
        { type: 'CHANGE', field: 'email', value: ' mira@example.com ' },
        { type: 'SUBMIT' },
        { type: 'CONTINUE_AS_GUEST' },
        done('submitCredentials', SENT),
        failed('submitCredentials', new MemberApiError('OFFLINE')),
        failed('submitCredentials', new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 3600 })),
        after('navigateDelay'),
      ],
      delays: { navigateDelay: 500 },
      provide: (env) => ({ actions: { focusField: (_: unknown, params: { field: string | undefined }) => env.record('focus', params.field) } }),
      states: {
        'editing.filling': ({ context, env, events }) => {
          expect(events).not.toContain('SUBMIT');
          expect(context.errors).toEqual({});
          expect(env.pending.get('submitCredentials')).toBeUndefined();
        },
        'editing.correcting': ({ context, env, last }) => {
          const error = expectedEmailError(context.values.email);
          expect(context.errors).toEqual(error ? { email: error } : {});
          if (last?.type === 'SUBMIT') expect(focuses(env).at(-1)).toBe('email');
          if (isFailed('submitCredentials')(last)) {
            const code = refusalCode(last);
            expect(context.serverError).toEqual({ message: code === 'OFFLINE' ? OFFLINE : TOO_MANY });
            expect(context.values.email).toBe(' mira@example.com ');
          }
        },
        submitting: ({ context, env }) => {
          expect(expectedEmailError(context.values.email)).toBeUndefined();
          expect(env.pending.get('submitCredentials')?.at(-1)?.input).toEqual({ email: ' mira@example.com ' });
          expect(context.serverError).toBeNull();
        },
        leaving: ({ context, last }) => {
          expect(isDone('submitCredentials')(last)).toBe(true);
          expect(context.sentMessage).toBe(SENT);
        },
        done: ({ context, env }) => {
          expect(context.sentMessage).toBe(SENT);
          expect(env.clock.now()).toBe(500);
          expect(navigations(env)).toEqual([]);
        },
      },
    },
    { states: 7, transitions: 6, guards: 1 },
  );
});

describe('reset password machine (model-based)', () => {
  const LINK = 'q'.repeat(43);
  const resetEvents = [
    { type: 'CHANGE', field: 'password', value: '123' },
    { type: 'CHANGE', field: 'password', value: 'new-secret' },
    { type: 'CHANGE', field: 'confirmPassword', value: 'new-secret' },
    { type: 'SUBMIT' },
    done('submitCredentials', 'home'),
    done('submitCredentials', 'connections'),
    failed('submitCredentials', new MemberApiError('RESET_LINK_INVALID', { status: 400 })),
    failed('submitCredentials', new MemberApiError('OFFLINE')),
    after('navigateDelay'),
  ] as const;
  const provide = (env: ReplayEnv) => ({
    actions: {
      focusField: (_: unknown, params: { field: string | undefined }) => env.record('focus', params.field),
      goToHome: () => env.record('navigate', '/home'),
      goToConnections: () => env.record('navigate', '/connections'),
    },
  });
  function expectedErrors(v: { password: string; confirmPassword: string }) {
    const errors: Record<string, string> = {};
    if (v.password === '') errors.password = 'Password is required';
    else if (v.password.length < 6) errors.password = 'Password must be at least 6 characters';
    if (v.confirmPassword !== v.password) errors.confirmPassword = 'Passwords do not match';
    return errors;
  }

  itCoversTheModel(
    'sets the password through the link with the sign-up rules, lands where a log-in would, and says when the link is missing or no longer works',
    [
      {
        machine: resetPasswordMachine,
        input: { token: LINK },
        limit: 300,
        events: [...resetEvents],
        delays: { navigateDelay: 500 },
        provide,
        states: {
          'editing.filling': ({ context, env }) => {
            expect(context.errors).toEqual({});
            expect(env.pending.get('submitCredentials')).toBeUndefined();
          },
          'editing.correcting': ({ context, env, last }) => {
            expect(context.errors).toEqual(expectedErrors(context.values));
            if (last?.type === 'SUBMIT') expect(focuses(env).at(-1)).toBe(expectedErrors(context.values).password ? 'password' : 'confirmPassword');
            if (isFailed('submitCredentials')(last)) expect(context.serverError).toEqual({ message: OFFLINE });
          },
          submitting: ({ context, env }) => {
            expect(expectedErrors(context.values)).toEqual({});
            expect(env.pending.get('submitCredentials')?.at(-1)?.input).toEqual({ token: LINK, password: 'new-secret' });
          },
          leaving: ({ env, last }) => {
            expect(isDone('submitCredentials')(last)).toBe(true);
            expect(navigations(env)).toEqual([]);
          },
          home: ({ env }) => expect(navigations(env)).toEqual([{ payload: '/home', at: 500 }]),
          done: ({ env }) => expect(navigations(env)).toEqual([{ payload: '/connections', at: 500 }]),
          linkInvalid: ({ last, env }) => {
            expect(isFailed('submitCredentials')(last)).toBe(true);
            expect(refusalCode(last)).toBe('RESET_LINK_INVALID');
            expect(navigations(env)).toEqual([]);
          },
        },
      },
      {
        // Opened without a token: the page says at once that the link does not work, and asks nothing.
        machine: resetPasswordMachine,
        input: { token: '' },
        limit: 20,
        events: [...resetEvents],
        delays: { navigateDelay: 500 },
        provide,
        states: {
          linkInvalid: ({ events, env }) => {
            expect(events).toEqual([]);
            expect(env.pending.get('submitCredentials')).toBeUndefined();
          },
        },
      },
    ],
    { states: 9, transitions: 6, guards: 3 },
  );
});
