import { waitFor, type ActorRefFrom } from 'xstate';
import { memberErrorTexts, type LoginRequest, type Member, type SignupRequest } from '../../../domain/memberContract';
import { MemberRequestFailed } from '../../../domain/memberFailure';
import type { sessionMachine } from '../machines/session.machine';

// The screens' machines' actors ask the one session actor to sign up, log in or delete the account and wait for the
// answer: they get the member, or a MemberRequestFailed carrying the failure the session recorded.

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const settledStates = ['guest', { member: 'active' }] as const;

function settled(actor: SessionActor) {
  return waitFor(actor, (s) => settledStates.some((state) => s.matches(state)), { timeout: Infinity });
}

/** The session once it knows whether this is a guest or a member (it may still be asking the server). */
export function settledSession(actor: SessionActor) {
  return settled(actor);
}

function failed(actor: SessionActor): never {
  const failure = actor.getSnapshot().context.failure;
  throw new MemberRequestFailed(failure ?? { code: 'SERVER', message: memberErrorTexts.SERVER });
}

async function becomeMember(
  actor: SessionActor,
  event: { type: 'SIGN_UP'; request: SignupRequest } | { type: 'LOG_IN'; request: LoginRequest },
  abandoned?: AbortSignal,
) {
  // A member who signs up or logs in again switches accounts: the old session ends first.
  if ((await settled(actor)).matches('member')) {
    actor.send({ type: 'LOG_OUT' });
    await settled(actor);
  }
  if (abandoned?.aborted) return failed(actor);
  actor.send(event);
  const abandon = () => actor.send({ type: 'ABANDON' });
  abandoned?.addEventListener('abort', abandon, { once: true });
  try {
    const snapshot = await settled(actor);
    if (snapshot.matches('member') && snapshot.context.member) return snapshot.context.member;
    return failed(actor);
  } finally {
    abandoned?.removeEventListener('abort', abandon);
  }
}

/**
 * `abandoned` aborts when the asker no longer wants the answer (the form was left): a sign-up or log-in not yet
 * sent is not sent, and one on its way is abandoned, so the session stays a guest whatever the server says.
 */
export function signUpThrough(actor: SessionActor, request: SignupRequest, abandoned?: AbortSignal): Promise<Member> {
  return becomeMember(actor, { type: 'SIGN_UP', request }, abandoned);
}

export function logInThrough(actor: SessionActor, request: LoginRequest, abandoned?: AbortSignal): Promise<Member> {
  return becomeMember(actor, { type: 'LOG_IN', request }, abandoned);
}

/** Resolves once the account is gone (the session is then a guest); rejects with the failure otherwise. */
export async function deleteAccountThrough(actor: SessionActor, password: string): Promise<void> {
  if (!(await settled(actor)).matches('member')) {
    throw new MemberRequestFailed({ code: 'UNAUTHENTICATED', message: memberErrorTexts.UNAUTHENTICATED });
  }
  actor.send({ type: 'DELETE_ACCOUNT', password });
  const snapshot = await settled(actor);
  if (snapshot.matches({ guest: 'browsing' })) return;
  failed(actor);
}

/**
 * Sets a new password through a reset link, or signs in with a passkey (`reset`, which the server answers by
 * signing this browser in as that member) and has the session take the member. A member signed in here before ends that session first,
 * as a log-in would, so nothing of theirs stays on the device.
 */
export async function resetPasswordThrough(actor: SessionActor, reset: () => Promise<unknown>): Promise<Member> {
  if ((await settled(actor)).matches('member')) {
    actor.send({ type: 'LOG_OUT' });
    await settled(actor);
  }
  await reset();
  actor.send({ type: 'RECHECK' });
  const snapshot = await settled(actor);
  if (snapshot.matches('member') && snapshot.context.member) return snapshot.context.member;
  return failed(actor);
}
