// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import type { SessionEvent } from '../../src/features/session/machines/session.machine';
import {
  deleteAccountThrough,
  logInThrough,
  settledSession,
  signUpThrough,
  type SessionActor,
} from '../../src/features/session/actors/sessionRequests';
import { MemberRequestFailed } from '../../src/shared/http/errors';
import { json, mockFetch } from '../services/fetchMock';
import { runEachTestQuietly } from '../support/machineTestLifecycle';
import { sessionWith } from '../support/session';

// Screens ask the one session actor to sign up, log in or delete the account and wait for the answer:
// the member, or a MemberRequestFailed carrying what the person is told (memberContract.ts texts, spelled out).

const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
const otto = { id: 'm-2', username: 'otto', email: 'otto@example.com', createdAt: '2026-11-23T11:00:00.000Z' };

// The profile sync and the 401 listener have their own tests; here they stay quiet.
const quiet = fromCallback<SessionEvent>(() => undefined);

let session: SessionActor;

function startGuestSession(): SessionActor {
  const machine = sessionWith({ profileSync: quiet as never, hearSessionEnded: quiet });
  session = createActor(machine).start();
  return session;
}

async function failureOf(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MemberRequestFailed);
  return (error as MemberRequestFailed).failure;
}

/** Asks the session to log in and stops waiting once it is `stage`: the asker is told the request failed. */
async function abandonLogInWhile(stage: 'loggingIn' | 'loggingOut', credentials: { username: string; password: string }) {
  const abandon = new AbortController();
  const pending = logInThrough(session, credentials, abandon.signal);
  await waitFor(session, (s) => s.matches(stage));
  abandon.abort();
  await failureOf(pending);
}

runEachTestQuietly({ stop: () => session.stop() });

describe('settledSession', () => {
  it('resolves once the session knows it is a guest', async () => {
    mockFetch({});
    const snapshot = await settledSession(startGuestSession());
    expect(snapshot.value).toEqual({ guest: 'browsing' });
  });
});

describe('signing up and logging in through the session', () => {
  it('signing up posts the form to /api/auth/signup and resolves with the new member', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/signup': json({ user: mira }, 201) });
    const request = { username: 'mira', email: 'mira@example.com', password: 'secret1' };
    await expect(signUpThrough(startGuestSession(), request)).resolves.toEqual(mira);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/api/auth/signup', request]]);
    expect(session.getSnapshot().value).toEqual({ member: 'active' });
  });

  it('a taken username rejects with its text under the Username field', async () => {
    mockFetch({
      'POST /api/auth/signup': json({ error: { code: 'USERNAME_TAKEN', message: 'taken', field: 'username' } }, 409),
    });
    const failure = await failureOf(signUpThrough(startGuestSession(), { username: 'mira', email: 'm@example.com', password: 'secret1' }));
    expect(failure).toEqual({ code: 'USERNAME_TAKEN', message: 'That username is taken', field: 'username' });
    expect(session.getSnapshot().value).toEqual({ guest: 'browsing' });
  });

  it('logging in posts the credentials to /api/auth/login and resolves with the member', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/login': json({ user: mira }) });
    await expect(logInThrough(startGuestSession(), { username: 'mira', password: 'secret1' })).resolves.toEqual(mira);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/api/auth/login', { username: 'mira', password: 'secret1' }]]);
  });

  it('wrong credentials reject with "Invalid username or password"', async () => {
    mockFetch({ 'POST /api/auth/login': json({ error: { code: 'INVALID_CREDENTIALS', message: 'no' } }, 401) });
    const failure = await failureOf(logInThrough(startGuestSession(), { username: 'mira', password: 'nope' }));
    expect(failure).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
  });

  it('a member who logs in as someone else is logged out first, then becomes the other member', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': (call) => json({ user: (call.body as { username: string }).username === 'otto' ? otto : mira }),
      'POST /api/auth/logout': json({}),
    });
    startGuestSession();
    await logInThrough(session, { username: 'mira', password: 'secret1' });
    await expect(logInThrough(session, { username: 'otto', password: 'secret2' })).resolves.toEqual(otto);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/login', 'POST /api/auth/logout', 'POST /api/auth/login']);
    expect(session.getSnapshot().context.member).toEqual(otto);
  });

  it('an abandoned log-in (its asker stopped waiting) leaves a guest: one on its way is logged out once the server says yes', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/login': json({ user: mira }), 'POST /api/auth/logout': json({}) });
    startGuestSession();
    await abandonLogInWhile('loggingIn', { username: 'mira', password: 'secret1' });
    expect(session.getSnapshot().value).toEqual({ guest: 'browsing' });
    expect(session.getSnapshot().context).toEqual({ member: null, failure: null });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/login', 'POST /api/auth/logout']);
  });

  it('a log-in abandoned while the member before is logged out is never sent', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': json({ user: mira }),
      'POST /api/auth/logout': json({}),
    });
    startGuestSession();
    await logInThrough(session, { username: 'mira', password: 'secret1' });
    await abandonLogInWhile('loggingOut', { username: 'otto', password: 'secret2' });
    expect(session.getSnapshot().value).toEqual({ guest: 'browsing' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/login', 'POST /api/auth/logout']);
  });

  it('a member who signs up a new account is logged out first too', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': json({ user: mira }),
      'POST /api/auth/logout': json({}),
      'POST /api/auth/signup': json({ user: otto }, 201),
    });
    startGuestSession();
    await logInThrough(session, { username: 'mira', password: 'secret1' });
    await expect(signUpThrough(session, { username: 'otto', email: 'otto@example.com', password: 'secret2' })).resolves.toEqual(otto);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/login', 'POST /api/auth/logout', 'POST /api/auth/signup']);
  });
});

describe('deleting the account through the session', () => {
  async function memberSession(routes: Parameters<typeof mockFetch>[0]) {
    const fake = mockFetch({ 'POST /api/auth/login': json({ user: mira }), ...routes });
    startGuestSession();
    await logInThrough(session, { username: 'mira', password: 'secret1' });
    return fake;
  }

  it('sends DELETE /api/me with the password and resolves once the session is a guest', async () => {
    const { calls } = await memberSession({ 'DELETE /api/me': json({}) });
    await expect(deleteAccountThrough(session, 'secret1')).resolves.toBeUndefined();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/me', body: { password: 'secret1' } });
    expect(session.getSnapshot().value).toEqual({ guest: 'browsing' });
  });

  it('a wrong password rejects with its text and the member stays signed in', async () => {
    await memberSession({ 'DELETE /api/me': json({ error: { code: 'WRONG_PASSWORD', message: 'no' } }, 403) });
    const failure = await failureOf(deleteAccountThrough(session, 'nope'));
    expect(failure).toEqual({ code: 'WRONG_PASSWORD', message: 'That password is not correct' });
    expect(session.getSnapshot().value).toEqual({ member: 'active' });
  });

  it('an ended session (401) rejects with "Your session has ended" and leaves a guest', async () => {
    await memberSession({ 'DELETE /api/me': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401) });
    const failure = await failureOf(deleteAccountThrough(session, 'secret1'));
    expect(failure).toEqual({ code: 'UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' });
    expect(session.getSnapshot().value).toEqual({ guest: 'sessionEnded' });
  });

  it('a session that ends while the deletion is under way rejects with the server text', async () => {
    await memberSession({ 'DELETE /api/me': json({}) });
    const pending = deleteAccountThrough(session, 'secret1');
    await waitFor(session, (s) => s.matches({ member: 'deletingAccount' }));
    session.send({ type: 'SESSION_EXPIRED' });
    const failure = await failureOf(pending);
    expect(failure).toEqual({ code: 'SERVER', message: 'Something went wrong on the server. Please try again.' });
  });

  it('a guest cannot delete an account: it is told the session has ended and nothing is sent', async () => {
    const { calls } = mockFetch({});
    const failure = await failureOf(deleteAccountThrough(startGuestSession(), 'secret1'));
    expect(failure).toEqual({ code: 'UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' });
    expect(calls).toEqual([]);
    expect(session.getSnapshot().value).toEqual({ guest: 'browsing' });
  });
});
