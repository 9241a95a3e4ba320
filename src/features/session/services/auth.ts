import {
  authResponseSchema,
  meResponseSchema,
  MEMBER_ROUTES,
  type LoginRequest,
  type Member,
  type MeResponse,
  type SignupRequest,
  type UnreachableMember,
} from '../../../domain/memberContract';
import { memberCall } from '../../../shared/http/api';
import { memberSyncKey } from '../../../shared/storage/memberSync';
import { isSessionEnded, MemberApiError } from '../../../shared/http/errors';
import { mayHoldSession } from '../../../shared/session/memberHint';

// The account calls. Each resolves with what the caller needs or throws MemberApiError.

export async function signUp(request: SignupRequest): Promise<Member> {
  return (await memberCall(MEMBER_ROUTES.signup, authResponseSchema, { method: 'POST', body: request })).user;
}

export async function logIn(request: LoginRequest): Promise<Member> {
  return (await memberCall(MEMBER_ROUTES.login, authResponseSchema, { method: 'POST', body: request })).user;
}

export async function logOut(): Promise<void> {
  await memberCall(MEMBER_ROUTES.logout, null, { method: 'POST' });
}

export function fetchMe(): Promise<MeResponse> {
  return memberCall(MEMBER_ROUTES.me, meResponseSchema);
}

export type { UnreachableMember } from '../../../domain/memberContract';

/**
 * The signed-in member, or null when there is no session (no hint cookie, or a 401). Offline on a device that was a member's,
 * the member's id, so their edits can be kept pending until the server is back. Other failures throw.
 */
export async function currentMember(): Promise<Member | null | UnreachableMember> {
  if (!mayHoldSession()) return null;
  try {
    return (await fetchMe()).user;
  } catch (error) {
    if (isSessionEnded(error)) return null;
    const remembered = memberSyncKey.read();
    if (error instanceof MemberApiError && error.code === 'OFFLINE' && remembered) {
      return { offlineMemberId: remembered.memberId };
    }
    throw error;
  }
}

export async function deleteAccount(password: string): Promise<void> {
  await memberCall(MEMBER_ROUTES.me, null, { method: 'DELETE', body: { password } });
}
