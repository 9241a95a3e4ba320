import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { json, readAtsIn, setSafety, useChatWorld } from './support/chatWorld';
import { twoFriends, type TestMember } from '../social/support/members';

// 'Send read receipts' and 'Send typing indicator' as the server enforces them in the live chat: a
// reader who does not send receipts is never shown as having read (not live, not in history, not
// after switching back on), yet still sees the friend's receipts (showReadReceipts.test.ts, beside
// 'Show read receipts from others'); a typist who does not send typing never reaches the friend's
// tab, whatever their client sends.

describe.each(DATABASE_KINDS)("'Privacy and safety' in chat on %s", (kind) => {
  const world = useChatWorld(kind);

  const unreadFrom = async (viewer: TestMember, friend: TestMember) =>
    (await json<{ conversations: { friendId: string; unread: number }[] }>(await viewer.browser.request('GET', '/api/chats'))).conversations.find(
      (c) => c.friendId === friend.id,
    )?.unread;

  it("'Send read receipts' off: the sender hears delivered and never read, and the reader's unread still clears", async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await setSafety(bob, { sendReadReceipts: false });
    const aliceTab = await world.connect(alice);
    const bobTab = await world.connect(bob);
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-1', text: 'one' });
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-2', text: 'two' });
    const ids = aliceTab.framesOf('ack').map((f) => f.message.id);
    world.clock.now += 5_000;

    await world.frame(bobTab, { type: 'read', friendId: alice.id, upTo: ids[1] ?? '' });

    expect(aliceTab.framesOf('receipt').map((r) => r.status)).toEqual(['delivered', 'delivered']);
    expect(await readAtsIn(alice, bob)).toEqual([null, null]);
    expect(await readAtsIn(bob, alice)).toEqual([null, null]);
    expect(await unreadFrom(bob, alice)).toBe(0);

    // Switching receipts back on does not reveal the reads made while they were off.
    await setSafety(bob, { sendReadReceipts: true });
    expect(await readAtsIn(alice, bob)).toEqual([null, null]);
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-3', text: 'three' });
    const third = aliceTab.framesOf('ack')[2]?.message.id ?? '';
    await world.frame(bobTab, { type: 'read', friendId: alice.id, upTo: third });
    expect(aliceTab.framesOf('receipt').filter((r) => r.status === 'read')).toEqual([
      { type: 'receipt', friendId: bob.id, messageIds: [third], status: 'read', at: '2026-03-01T12:00:05.000Z' },
    ]);
    expect(await readAtsIn(alice, bob)).toEqual([null, null, '2026-03-01T12:00:05.000Z']);
  });

  it('a private read of a message that had not arrived yet tells the sender it was delivered', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await setSafety(bob, { sendReadReceipts: false });
    const aliceTab = await world.connect(alice);
    const message = await world.send(alice, bob, 'c-1', 'while you were away');
    world.clock.now += 2_000;

    expect(await world.read(bob, alice.id, message.id)).toEqual([]);
    expect(aliceTab.framesOf('receipt')).toEqual([
      { type: 'receipt', friendId: bob.id, messageIds: [message.id], status: 'delivered', at: '2026-03-01T12:00:02.000Z' },
    ]);
  });

  it("'Send typing indicator' off: the friend never sees my typing, I still see theirs, and on again it passes", async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const aliceTab = await world.connect(alice);
    const bobTab = await world.connect(bob);
    await setSafety(alice, { sendTypingIndicator: false });

    expect(await world.frame(aliceTab, { type: 'typing', to: bob.id })).toBe(true);
    await world.frame(bobTab, { type: 'typing', to: alice.id });
    expect(bobTab.frames).toEqual([]);
    expect(aliceTab.frames).toEqual([{ type: 'typing', from: bob.id }]);

    await setSafety(alice, { sendTypingIndicator: true });
    await world.frame(aliceTab, { type: 'typing', to: bob.id });
    expect(bobTab.frames).toEqual([{ type: 'typing', from: alice.id }]);
  });
});
