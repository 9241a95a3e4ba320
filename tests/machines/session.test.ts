// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionMachine } from '../../src/machines/session.machine';
import { MemberApiError } from '../../src/services/members/errors';
import { runModel } from '../support/modelTest';

// The session as a person meets it (issue 12): a guest by default, a member after signing up or logging
// in, a guest again after logging out, deleting the account or a 401 ("Your session has ended...").
// Expected values are written out from memberContract.ts's texts, not read from the code under test.

const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
const signUpRequest = { username: 'mira', email: 'mira@example.com', password: 'secret1' };
const logInRequest = { username: 'mira', password: 'secret1' };
const SYNC_KEY = 'member_profile_sync';
const seededSync = JSON.stringify({ memberId: 'm-1', updatedAt: 5, pending: true });

const events = [
  { type: 'xstate.done.actor.checkSession', output: mira },
  { type: 'xstate.done.actor.checkSession', output: null },
  { type: 'xstate.done.actor.checkSession', output: { offlineMemberId: 'm-1' } },
  { type: 'xstate.error.actor.checkSession', error: new MemberApiError('OFFLINE') },
  { type: 'ONLINE' },
  { type: 'xstate.error.actor.keepEditsPending', error: new Error('no storage events') },
  { type: 'xstate.error.actor.waitForNetwork', error: new Error('no window') },
  { type: 'SIGN_UP', request: signUpRequest },
  { type: 'LOG_IN', request: logInRequest },
  { type: 'LOG_OUT' },
  { type: 'DELETE_ACCOUNT', password: 'secret1' },
  { type: 'SESSION_EXPIRED' },
  { type: 'DISMISS_NOTICE' },
  { type: 'xstate.done.actor.signUp', output: mira },
  { type: 'xstate.error.actor.signUp', error: new MemberApiError('USERNAME_TAKEN', { status: 409, field: 'username' }) },
  { type: 'xstate.error.actor.signUp', error: new MemberApiError('OFFLINE') },
  { type: 'xstate.done.actor.logIn', output: mira },
  { type: 'xstate.error.actor.logIn', error: new MemberApiError('INVALID_CREDENTIALS', { status: 401 }) },
  { type: 'xstate.error.actor.logIn', error: new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 60 }) },
  { type: 'xstate.done.actor.logOut' },
  { type: 'xstate.error.actor.logOut', error: new MemberApiError('OFFLINE') },
  { type: 'xstate.done.actor.deleteAccount' },
  { type: 'xstate.error.actor.deleteAccount', error: new MemberApiError('WRONG_PASSWORD', { status: 403 }) },
  { type: 'xstate.error.actor.deleteAccount', error: new MemberApiError('UNAUTHENTICATED', { status: 401 }) },
  { type: 'xstate.done.actor.profileSync', output: { sessionEnded: true } },
  { type: 'xstate.error.actor.profileSync', error: new Error('sync crashed') },
];

// What the person is told after each refusal (memberContract.ts texts, spelled out).
const toldAfter: Record<string, { code: string; message: string; field?: string }> = {
  USERNAME_TAKEN: { code: 'USERNAME_TAKEN', message: 'That username is taken', field: 'username' },
  OFFLINE: { code: 'OFFLINE', message: 'You appear to be offline. Please check your connection and try again.' },
  INVALID_CREDENTIALS: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' },
  TOO_MANY_ATTEMPTS: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Try again in 1 minute.' },
  WRONG_PASSWORD: { code: 'WRONG_PASSWORD', message: 'That password is not correct' },
  UNAUTHENTICATED: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' },
};

type Step = { type: string; output?: unknown; error?: MemberApiError; request?: unknown; password?: string };

/** How the member's time ended on this path, if it did: the events that turn a member into a guest. */
function leftMembership(steps: Step[]): boolean {
  return steps.some(
    (e) =>
      e.type === 'xstate.done.actor.logOut' ||
      e.type === 'xstate.error.actor.logOut' ||
      e.type === 'xstate.done.actor.deleteAccount' ||
      e.type === 'xstate.done.actor.profileSync' ||
      (e.type === 'SESSION_EXPIRED' && steps.some((s) => s.type.startsWith('xstate.done.actor.') && (s.output as { id?: string } | undefined)?.id === 'm-1')) ||
      (e.type === 'xstate.error.actor.deleteAccount' && e.error?.code === 'UNAUTHENTICATED'),
  );
}

// Failed calls are logged by design; the replays make hundreds of them on purpose.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('session machine (model-based)', () => {
  it('reaches every state and transition; who the person is, what they are told and what the device forgets follow the contract', async () => {
    const count = await runModel({
      machine: sessionMachine,
      events,
      limit: 2000,
      setup: () => {
        localStorage.clear();
        localStorage.setItem(SYNC_KEY, seededSync);
      },
      check: ({ env, snapshot, path }) => {
        const steps = path.steps.map((s) => s.event as Step);
        const last = steps.at(-1);
        const { member, failure } = snapshot.context;

        // Member states (and logging out, until the server answers) know the member; every other state knows nobody.
        if (snapshot.matches('member') || snapshot.matches('loggingOut')) expect(member).toEqual(mira);
        else expect(member).toBeNull();

        // While a member, the profile sync runs for that member (one sync per membership).
        const syncs = env.pending.get('profileSync') ?? [];
        if (snapshot.matches('member')) expect(syncs.at(-1)?.input).toEqual({ memberId: 'm-1' });
        const becameMember = steps.filter(
          (e) => ['xstate.done.actor.signUp', 'xstate.done.actor.logIn'].includes(e.type) || (e.type === 'xstate.done.actor.checkSession' && (e.output as { id?: string } | null)?.id === 'm-1'),
        ).length;
        expect(syncs.length).toBe(becameMember);

        // Requests carry what was asked.
        if (snapshot.matches('signingUp')) expect(env.pending.get('signUp')?.at(-1)?.input).toEqual(signUpRequest);
        if (snapshot.matches('loggingIn')) expect(env.pending.get('logIn')?.at(-1)?.input).toEqual(logInRequest);
        if (snapshot.matches({ member: 'deletingAccount' })) expect(env.pending.get('deleteAccount')?.at(-1)?.input).toEqual({ password: 'secret1' });

        // A refusal tells the person why, in the contract's words, and leaves them where they were.
        if (last?.type.startsWith('xstate.error.actor.') && last.error instanceof MemberApiError && !last.type.endsWith('logOut') && !last.type.endsWith('checkSession')) {
          expect(failure).toEqual(toldAfter[last.error.code]);
          if (last.type.endsWith('signUp') || last.type.endsWith('logIn')) expect(snapshot.value).toEqual({ guest: 'browsing' });
          if (last.error.code === 'WRONG_PASSWORD') expect(snapshot.value).toEqual({ member: 'active' });
        }
        if (snapshot.matches('signingUp') || snapshot.matches('loggingIn') || snapshot.matches({ member: 'deletingAccount' })) expect(failure).toBeNull();

        // An ended session (a 401 while a member) is the only way to the notice.
        if (snapshot.matches({ guest: 'sessionEnded' })) {
          expect(['SESSION_EXPIRED', 'xstate.done.actor.profileSync', 'xstate.error.actor.deleteAccount']).toContain(last!.type);
        }
        if (last?.type === 'DISMISS_NOTICE' && steps.length > 1) expect(snapshot.value).toEqual({ guest: 'browsing' });
        // ...and a 401 while a member always leads there, with the notice; leaving on purpose never does.
        const before = path.steps.at(-2)?.state;
        const wasMember = before?.matches('member') ?? false;
        const endedBy401 =
          (wasMember && last?.type === 'SESSION_EXPIRED') ||
          last?.type === 'xstate.done.actor.profileSync' ||
          (last?.type === 'xstate.error.actor.deleteAccount' && last.error?.code === 'UNAUTHENTICATED');
        if (endedBy401) expect(snapshot.value).toEqual({ guest: 'sessionEnded' });
        if (last?.type === 'xstate.done.actor.logOut' || last?.type === 'xstate.error.actor.logOut' || last?.type === 'xstate.done.actor.deleteAccount') {
          expect(snapshot.value).toEqual({ guest: 'browsing' });
        }
        // A new sign-up or log-in leaves any earlier notice behind once answered.
        if (['xstate.done.actor.signUp', 'xstate.done.actor.logIn'].includes(last?.type ?? '')) expect(snapshot.value).toEqual({ member: 'active' });

        // The device forgets whose profile copy it holds exactly when a membership ends.
        expect(localStorage.getItem(SYNC_KEY)).toBe(leftMembership(steps) ? null : seededSync);

        // A member's device that started offline keeps that member's edits pending and asks again once online.
        if (snapshot.matches({ guest: 'offline' })) {
          expect(env.pending.get('keepEditsPending')?.at(-1)?.input).toEqual({ memberId: 'm-1' });
          expect(member).toBeNull();
        }
        if (last?.type === 'ONLINE' && before?.matches({ guest: 'offline' })) expect(snapshot.value).toBe('checking');
        // Starting the app asks the server once, and again only when an offline start comes back online.
        const backOnline = path.steps.filter((step, i) => step.event.type === 'ONLINE' && i > 0 && path.steps[i - 1]!.state.matches({ guest: 'offline' })).length;
        expect(env.pending.get('checkSession')?.length).toBe(1 + backOnline);
        if (snapshot.matches('checking') && backOnline === 0) expect(steps.filter((e) => e.type !== 'xstate.init')).toEqual([]);
      },
    });
    expect(count).toBeGreaterThan(40);
  }, 60_000);
});
