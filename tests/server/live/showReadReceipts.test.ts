import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { readAtsIn, setSafety, useChatWorld } from './support/chatWorld';
import { twoFriends } from '../social/support/members';

// 'Show read receipts from others' as the server enforces it: a member who switched it off is never told
// that their messages were read (no 'read' receipt on any socket, no readAt in history or in the answer to
// a repeated send), whatever the reader chose, and hears 'delivered' instead; it is separate from 'Send
// read receipts', and it only hides: switched back on, the reads that happened show again.

describe.each(DATABASE_KINDS)("'Show read receipts from others' in chat on %s", (kind) => {
  const world = useChatWorld(kind);


  it('off: every tab of the sender hears delivered, never read, and history shows no read; the reader still sees their own', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await setSafety(alice, { showReadReceipts: false });
    const aliceTab = await world.connect(alice);
    const aliceOtherTab = await world.connect(alice);
    const bobTab = await world.connect(bob);
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-1', text: 'one' });
    const id = aliceTab.framesOf('ack')[0]?.message.id ?? '';
    world.clock.now += 3_000;

    await world.frame(bobTab, { type: 'read', friendId: alice.id, upTo: id });

    for (const tab of [aliceTab, aliceOtherTab]) {
      expect(tab.framesOf('receipt')).toEqual([
        { type: 'receipt', friendId: bob.id, messageIds: [id], status: 'delivered', at: '2026-03-01T12:00:00.000Z' },
        { type: 'receipt', friendId: bob.id, messageIds: [id], status: 'delivered', at: '2026-03-01T12:00:03.000Z' },
      ]);
    }
    expect(await readAtsIn(alice, bob)).toEqual([null]);
    // Bob sends read receipts: his own view of the conversation shows his read.
    expect(await readAtsIn(bob, alice)).toEqual(['2026-03-01T12:00:03.000Z']);

    // A repeat of the read message (a retry after a lost answer) is answered without the read too.
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-1', text: 'one' });
    expect(aliceTab.framesOf('ack')[1]?.message).toMatchObject({ id, readAt: null, deliveredAt: '2026-03-01T12:00:00.000Z' });
  });

  it("is separate from 'Send read receipts': not sending mine, I still see theirs until I switch this off too", async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await setSafety(alice, { sendReadReceipts: false });
    const aliceTab = await world.connect(alice);
    const first = await world.send(alice, bob, 'c-1', 'first');
    await world.read(bob, alice.id, first.id);
    expect(aliceTab.framesOf('receipt').map((r) => r.status)).toEqual(['read']);
    expect(await readAtsIn(alice, bob)).toEqual(['2026-03-01T12:00:00.000Z']);

    await setSafety(alice, { showReadReceipts: false });
    const second = await world.send(alice, bob, 'c-2', 'second');
    await world.read(bob, alice.id, second.id);
    expect(aliceTab.framesOf('receipt').map((r) => r.status)).toEqual(['read', 'delivered']);
    expect(await readAtsIn(alice, bob)).toEqual([null, null]);

    // It hides, it does not undo: switched back on, both reads show again.
    await setSafety(alice, { showReadReceipts: true });
    expect(await readAtsIn(alice, bob)).toEqual(['2026-03-01T12:00:00.000Z', '2026-03-01T12:00:00.000Z']);
  });

  it("off, a read by a friend who does not send receipts still tells nothing more than delivered", async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await setSafety(alice, { showReadReceipts: false });
    await setSafety(bob, { sendReadReceipts: false });
    const aliceTab = await world.connect(alice);
    const message = await world.send(alice, bob, 'c-1', 'hi');
    await world.read(bob, alice.id, message.id);
    expect(aliceTab.framesOf('receipt')).toEqual([
      { type: 'receipt', friendId: bob.id, messageIds: [message.id], status: 'delivered', at: '2026-03-01T12:00:00.000Z' },
    ]);
    expect(await readAtsIn(alice, bob)).toEqual([null]);
  });
});
