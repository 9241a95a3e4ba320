import type { MemberDiscoverPage } from '../../../domain/discover';
import type { FriendEntry } from '../../../domain/friends';
import type { DiscoverCardWire, ListedFriendRequest } from '../../../domain/socialContract';
import { isProfileComplete } from '../../../domain/profile';
import { loadProfile } from '../../../shared/storage/profile';
import { addFriendLink, loadFriendIds, loadFriends, loadUsers, removeFriendLink } from '../../../shared/people/users';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  fetchDiscoverPage,
  fetchFriendRequests,
  fetchMemberFriends,
  isSocialSessionEnded,
  removeMemberFriend,
  sendFriendRequest,
  type DiscoverPageQuery,
} from '../../../shared/http/people';
import { PROFILE_SAVE_WAIT_MS, profileSaved } from '../../session';
import { currentViewer, reportSessionEnded } from '../../../shared/session/viewer';

// The people services the machines invoke. Each chooses by the viewer the session announces (viewer.ts): a
// guest keeps the device-only sample people exactly as docs/product.md says; a member asks the server, and
// keeps the sample friends made on this device beside the member friends. A 401 ends the session (the app
// tells the person).

/** Resolves once the session knows whether this is a member (not while it checks, signs up or logs in). */
async function isMember(): Promise<boolean> {
  return (await currentViewer()).kind === 'member';
}

async function asMember<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isSocialSessionEnded(error)) reportSessionEnded();
    throw error;
  }
}

function isSamplePerson(id: string): boolean {
  return loadUsers().some((user) => user.id === id);
}

/** Friends: the device's sample friends for everyone, after a member's friends from the server. */
export async function loadFriendsFor(): Promise<FriendEntry[]> {
  const samples = loadFriends();
  if (!(await isMember())) return samples;
  const members = await asMember(fetchMemberFriends);
  return [...members.map((friend): FriendEntry => ({ id: friend.id, username: friend.username, interests: [], kind: 'member', since: friend.since })), ...samples];
}

/** Removes a friend: a member friend on the server (both directions), a sample friend on the device. */
export async function removeFriendFor(friendId: string): Promise<void> {
  if ((await isMember()) && !isSamplePerson(friendId)) {
    await asMember(() => removeMemberFriend(friendId));
    return;
  }
  removeFriendLink(friendId);
}

export interface RequestsSnapshot {
  incoming: ListedFriendRequest[];
  outgoing: ListedFriendRequest[];
  /** The member friends' ids, so a sender can tell an outgoing request was accepted. */
  friendIds: string[];
}

/** A member's pending requests both ways and friends; a guest has none (sample friendships are instant). */
export async function loadRequestsFor(): Promise<RequestsSnapshot> {
  if (!(await isMember())) return { incoming: [], outgoing: [], friendIds: [] };
  const [requests, friends] = await asMember(() => Promise.all([fetchFriendRequests(), fetchMemberFriends()]));
  return { ...requests, friendIds: friends.map((friend) => friend.id) };
}

export type RequestAnswer = 'accept' | 'decline' | 'cancel';

export async function answerRequestFor(requestId: string, answer: RequestAnswer): Promise<void> {
  await asMember(async () => {
    if (answer === 'accept') await acceptFriendRequest(requestId);
    else if (answer === 'decline') await declineFriendRequest(requestId);
    else await cancelFriendRequest(requestId);
  });
}

export type { MemberDiscoverPage } from '../../../domain/discover';

/**
 * One page of a member's discover; nothing is asked of the server while the profile is incomplete, and
 * the ranking waits (up to PROFILE_SAVE_WAIT_MS) for the profile's last edit to reach the server, so
 * leaving onboarding or the profile ranks the profile as last edited.
 */
export async function loadDiscoverPageFor(query: DiscoverPageQuery): Promise<MemberDiscoverPage> {
  const viewer = await currentViewer();
  if (viewer.kind === 'member') await profileSaved(viewer.memberId, PROFILE_SAVE_WAIT_MS);
  const sampleFriendIds = loadFriendIds();
  if (!isProfileComplete(loadProfile())) return { complete: false, cards: [], nextCursor: null, sampleFriendIds };
  const page = await asMember(() => fetchDiscoverPage(query));
  return { complete: true, ...page, sampleFriendIds };
}

/** 'Add Friend' on a card: a sample person becomes a friend at once on the device; a member is asked. */
export async function befriendFor(person: Pick<DiscoverCardWire, 'id' | 'kind'>): Promise<{ relation: 'outgoing' | 'friends' }> {
  if (person.kind === 'sample') {
    addFriendLink(person.id);
    return { relation: 'friends' };
  }
  const request = await asMember(() => sendFriendRequest(person.id));
  return { relation: request.status === 'accepted' ? 'friends' : 'outgoing' };
}
