import { describe, expect, it } from 'vitest';
import { byLatestMessage, unreadTotal } from '../../src/domain/conversations';
import type { Conversation } from '../../src/domain/liveContract';

// The Friends tab's conversation list: newest message first, friends without a message yet
// after them by name, and the badge counting unread messages over all of them.

function conversation(username: string, sentAt: string | null, unread = 0, muted = false): Conversation {
  return {
    friendId: `id-${username}`,
    username,
    picture: null,
    lastMessage: sentAt === null ? null : { from: `id-${username}`, text: 'hi', sentAt },
    unread,
    online: false,
    muted,
  };
}

describe('byLatestMessage', () => {
  it('puts the newest message first and friends without messages last, by name', () => {
    const list = [
      conversation('zoe', null),
      conversation('old', '2026-01-01T09:00:00Z'),
      conversation('amy', null),
      conversation('new', '2026-01-02T09:00:00Z'),
      conversation('mid', '2026-01-01T12:00:00Z'),
    ];
    expect(byLatestMessage(list).map((c) => c.username)).toEqual(['new', 'mid', 'old', 'amy', 'zoe']);
  });

  it('keeps a conversation with a message before one without, whichever comes first', () => {
    expect(byLatestMessage([conversation('a', null), conversation('b', '2026-01-01T09:00:00Z')]).map((c) => c.username)).toEqual(['b', 'a']);
    expect(byLatestMessage([conversation('b', '2026-01-01T09:00:00Z'), conversation('a', null)]).map((c) => c.username)).toEqual(['b', 'a']);
  });

  it('leaves the given list as it was', () => {
    const list = [conversation('b', null), conversation('a', null)];
    byLatestMessage(list);
    expect(list.map((c) => c.username)).toEqual(['b', 'a']);
  });
});

describe('unreadTotal', () => {
  it('adds the unread messages of every conversation', () => {
    expect(unreadTotal([conversation('a', null, 2), conversation('b', null, 0), conversation('c', null, 5)])).toBe(7);
    expect(unreadTotal([])).toBe(0);
  });

  it('leaves out the unread of a muted conversation, which still counts on its own row', () => {
    const muted = conversation('m', null, 4, true);
    expect(unreadTotal([conversation('a', null, 2), muted])).toBe(2);
    expect(muted.unread).toBe(4);
  });
});
