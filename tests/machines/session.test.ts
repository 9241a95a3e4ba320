// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { sessionMachine } from '../../src/features/session/machines/session.machine';
import { sessionDeviceActions } from '../support/session';
import { MemberApiError } from '../../src/shared/http/errors';
import { createViewerSource } from '../../src/shared/session/viewer';
import { done, eventName, failed, isDone, isFailed, itCoversTheModel, type ModelPath, type StateView } from '../support/modelTest';

// The session as a person meets it: a guest by default, a member after signing up or logging
// in, a guest again after logging out, deleting the account or a 401 ("Your session has ended...").
// Expected values are written out from memberContract.ts's texts, not read from the code under test.

const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
const signUpRequest = { username: 'mira', email: 'mira@example.com', password: 'secret1' };
const logInRequest = { username: 'mira', password: 'secret1' };
const SYNC_KEY = 'member_profile_sync';
const seededSync = JSON.stringify({ memberId: 'm-1', updatedAt: 5, pending: true });
// What a member leaves on the device: their profile copy, bio, Steam id, tokens, a game's logs, a message still to
// send; and the device's own settings. docs/product.md "Storage keys".
const memberData: Record<string, string> = {
  user_profile: JSON.stringify({ username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] }),
  ai_profile_summary: 'Mira climbs.',
  steam_id: '76561197960287930',
  spotify_access_token: 'token-1',
  hottakes_chat_logs: '[]',
  member_stats: 'null',
  mycelius_outbox_m1: JSON.stringify([{ to: 'f-1', clientId: 'c-1', text: 'hi', queuedAt: 1 }]),
};
const deviceSettings = JSON.stringify({ theme: 'light' });

const events = [
  done('checkSession', mira),
  done('checkSession', null),
  done('checkSession', { offlineMemberId: 'm-1' }),
  failed('checkSession', new MemberApiError('OFFLINE')),
  { type: 'ONLINE' },
  // A password reset link signed this browser in on the server: the session asks who it is again.
  { type: 'RECHECK' },
  failed('keepEditsPending', new Error('no storage events')),
  failed('waitForNetwork', new Error('no window')),
  { type: 'SIGN_UP', request: signUpRequest },
  { type: 'LOG_IN', request: logInRequest },
  // The form that asked was left ('Sign in' on Sign Up, 'Create one' on Log In).
  { type: 'ABANDON' },
  { type: 'LOG_OUT' },
  { type: 'DELETE_ACCOUNT', password: 'secret1' },
  { type: 'SESSION_EXPIRED' },
  { type: 'DISMISS_NOTICE' },
  done('signUp', mira),
  failed('signUp', new MemberApiError('USERNAME_TAKEN', { status: 409, field: 'username' })),
  failed('signUp', new MemberApiError('OFFLINE')),
  done('logIn', mira),
  failed('logIn', new MemberApiError('INVALID_CREDENTIALS', { status: 401 })),
  failed('logIn', new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 60 })),
  done('logOut'),
  failed('logOut', new MemberApiError('OFFLINE')),
  done('endAbandonedSession'),
  failed('endAbandonedSession', new MemberApiError('OFFLINE')),
  done('deleteAccount'),
  failed('deleteAccount', new MemberApiError('WRONG_PASSWORD', { status: 403 })),
  failed('deleteAccount', new MemberApiError('UNAUTHENTICATED', { status: 401 })),
  done('profileSync', { sessionEnded: true }),
  failed('profileSync', new Error('sync crashed')),
  failed('hearSessionEnded', new Error('listener crashed')),
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

/** The sign-up or log-in answered at step i was abandoned first: ABANDON came after its request. */
function answersAbandoned(path: ModelPath<typeof sessionMachine>, i: number, request: 'SIGN_UP' | 'LOG_IN'): boolean {
  const events = path.steps.slice(1, i).map((s) => s.event.type);
  return events.lastIndexOf('ABANDON') > events.lastIndexOf(request);
}

/** An answer to a sign-up or log-in that the person had abandoned. */
function abandonedAnswerAt(path: ModelPath<typeof sessionMachine>, i: number): boolean {
  const event = path.steps[i]?.event;
  if (isDone('signUp')(event) || isFailed('signUp')(event)) return answersAbandoned(path, i, 'SIGN_UP');
  if (isDone('logIn')(event) || isFailed('logIn')(event)) return answersAbandoned(path, i, 'LOG_IN');
  return false;
}

/** How the member's time ended on this path, if it did: the events that turn a member into a guest. */
function leftMembership(steps: Step[]): boolean {
  return steps.some(
    (e) =>
      isDone('logOut')(e) ||
      isFailed('logOut')(e) ||
      isDone('deleteAccount')(e) ||
      isDone('profileSync')(e) ||
      (e.type === 'SESSION_EXPIRED' && steps.some((s) => isDone()(s) && (s.output as { id?: string } | undefined)?.id === 'm-1')) ||
      (isFailed('deleteAccount')(e) && e.error?.code === 'UNAUTHENTICATED'),
  );
}

// Failed calls are logged by design; the replays make hundreds of them on purpose.
afterEach(() => {
  document.cookie = 'mycelius_member=; path=/; max-age=0';
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

type View = StateView<typeof sessionMachine>;

/** What holds wherever the path ends: sync runs, refusals in the contract's words, where each answer leads, what the device forgets. */
function observed({ env, snapshot, path }: View) {
  const steps = path.steps.map((s) => s.event as Step);
  const last = steps.at(-1);
  const { failure } = snapshot.context;

  // One profile sync per membership.
  // An abandoned sign-up or log-in makes nobody a member, whatever the server answers.
  const becameMember = steps.filter(
    (e, i) =>
      ((isDone('signUp')(e) || isDone('logIn')(e)) && !abandonedAnswerAt(path, i)) ||
      (isDone('checkSession')(e) && (e.output as { id?: string } | null)?.id === 'm-1'),
  ).length;
  expect(env.pending.get('profileSync') ?? []).toHaveLength(becameMember);

  const abandonedAnswer = abandonedAnswerAt(path, steps.length - 1);
  // An abandoned sign-up or log-in tells nobody anything: a yes is ended on the server, a refusal is not shown.
  if (abandonedAnswer) {
    expect(failure).toBeNull();
    if (isDone('logIn')(last) || isDone('signUp')(last)) expect(snapshot.value).toBe('endingAbandoned');
  }
  if (isDone('endAbandonedSession')(last) || isFailed('endAbandonedSession')(last)) expect(snapshot.value).toEqual({ guest: 'browsing' });
  // A refusal tells the person why, in the contract's words, and leaves them where they were.
  if (
    last &&
    isFailed()(last) &&
    last.error instanceof MemberApiError &&
    !abandonedAnswer &&
    !isFailed('logOut')(last) &&
    !isFailed('endAbandonedSession')(last) &&
    !isFailed('checkSession')(last)
  ) {
    expect(failure).toEqual(toldAfter[last.error.code]);
    if (isFailed('signUp')(last) || isFailed('logIn')(last)) expect(snapshot.value).toEqual({ guest: 'browsing' });
    if (last.error.code === 'WRONG_PASSWORD') expect(snapshot.value).toEqual({ member: 'active' });
  }
  if (last?.type === 'DISMISS_NOTICE') expect(snapshot.value).toEqual({ guest: 'browsing' });
  // A 401 while a member always leads to the notice; leaving on purpose never does.
  const before = path.steps.at(-2)?.state;
  const endedBy401 =
    (before?.matches('member') && last?.type === 'SESSION_EXPIRED') ||
    isDone('profileSync')(last) ||
    (isFailed('deleteAccount')(last) && last?.error?.code === 'UNAUTHENTICATED');
  if (endedBy401) expect(snapshot.value).toEqual({ guest: 'sessionEnded' });
  if (isDone('logOut')(last) || isFailed('logOut')(last) || isDone('deleteAccount')(last)) {
    expect(snapshot.value).toEqual({ guest: 'browsing' });
  }
  // A new sign-up or log-in leaves any earlier notice behind once answered.
  if ((isDone('signUp')(last) || isDone('logIn')(last)) && !abandonedAnswer) expect(snapshot.value).toEqual({ member: 'active' });
  if ((isFailed('signUp')(last) || isFailed('logIn')(last)) && abandonedAnswer) expect(snapshot.value).toEqual({ guest: 'browsing' });

  // Logging out (from the moment it is asked) or deleting the account leaves nothing of the member on the device,
  // settings aside; a session that ended by itself keeps the member's copy for their next log-in.
  const leftOnPurpose = path.steps.some(
    (step, i) => (step.event.type === 'LOG_OUT' && i > 0 && path.steps[i - 1]!.state.matches('member')) || isDone('deleteAccount')(step.event),
  );
  // The device forgets whose profile copy it holds exactly when a membership ends.
  expect(localStorage.getItem(SYNC_KEY)).toBe(leftMembership(steps) || leftOnPurpose ? null : seededSync);
  for (const [key, value] of Object.entries(memberData)) expect(localStorage.getItem(key)).toBe(leftOnPurpose ? null : value);
  expect(localStorage.getItem('user_settings')).toBe(deviceSettings);
  expect(sessionStorage.getItem('activeUserId')).toBe(leftOnPurpose ? null : 'user-current');

  if (last?.type === 'ONLINE' && before?.matches({ guest: 'offline' })) expect(snapshot.value).toBe('checking');
  // Starting the app asks the server once, and again only when an offline start comes back online or a
  // guest is told the server signed them in (a password reset).
  expect(env.pending.get('checkSession')).toHaveLength(1 + backOnline(path) + rechecks(path));
}

/** Sign-ups and log-ins the server accepted after the person had abandoned them. */
const abandonedYeses = (path: ModelPath<typeof sessionMachine>) =>
  path.steps.filter((step, i) => (isDone('logIn')(step.event) || isDone('signUp')(step.event)) && abandonedAnswerAt(path, i)).length;

const rechecks = (path: ModelPath<typeof sessionMachine>) =>
  path.steps.filter((step, i) => step.event.type === 'RECHECK' && i > 0 && path.steps[i - 1]!.state.matches('guest')).length;

const backOnline = (path: ModelPath<typeof sessionMachine>) =>
  path.steps.filter((step, i) => step.event.type === 'ONLINE' && i > 0 && path.steps[i - 1]!.state.matches({ guest: 'offline' })).length;

// Whom the services that pick the device or the server serve (the browser holds the member hint cookie):
// open while the session is checked or changes, a guest or the member once it settles.
// Each path runs on a fresh viewer source, as a new page load would.
let viewer = createViewerSource();
const servesNobodyYet = () => expect(viewer.known()).toBeNull();
const servesGuest = () => expect(viewer.known()).toEqual({ kind: 'guest' });

/** A guest state: nobody is known. */
function asGuest(view: View) {
  expect(view.context.member).toBeNull();
  observed(view);
}

/** A member state: the member is known, their profile sync runs for them, and the services serve them. */
function asMember(view: View) {
  expect(viewer.known()).toEqual({ kind: 'member', memberId: 'm-1' });
  // A service's 401 is heard for as long as this membership lasts: once per time the person became a member.
  expect(view.env.pending.get('hearSessionEnded')).toHaveLength(view.env.pending.get('profileSync')!.length);
  expect(view.context.member).toEqual(mira);
  expect(view.env.pending.get('profileSync')?.at(-1)?.input).toEqual({ memberId: 'm-1' });
  observed(view);
}

/** A sign-up or log-in on its way: it carries what was asked, nobody is known yet, and no refusal is shown. */
function awaitingAnswer(view: View, request: 'signUp' | 'logIn', asked: unknown, { abandoned = false } = {}) {
  if (abandoned) expect(view.last?.type).toBe('ABANDON');
  expect(view.env.pending.get(request)?.at(-1)?.input).toEqual(asked);
  expect(view.context.failure).toBeNull();
  servesNobodyYet();
  asGuest(view);
}

describe('session machine (model-based)', () => {
  itCoversTheModel('reaches every state and transition; who the person is, what they are told and what the device forgets follow the contract', {
    machine: sessionMachine,
    events,
    limit: 2000,
    // The device side is real: who the app serves and what it forgets are what this test observes.
    provide: () => {
      viewer = createViewerSource();
      return { actions: sessionDeviceActions(viewer) };
    },
    setup: () => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem(SYNC_KEY, seededSync);
      for (const [key, value] of Object.entries(memberData)) localStorage.setItem(key, value);
      localStorage.setItem('user_settings', deviceSettings);
      sessionStorage.setItem('activeUserId', 'user-current');
      document.cookie = 'mycelius_member=1; path=/';
    },
    states: {
      // Asking the server who this is: at start, or again once an offline start is back online.
      checking: (view) => {
        if (backOnline(view.path) + rechecks(view.path) === 0) expect(view.events).toEqual([]);
        else expect(['ONLINE', 'RECHECK']).toContain(view.last?.type);
        servesNobodyYet();
        asGuest(view);
      },
      'guest.browsing': (view) => {
        servesGuest();
        asGuest(view);
      },
      // An ended session (a 401 while a member) is the only way to the notice.
      'guest.sessionEnded': (view) => {
        expect(['SESSION_EXPIRED', 'done profileSync', 'failed deleteAccount']).toContain(eventName(view.last));
        servesGuest();
        asGuest(view);
      },
      // A member's device that started offline keeps that member's edits pending and waits for the network.
      'guest.offline': (view) => {
        expect(view.env.pending.get('keepEditsPending')?.at(-1)?.input).toEqual({ memberId: 'm-1' });
        const offlineStarts = view.path.steps.filter((step) => isDone('checkSession')(step.event) && step.state.matches({ guest: 'offline' })).length;
        expect(view.env.pending.get('waitForNetwork')).toHaveLength(offlineStarts);
        servesGuest();
        asGuest(view);
      },
      // Requests carry what was asked, and an earlier refusal is forgotten while they run. Once the form that asked
      // was left (abandoned), the answer is still awaited, so a yes can be ended on the server.
      'signingUp.asking': (view) => awaitingAnswer(view, 'signUp', signUpRequest),
      'signingUp.abandoned': (view) => awaitingAnswer(view, 'signUp', signUpRequest, { abandoned: true }),
      'loggingIn.asking': (view) => awaitingAnswer(view, 'logIn', logInRequest),
      'loggingIn.abandoned': (view) => awaitingAnswer(view, 'logIn', logInRequest, { abandoned: true }),
      // The server said yes to an abandoned sign-up or log-in: that session is ended (POST /api/auth/logout); the
      // device forgets nothing, since nothing of the member reached it.
      endingAbandoned: (view) => {
        expect(['done logIn', 'done signUp']).toContain(eventName(view.last));
        expect(view.env.pending.get('endAbandonedSession')).toHaveLength(abandonedYeses(view.path));
        servesNobodyYet();
        asGuest(view);
      },
      'member.active': asMember,
      'member.deletingAccount': (view) => {
        expect(view.env.pending.get('deleteAccount')?.at(-1)?.input).toEqual({ password: 'secret1' });
        expect(view.context.failure).toBeNull();
        asMember(view);
      },
      // Logging out still knows the member until the server answers.
      loggingOut: (view) => {
        expect(view.context.member).toEqual(mira);
        servesNobodyYet();
        observed(view);
      },
    },
  }, { states: 17, transitions: 27, guards: 7, paths: expect.toSatisfy((paths: number) => paths > 40) }, 60_000);
});
