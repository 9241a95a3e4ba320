import {
  authResponseSchema,
  meResponseSchema,
  MEMBER_ROUTES,
  type LoginRequest,
  type Member,
  type MeResponse,
  type SignupRequest,
} from '../../domain/memberContract';
import { memberCall } from './api';
import { isSessionEnded } from './errors';

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

/** The signed-in member, or null when there is no session (401). Other failures throw. */
export async function currentMember(): Promise<Member | null> {
  try {
    return (await fetchMe()).user;
  } catch (error) {
    if (isSessionEnded(error)) return null;
    throw error;
  }
}

export async function deleteAccount(password: string): Promise<void> {
  await memberCall(MEMBER_ROUTES.me, null, { method: 'DELETE', body: { password } });
}
