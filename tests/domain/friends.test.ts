import { describe, expect, it } from 'vitest';
import { addFriend, areFriends, friendIdsOf, removeFriend } from '../../src/domain/friends';
import type { FriendLink } from '../../src/domain/user';

let n = 0;
const newId = () => `link-${++n}`;

/** Stored links named a, b, c... in order, each given as [user_id, friend_id]. */
function linksOf(...pairs: [string, string][]): FriendLink[] {
  return pairs.map(([user_id, friend_id], i) => ({ id: String.fromCharCode(97 + i), user_id, friend_id }));
}

describe('friend rules', () => {
  it('adds a link {id, user_id, friend_id} when the ids differ and they are not yet friends', () => {
    const result = addFriend([], 'user-current', 'user-3', () => 'uuid-1');
    expect(result.added).toBe(true);
    expect(result.links).toEqual([{ id: 'uuid-1', user_id: 'user-current', friend_id: 'user-3' }]);
  });

  it('refuses self', () => {
    const result = addFriend([], 'user-current', 'user-current', newId);
    expect(result).toMatchObject({ added: false, reason: 'self' });
    expect(result.links).toEqual([]);
  });

  it('refuses an existing friend, in either direction', () => {
    const links = linksOf(['user-3', 'user-current']);
    expect(addFriend(links, 'user-current', 'user-3', newId)).toMatchObject({ added: false, reason: 'already-friends' });
    expect(addFriend(links, 'user-3', 'user-current', newId)).toMatchObject({ added: false, reason: 'already-friends' });
  });

  it('removing deletes the link in both directions and leaves other links alone', () => {
    const links = linksOf(['user-current', 'user-3'], ['user-3', 'user-current'], ['user-current', 'user-4'], ['user-3', 'user-4']);
    const after = removeFriend(links, 'user-current', 'user-3');
    expect(after.map((l) => l.id)).toEqual(['c', 'd']);
    expect(areFriends(after, 'user-current', 'user-3')).toBe(false);
    expect(areFriends(after, 'user-4', 'user-current')).toBe(true);
  });

  it('lists friends of a user from both directions, each once', () => {
    const links = linksOf(['user-current', 'user-3'], ['user-5', 'user-current'], ['user-3', 'user-current'], ['user-7', 'user-8']);
    expect(friendIdsOf(links, 'user-current')).toEqual(['user-3', 'user-5']);
  });
});
