import { fetchMemberFriends } from '../../../shared/http/people';

// A message frame names its sender by id only; the notice says their name, from the member's friends list
// (GET /api/friends). Names are kept for the page's life: a friend's username does not change under them.

const names = new Map<string, string>();

/** The friend's username, or null when they are not (or no longer) among the member's friends. */
export async function friendNameFor(friendId: string): Promise<string | null> {
  const known = names.get(friendId);
  if (known !== undefined) return known;
  for (const friend of await fetchMemberFriends()) names.set(friend.id, friend.username);
  return names.get(friendId) ?? null;
}
