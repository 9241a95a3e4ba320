import { describe, expect } from 'vitest';
import { PasskeyNotUsed } from '../../src/domain/passkeys';
import { passkeySignInMachine } from '../../src/features/session/machines/passkeySignIn.machine';
import { passkeysMachine } from '../../src/features/settings/machines/passkeys.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { done, failed, isDone, isFailed, itCoversTheModel, type ReplayEnv } from '../support/modelTest';

// Passkeys (docs/product.md): 'Sign in with a passkey' on the log-in screen, and Settings' 'Passkeys'
// section. Expected texts are literals from the product doc.

const CANCELLED = 'No passkey was used. Please try again, or log in with your password.';
const NOT_RECOGNISED = 'That passkey is not recognised. It may have been removed. Please log in with your password.';
const SUSPENDED = 'This account is suspended.';
const WRONG_PASSWORD = 'That password is not correct';
const NOT_FOUND = 'That passkey no longer exists.';

const navigations = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'navigate').map((e) => e.payload);
const errorCode = (last: { type: string } | undefined) => {
  const error = (last as { error?: unknown } | undefined)?.error;
  return error instanceof MemberApiError ? error.code : error instanceof PasskeyNotUsed ? 'NOT_USED' : undefined;
};

describe('passkey sign-in machine (model-based)', () => {
  itCoversTheModel(
    'signs in on a press and lands where a log-in lands; a refusal is told and the button works again',
    {
      machine: passkeySignInMachine,
      limit: 100,
      events: [
        { type: 'SIGN_IN' },
        done('signInWithPasskey', 'home'),
        done('signInWithPasskey', 'connections'),
        failed('signInWithPasskey', new PasskeyNotUsed(CANCELLED)),
        failed('signInWithPasskey', new MemberApiError('PASSKEY_NOT_RECOGNISED', { status: 401 })),
        failed('signInWithPasskey', new MemberApiError('ACCOUNT_SUSPENDED', { status: 403, suspendedUntil: null })),
      ],
      provide: (env) => ({ actions: { goToHome: () => env.record('navigate', '/home'), goToConnections: () => env.record('navigate', '/connections') } }),
      states: {
        idle: ({ context, env, last }) => {
          expect(navigations(env)).toEqual([]);
          const code = errorCode(last);
          const expected = code === 'NOT_USED' ? CANCELLED : code === 'PASSKEY_NOT_RECOGNISED' ? NOT_RECOGNISED : code === 'ACCOUNT_SUSPENDED' ? SUSPENDED : null;
          expect(context.error).toBe(expected);
        },
        signingIn: ({ context, env, events }) => {
          expect(context.error).toBeNull();
          // Asked once per press: a press while waiting is not taken.
          expect(env.pending.get('signInWithPasskey')).toHaveLength(events.filter((e) => e === 'SIGN_IN').length);
        },
        home: ({ env }) => expect(navigations(env)).toEqual(['/home']),
        connections: ({ env }) => expect(navigations(env)).toEqual(['/connections']),
      },
    },
    { states: 5, transitions: expect.any(Number), guards: 1 },
  );
});

const KEY = { id: '4b0f8a52-5f0e-4d5b-9a3e-6f1c2d3e4f50', name: 'Work laptop', createdAt: '2026-03-01T12:00:00.000Z' };
const NEW_KEY = { id: '9c1e2f30-1a2b-4c3d-8e4f-5a6b7c8d9e0f', name: 'Chrome on Linux', createdAt: '2026-03-02T12:00:00.000Z' };

describe('passkeys settings machine (model-based)', () => {
  itCoversTheModel(
    'lists the passkeys, adds one after a non-blank password, removes one after asking, and tells each refusal where it happened',
    {
      machine: passkeysMachine,
      limit: 2000,
      events: [
        done('loadPasskeys', [KEY]),
        failed('loadPasskeys', new MemberApiError('OFFLINE')),
        { type: 'RETRY' },
        { type: 'ADD' },
        { type: 'CANCEL' },
        { type: 'CHANGE_PASSWORD', value: 'secret1' },
        { type: 'CHANGE_NAME', value: ' Phone ' },
        { type: 'SUBMIT' },
        done('addPasskey', NEW_KEY),
        failed('addPasskey', new MemberApiError('WRONG_PASSWORD', { status: 403 })),
        failed('addPasskey', new PasskeyNotUsed(CANCELLED)),
        { type: 'REMOVE', passkey: KEY },
        { type: 'CONFIRM' },
        done('removePasskey'),
        failed('removePasskey', new MemberApiError('PASSKEY_NOT_FOUND', { status: 404 })),
        { type: 'DISMISS_NOTICE' },
      ],
      states: {
        loading: ({ context }) => expect(context.passkeys).toEqual([]),
        failed: ({ context }) => expect(context.error).toBe('Your passkeys could not be loaded.'),
        ready: ({ context, last }) => {
          expect(context.removing).toBeNull();
          if (isDone('addPasskey')(last)) {
            expect(context.passkeys.at(-1)).toEqual(NEW_KEY);
            expect(context.passkeys.filter((p) => p.id === NEW_KEY.id)).toHaveLength(1);
            expect(context.notice).toBe('Passkey added.');
          }
          if (isDone('removePasskey')(last)) {
            expect(context.passkeys).not.toContainEqual(KEY);
            expect(context.notice).toBe('Passkey removed.');
          }
          if (isFailed('removePasskey')(last)) {
            expect(context.error).toBe(NOT_FOUND);
            expect(context.passkeys).toContainEqual(KEY);
          }
          if (last?.type === 'DISMISS_NOTICE') expect(context.notice).toBeNull();
        },
        confirming: ({ context, last }) => {
          if (last?.type === 'ADD') expect(context).toMatchObject({ password: '', name: '', dialogError: null, notice: null });
          if (last?.type === 'SUBMIT') expect(context.dialogError).toBe('Password is required');
          if (isFailed('addPasskey')(last)) {
            expect(context.dialogError).toBe(errorCode(last) === 'NOT_USED' ? CANCELLED : WRONG_PASSWORD);
            expect(context.password).toBe('secret1');
          }
          if (last?.type === 'CHANGE_PASSWORD') expect(context.dialogError).toBeNull();
        },
        adding: ({ env }) => expect(env.pending.get('addPasskey')?.at(-1)?.input).toEqual(expect.objectContaining({ password: 'secret1' })),
        askingRemoval: ({ context }) => expect(context.removing).toEqual(KEY),
        removingPasskey: ({ env }) => expect(env.pending.get('removePasskey')?.at(-1)?.input).toEqual({ id: KEY.id }),
      },
    },
    { states: 8, transitions: expect.any(Number), guards: 2 },
  );
});
