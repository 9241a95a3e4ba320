import type { FriendLink } from './user';

/** Everyone linked to `userId`, in either direction, each once. */
export function friendIdsOf(links: readonly FriendLink[], userId: string): string[] {
  const ids = new Set<string>();
  for (const link of links) {
    if (link.user_id === userId) ids.add(link.friend_id);
    else if (link.friend_id === userId) ids.add(link.user_id);
  }
  return [...ids];
}

export function areFriends(links: readonly FriendLink[], a: string, b: string): boolean {
  return links.some((l) => (l.user_id === a && l.friend_id === b) || (l.user_id === b && l.friend_id === a));
}

export type AddFriendResult =
  | { added: true; links: FriendLink[]; link: FriendLink }
  | { added: false; links: readonly FriendLink[]; reason: 'self' | 'already-friends' };

/** docs/product.md: succeeds only when the ids differ and the two are not already friends. */
export function addFriend(links: readonly FriendLink[], userId: string, friendId: string, newId: () => string): AddFriendResult {
  if (userId === friendId) return { added: false, links, reason: 'self' };
  if (areFriends(links, userId, friendId)) return { added: false, links, reason: 'already-friends' };
  const link: FriendLink = { id: newId(), user_id: userId, friend_id: friendId };
  return { added: true, links: [...links, link], link };
}

/** Removing deletes the link in both directions. */
export function removeFriend(links: readonly FriendLink[], userId: string, friendId: string): FriendLink[] {
  return links.filter(
    (l) => !((l.user_id === userId && l.friend_id === friendId) || (l.user_id === friendId && l.friend_id === userId)),
  );
}

/**
 * Someone on the Friends screen: a sample person kept on the device (no `kind`, as the stored users carry
 * none) or a member friend from the server, who has no AI persona to chat with.
 */
export interface FriendEntry {
  id: string;
  username: string;
  interests: string[];
  kind?: 'member';
  /** When a member friendship began (ISO time), from the server. */
  since?: string;
}
