import { CURRENT_USER_ID } from '../../domain/community';
import { addFriend, friendIdsOf, removeFriend } from '../../domain/friends';
import { SAMPLE_USERS, type SampleUser } from '../../domain/sampleUsers';
import type { User } from '../../domain/user';
import { activeUserId } from '../storage/session';
import { friendsKey, usersKey } from './usersStore';

export const SAMPLE_USER_COUNT = 25;

/** docs/product.md: reseed when fewer than 25 are stored or any lacks personality or communities. */
export function needsReseed(stored: readonly User[]): boolean {
  return (
    stored.length < SAMPLE_USER_COUNT ||
    stored.some((u) => !u.personality || u.personality.trim() === '' || !u.communities || u.communities.length === 0)
  );
}

function seedCopy(): SampleUser[] {
  return SAMPLE_USERS.map((u) => ({ ...u, interests: [...u.interests], communities: [...u.communities] }));
}

/** The stored users, reseeded first when docs/product.md's rule says so. */
export function loadUsers(): User[] {
  const stored = usersKey.read();
  if (!needsReseed(stored)) return stored;
  const seeded = seedCopy();
  usersKey.write(seeded);
  return seeded;
}

export function currentUserId(): string {
  return activeUserId() || CURRENT_USER_ID;
}

export function loadFriendIds(userId = currentUserId()): string[] {
  return friendIdsOf(friendsKey.read(), userId);
}

/** The current user's friends, in the order they were added. */
export function loadFriends(userId = currentUserId()): User[] {
  const users = loadUsers();
  const byId = new Map(users.map((u) => [u.id, u]));
  return loadFriendIds(userId).flatMap((id) => {
    const user = byId.get(id);
    return user ? [user] : [];
  });
}

/** Adds a link when the rules allow it; true when a link was written. */
export function addFriendLink(friendId: string, userId = currentUserId()): boolean {
  const result = addFriend(friendsKey.read(), userId, friendId, () => crypto.randomUUID());
  if (result.added) friendsKey.write(result.links);
  return result.added;
}

export function removeFriendLink(friendId: string, userId = currentUserId()): void {
  friendsKey.write(removeFriend(friendsKey.read(), userId, friendId));
}
