import type { z } from 'zod';
import type { DiscoverPageQuery } from '../../domain/discover';
import { messageFor } from '../../domain/errorText';
import {
  acceptResponseSchema,
  discoverResponseSchema,
  friendRequestResponseSchema,
  friendRequestsResponseSchema,
  friendsResponseSchema,
  memberViewSchema,
  SOCIAL_ROUTES,
  socialErrorTexts,
  type DiscoverResponse,
  type Friend,
  type FriendRequest,
  type ListedFriendRequests,
  type MemberView,
  type SocialErrorCode,
} from '../../domain/socialContract';
import { ExplainedError } from '../../domain/explainedError';
import { memberCall } from './api';
import { MemberApiError, memberFailure } from './errors';

// The server side of discovery and friend requests for members (src/domain/socialContract.ts). Every call
// resolves with the parsed body or throws a SocialError whose message is the text a person should see.

/** A discovery or friends call failed; `message` is the contract's text for `code` (what machines show). */
export class SocialError extends ExplainedError {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SocialError';
    this.code = code;
    this.status = options.status ?? 0;
  }
}

function isSocialCode(code: string): code is SocialErrorCode {
  return Object.hasOwn(socialErrorTexts, code);
}

/** Turns a failed members call into a SocialError: the social contract's text, else the members one (offline, server, session). */
function socialErrorFrom(error: unknown): SocialError {
  if (error instanceof MemberApiError && isSocialCode(error.code)) {
    return new SocialError(error.code, socialErrorTexts[error.code], { status: error.status, cause: error });
  }
  const failure = memberFailure(error);
  return new SocialError(failure.code, failure.message, { status: error instanceof MemberApiError ? error.status : 0, cause: error });
}

async function socialCall<T>(url: string, schema: z.ZodType<T> | null, init?: { method?: string; body?: unknown }): Promise<T> {
  try {
    return await memberCall(url, schema, init);
  } catch (error) {
    throw socialErrorFrom(error);
  }
}

/** True when the failure means the member's session is over (a 401): the app becomes a guest's. */
export function isSocialSessionEnded(error: unknown): boolean {
  return error instanceof SocialError && error.code === 'UNAUTHENTICATED';
}

export type { DiscoverPageQuery } from '../../domain/discover';

/** GET /api/discover: one page of people ranked for the member; 'All Communities' and an empty search send nothing. */
export function fetchDiscoverPage({ community, query, cursor }: DiscoverPageQuery): Promise<DiscoverResponse> {
  const params = new URLSearchParams();
  if (community !== 'All Communities') params.set('community', community);
  const q = query.trim();
  if (q !== '') params.set('q', q.slice(0, 200));
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return socialCall(search ? `${SOCIAL_ROUTES.discover}?${search}` : SOCIAL_ROUTES.discover, discoverResponseSchema);
}

export function fetchMemberView(id: string): Promise<MemberView> {
  return socialCall(SOCIAL_ROUTES.member(id), memberViewSchema);
}

export function fetchFriendRequests(): Promise<ListedFriendRequests> {
  return socialCall(SOCIAL_ROUTES.friendRequests, friendRequestsResponseSchema);
}

/** POST /api/friends/requests: a pending request, or (when they had asked first) one already accepted. */
export async function sendFriendRequest(toUserId: string): Promise<FriendRequest> {
  return (await socialCall(SOCIAL_ROUTES.friendRequests, friendRequestResponseSchema, { method: 'POST', body: { toUserId } })).request;
}

export async function acceptFriendRequest(requestId: string): Promise<Friend> {
  return (await socialCall(SOCIAL_ROUTES.acceptRequest(requestId), acceptResponseSchema, { method: 'POST' })).friend;
}

export async function declineFriendRequest(requestId: string): Promise<void> {
  await socialCall(SOCIAL_ROUTES.declineRequest(requestId), null, { method: 'POST' });
}

export async function cancelFriendRequest(requestId: string): Promise<void> {
  await socialCall(SOCIAL_ROUTES.cancelRequest(requestId), null, { method: 'DELETE' });
}

export async function fetchMemberFriends(): Promise<Friend[]> {
  return (await socialCall(SOCIAL_ROUTES.friends, friendsResponseSchema)).friends;
}

export async function removeMemberFriend(userId: string): Promise<void> {
  await socialCall(SOCIAL_ROUTES.friend(userId), null, { method: 'DELETE' });
}

/** The text a person sees for a failed people call; `fallback` for a failure without its own text. */
export function socialFailureText(error: unknown, fallback: string): string {
  return error instanceof SocialError ? error.message : messageFor(error, fallback);
}
