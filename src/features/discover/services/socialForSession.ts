import type { BefriendAnswer, DiscoverPage, DiscoverPerson } from '../../../domain/discover';
import type { FriendEntry } from '../../../domain/friends';
import type { ListedFriendRequest } from '../../../domain/socialContract';
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
import type { ViewerSource } from '../../../shared/session/viewer';
import { befriendOnDevice, type GuestDevice } from './guestDiscover';

// The people services the machines invoke. Each chooses by the viewer the session announces (the app's ViewerSource): a
// guest keeps the device-only sample people exactly as docs/product.md says; a member asks the server, and
// keeps the sample friends made on this device beside the member friends. A 401 ends the session (the app
// tells the person).

/** Resolves once the session knows whether this is a member (not while it checks, signs up or logs in). */
async function isMember(viewer: ViewerSource): Promise<boolean> {
  return (await viewer.current()).kind === 'member';
}

async function asMember<T>(viewer: ViewerSource, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isSocialSessionEnded(error)) viewer.reportSessionEnded();
    throw error;
  }
}

function isSamplePerson(id: string): boolean {
  return loadUsers().some((user) => user.id === id);
}

/** Friends: the device's sample friends for everyone, after a member's friends from the server. */
export async function loadFriendsFor(viewer: ViewerSource): Promise<FriendEntry[]> {
  const samples = loadFriends();
  if (!(await isMember(viewer))) return samples;
  const members = await asMember(viewer, fetchMemberFriends);
  return [...members.map((friend): FriendEntry => ({ id: friend.id, username: friend.username, interests: [], kind: 'member', since: friend.since })), ...samples];
}

/** Removes a friend: a member friend on the server (both directions), a sample friend on the device. */
export async function removeFriendFor(viewer: ViewerSource, friendId: string): Promise<void> {
  if ((await isMember(viewer)) && !isSamplePerson(friendId)) {
    await asMember(viewer, () => removeMemberFriend(friendId));
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
export async function loadRequestsFor(viewer: ViewerSource): Promise<RequestsSnapshot> {
  if (!(await isMember(viewer))) return { incoming: [], outgoing: [], friendIds: [] };
  const [requests, friends] = await asMember(viewer, () => Promise.all([fetchFriendRequests(), fetchMemberFriends()]));
  return { ...requests, friendIds: friends.map((friend) => friend.id) };
}

export type RequestAnswer = 'accept' | 'decline' | 'cancel';

export async function answerRequestFor(viewer: ViewerSource, requestId: string, answer: RequestAnswer): Promise<void> {
  await asMember(viewer, async () => {
    if (answer === 'accept') await acceptFriendRequest(requestId);
    else if (answer === 'decline') await declineFriendRequest(requestId);
    else await cancelFriendRequest(requestId);
  });
}

/** This device's profile, sample people and friend links. */
export const thisDevice: GuestDevice = {
  profile: loadProfile,
  people: loadUsers,
  friendIds: () => loadFriendIds(),
  addFriend: (id) => addFriendLink(id),
};

/**
 * One page of a member's discover; nothing is asked of the server while the profile is incomplete, and
 * the ranking waits (up to PROFILE_SAVE_WAIT_MS) for the profile's last edit to reach the server, so
 * leaving onboarding or the profile ranks the profile as last edited.
 */
export async function loadDiscoverPageFor(source: ViewerSource, query: DiscoverPageQuery): Promise<DiscoverPage> {
  const viewer = await source.current();
  if (viewer.kind === 'member') await profileSaved(viewer.memberId, PROFILE_SAVE_WAIT_MS);
  const sampleFriendIds = loadFriendIds();
  if (!isProfileComplete(loadProfile())) return { complete: false, cards: [], nextCursor: null, sampleFriendIds };
  const page = await asMember(source, () => fetchDiscoverPage(query));
  return { complete: true, ...page, sampleFriendIds };
}

/** 'Add Friend' on a card: a sample person becomes a friend at once on the device; a member is asked. */
export async function befriendFor(viewer: ViewerSource, person: DiscoverPerson): Promise<BefriendAnswer> {
  if (person.kind === 'sample') return befriendOnDevice(thisDevice, person.id);
  const request = await asMember(viewer, () => sendFriendRequest(person.id));
  return { relation: request.status === 'accepted' ? 'friends' : 'outgoing' };
}
