import { describe, expect, it } from 'vitest';
import {
  belongsTo,
  fromServer,
  markOf,
  markText,
  mergeMessage,
  newestFromFriend,
  oldestId,
  withEarlier,
  withHistory,
  withLatest,
  withReceipt,
  type TrackedMessage,
} from '../../src/domain/memberChat';
import type { MemberMessage } from '../../src/domain/liveContract';

// A chat between two members as the device shows it: each message held once, however it arrives (my
// send's 'ack', the 'message' echo, a history page), with the Sent / Delivered / Read marks. On the client a
// message's id is its client id; the server's id is part of its delivery.

const ME = 'me-1';
const FRIEND = 'friend-1';

function message(overrides: Partial<MemberMessage> = {}): MemberMessage {
  return { id: '1', clientId: 'c-1', from: ME, to: FRIEND, text: 'hi', sentAt: '2026-01-01T10:00:00Z', deliveredAt: null, readAt: null, ...overrides };
}

interface EntryFields {
  /** The server's id. */
  id: string | null;
  clientId: string;
  mine: boolean;
  text: string;
  sentAt: string;
  deliveredAt: string | null;
  readAt: string | null;
  error: string | null;
}

/** A message of this chat from the fields a test names (mine, stored as '1', sent, not yet delivered, by default). */
function entry(overrides: Partial<EntryFields> = {}): TrackedMessage {
  const f: EntryFields = { id: '1', clientId: 'c-1', mine: true, text: 'hi', sentAt: '2026-01-01T10:00:00Z', deliveredAt: null, readAt: null, error: null, ...overrides };
  return {
    id: f.clientId,
    text: f.text,
    sender: f.mine ? 'user' : 'other',
    timestamp: f.sentAt,
    type: 'text',
    delivery: { serverId: f.id, deliveredAt: f.deliveredAt, readAt: f.readAt, error: f.error },
  };
}

const pending = (clientId: string, text = 'later'): TrackedMessage => entry({ id: null, clientId, text });
const ids = (messages: readonly TrackedMessage[]) => messages.map((e) => e.delivery.serverId);

describe('fromServer', () => {
  it('is the user\'s when it went to the friend, the other\'s when it came from them, keyed by its client id', () => {
    expect(fromServer(message({ deliveredAt: '2026-01-01T10:00:01Z', readAt: '2026-01-01T10:00:02Z' }), FRIEND)).toEqual({
      id: 'c-1',
      text: 'hi',
      sender: 'user',
      timestamp: '2026-01-01T10:00:00Z',
      type: 'text',
      delivery: { serverId: '1', deliveredAt: '2026-01-01T10:00:01Z', readAt: '2026-01-01T10:00:02Z', error: null },
    });
    expect(fromServer(message({ from: FRIEND, to: ME }), FRIEND).sender).toBe('other');
  });
});

describe('belongsTo', () => {
  it('takes messages either way between me and this friend only', () => {
    expect(belongsTo(message({ from: ME, to: FRIEND }), FRIEND)).toBe(true);
    expect(belongsTo(message({ from: FRIEND, to: ME }), FRIEND)).toBe(true);
    expect(belongsTo(message({ from: 'other', to: ME }), FRIEND)).toBe(false);
    expect(belongsTo(message({ from: ME, to: 'other' }), FRIEND)).toBe(false);
  });
});

describe('mergeMessage', () => {
  it('adds a new message at the end', () => {
    const merged = mergeMessage([entry({ id: '1' })], entry({ id: '2', clientId: 'c-2' }));
    expect(ids(merged)).toEqual(['1', '2']);
  });

  it('fills in my waiting message when its ack arrives (matched by client id), clearing any error', () => {
    const waiting = entry({ id: null, clientId: 'c-9', error: 'old error' });
    const merged = mergeMessage([waiting], entry({ id: '9', clientId: 'c-9' }));
    expect(merged).toEqual([entry({ id: '9', clientId: 'c-9', error: null })]);
  });

  it('does not match two messages by client id unless both are mine', () => {
    const friends = entry({ id: '5', clientId: 'same', mine: false });
    expect(mergeMessage([friends], entry({ id: null, clientId: 'same', mine: true }))).toHaveLength(2);
    expect(mergeMessage([entry({ id: null, clientId: 'same' })], entry({ id: '6', clientId: 'same', mine: false }))).toHaveLength(2);
  });

  it('two waiting messages with different client ids stay two', () => {
    expect(mergeMessage([pending('a')], pending('b'))).toHaveLength(2);
  });

  it('a late echo keeps the delivered and read marks already seen', () => {
    const read = entry({ id: '3', deliveredAt: '2026-01-01T10:00:01Z', readAt: '2026-01-01T10:00:02Z' });
    const [merged] = mergeMessage([read], entry({ id: '3', text: 'hi again' }));
    expect(merged).toEqual(entry({ id: '3', text: 'hi again', deliveredAt: '2026-01-01T10:00:01Z', readAt: '2026-01-01T10:00:02Z' }));
  });

  it('a read mark also counts as delivered when no delivery was heard', () => {
    const [merged] = mergeMessage([entry({ id: '3' })], entry({ id: '3', readAt: '2026-01-01T10:00:05Z' }));
    expect(merged!.delivery.deliveredAt).toBe('2026-01-01T10:00:05Z');
    const [known] = mergeMessage([entry({ id: '3', readAt: '2026-01-01T10:00:07Z' })], entry({ id: '3' }));
    expect(known!.delivery.deliveredAt).toBe('2026-01-01T10:00:07Z');
  });

  it('a newer delivered time from the server wins over the one known', () => {
    const [merged] = mergeMessage([entry({ id: '3', deliveredAt: 'old' })], entry({ id: '3', deliveredAt: 'new' }));
    expect(merged!.delivery.deliveredAt).toBe('new');
  });

  it('keeps the id and the error of a refused waiting message when another word on it has no id', () => {
    const refused = entry({ id: null, clientId: 'c-4', error: 'You can only message your friends.' });
    const [merged] = mergeMessage([refused], entry({ id: null, clientId: 'c-4' }));
    expect(merged!.delivery.error).toBe('You can only message your friends.');
    const [kept] = mergeMessage([entry({ id: '8', clientId: 'c-8' })], entry({ id: null, clientId: 'c-8' }));
    expect(kept!.delivery.serverId).toBe('8');
  });

  it('updates only the matching entry', () => {
    const list = [entry({ id: '1', clientId: 'a' }), entry({ id: '2', clientId: 'b' }), entry({ id: '3', clientId: 'c' })];
    const merged = mergeMessage(list, entry({ id: '2', clientId: 'b', text: 'edited' }));
    expect(merged.map((e) => e.text)).toEqual(['hi', 'edited', 'hi']);
  });
});

describe('withHistory', () => {
  it('puts the page first, then what arrived meanwhile and is not in it', () => {
    const page = [entry({ id: '1', clientId: 'a' }), entry({ id: '2', clientId: 'b' })];
    const current = [entry({ id: '2', clientId: 'b', readAt: 'r' }), pending('z')];
    const result = withHistory(page, current);
    expect(ids(result)).toEqual(['1', '2', null]);
    expect(result[1]!.delivery.readAt).toBe('r');
  });
});

describe('withLatest', () => {
  it('puts missed messages in server order, shorter ids first, and mine still waiting last', () => {
    const current = [pending('w'), entry({ id: '9', clientId: 'a' }), entry({ id: '10', clientId: 'b' })];
    const page = [entry({ id: '11', clientId: 'c' }), entry({ id: '10', clientId: 'b' }), entry({ id: '100', clientId: 'd' })];
    expect(ids(withLatest(page, current))).toEqual(['9', '10', '11', '100', null]);
  });

  it('orders ids of the same length as text', () => {
    const page = [entry({ id: '13', clientId: 'x' }), entry({ id: '12', clientId: 'y' })];
    expect(ids(withLatest(page, [entry({ id: '14', clientId: 'z' })]))).toEqual(['12', '13', '14']);
  });

  it('keeps two waiting messages in the order they were written, after every stored one', () => {
    const current = [pending('p1', 'first'), pending('p2', 'second')];
    const result = withLatest([entry({ id: '5', clientId: 'x' })], current);
    expect(result.map((e) => e.text)).toEqual(['hi', 'first', 'second']);
  });
});

describe('withEarlier', () => {
  it('puts an earlier page before what is shown, without repeating a message', () => {
    const current = [entry({ id: '3', clientId: 'c' }), entry({ id: '4', clientId: 'd' })];
    const page = [entry({ id: '1', clientId: 'a' }), entry({ id: '2', clientId: 'b' }), entry({ id: '3', clientId: 'c' })];
    expect(ids(withEarlier(page, current))).toEqual(['1', '2', '3', '4']);
  });
});

describe('withReceipt', () => {
  const list = () => [
    entry({ id: '1', clientId: 'a' }),
    entry({ id: '2', clientId: 'b', mine: false }),
    entry({ id: '3', clientId: 'c', deliveredAt: 'earlier' }),
    entry({ id: '4', clientId: 'd' }),
    pending('e'),
  ];

  it('marks the listed message and every earlier one of mine as delivered', () => {
    const result = withReceipt(list(), ['3'], 'delivered', 'T');
    expect(result.map(({ delivery }) => [delivery.serverId, delivery.deliveredAt, delivery.readAt])).toEqual([
      ['1', 'T', null],
      ['2', null, null],
      ['3', 'earlier', null],
      ['4', null, null],
      [null, null, null],
    ]);
  });

  it('marks them read (and delivered when not yet)', () => {
    const result = withReceipt(list(), ['4'], 'read', 'R');
    expect(result.map(({ delivery }) => [delivery.serverId, delivery.deliveredAt, delivery.readAt])).toEqual([
      ['1', 'R', 'R'],
      ['2', null, null],
      ['3', 'earlier', 'R'],
      ['4', 'R', 'R'],
      [null, null, null],
    ]);
  });

  it('leaves my messages that still wait for the server unmarked', () => {
    const result = withReceipt([pending('p'), entry({ id: '1', clientId: 'a' })], ['1'], 'read', 'R');
    expect(result.map(({ delivery }) => [delivery.serverId, delivery.deliveredAt, delivery.readAt])).toEqual([
      [null, null, null],
      ['1', 'R', 'R'],
    ]);
  });

  it('keeps a read time already known', () => {
    const [first] = withReceipt([entry({ id: '1', readAt: 'first', deliveredAt: 'd' })], ['1'], 'read', 'second');
    expect(first!.delivery).toMatchObject({ readAt: 'first', deliveredAt: 'd' });
  });

  it('counts up to the last listed message it knows; unknown ids change nothing', () => {
    const result = withReceipt(list(), ['1', '99'], 'delivered', 'T');
    expect(result.map((e) => e.delivery.deliveredAt)).toEqual(['T', null, 'earlier', null, null]);
    expect(withReceipt(list(), ['99'], 'read', 'T')).toEqual(list());
  });
});

describe('marks', () => {
  it('is pending without an id, then Sent, Delivered, Read', () => {
    expect(markOf(pending('x'))).toBe('pending');
    expect(markText(pending('x'))).toBeNull();
    expect([markOf(entry()), markText(entry())]).toEqual(['sent', 'Sent']);
    expect([markOf(entry({ deliveredAt: 'd' })), markText(entry({ deliveredAt: 'd' }))]).toEqual(['delivered', 'Delivered']);
    expect([markOf(entry({ deliveredAt: 'd', readAt: 'r' })), markText(entry({ readAt: 'r' }))]).toEqual(['read', 'Read']);
  });
});

describe('newestFromFriend and oldestId', () => {
  it('finds the friend\'s newest stored message and the first stored id', () => {
    const list = [pending('p'), entry({ id: '1', mine: false }), entry({ id: '2', clientId: 'b' }), entry({ id: '3', clientId: 'c', mine: false }), entry({ id: null, clientId: 'q', mine: false })];
    expect(newestFromFriend(list)).toBe('3');
    expect(oldestId(list)).toBe('1');
  });

  it('is null when there is none', () => {
    expect(newestFromFriend([entry({ id: '1' }), pending('p')])).toBeNull();
    expect(oldestId([pending('p')])).toBeNull();
    expect(oldestId([])).toBeNull();
  });
});
