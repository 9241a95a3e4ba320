import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { json, useChatWorld } from './support/chatWorld';
import { twoFriends } from '../social/support/members';

// Chat on the live socket, through the feature the hub plugs in: acks, live delivery to the friend
// and the sender's other tabs, exactly once per client id, delivered and read receipts, typing.

describe.each(DATABASE_KINDS)('chat on the live socket on %s', (kind) => {
  const world = useChatWorld(kind);

  async function friends() {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    return { alice, bob };
  }

  /** Alice and Bob, friends, and Carol, a stranger to both, each with one tab open. */
  async function friendsAndAStrangerOnline() {
    const { alice, bob } = await friends();
    const carol = await world.member('Carol');
    return { alice, bob, aliceTab: await world.connect(alice), bobTab: await world.connect(bob), carolTab: await world.connect(carol) };
  }

  it("acks a send, delivers it to the friend and the sender's other tab, and tells the sender it was delivered", async () => {
    const { alice, bob } = await friends();
    const aliceTab = await world.connect(alice);
    const aliceOtherTab = await world.connect(alice);
    const bobTab = await world.connect(bob);
    world.clock.now += 1_000;

    expect(await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-1', text: 'hi Bob' })).toBe(true);

    const [ack] = aliceTab.framesOf('ack');
    expect(ack).toEqual({
      type: 'ack',
      clientId: 'c-1',
      message: { id: expect.stringMatching(/^[0-9]+$/) as string, clientId: 'c-1', from: alice.id, to: bob.id, text: 'hi Bob', sentAt: '2026-03-01T12:00:01.000Z', deliveredAt: null, readAt: null },
    });
    const id = ack?.message.id ?? '';
    expect(bobTab.framesOf('message').map((f) => f.message)).toEqual([ack?.message]);
    expect(aliceOtherTab.framesOf('message').map((f) => f.message.id)).toEqual([id]);
    const receipt = { type: 'receipt', friendId: bob.id, messageIds: [id], status: 'delivered', at: '2026-03-01T12:00:01.000Z' };
    expect(aliceTab.framesOf('receipt')).toEqual([receipt]);
    expect(aliceOtherTab.framesOf('receipt')).toEqual([receipt]);
    expect(bobTab.framesOf('receipt')).toEqual([]);
  });

  it('stores and delivers a client id once: a repeated send is acked again with the same message', async () => {
    const { alice, bob } = await friends();
    const aliceTab = await world.connect(alice);
    const bobTab = await world.connect(bob);

    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'retry-me', text: 'only once' });
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'retry-me', text: 'only once' });

    const acks = aliceTab.framesOf('ack');
    expect(acks).toHaveLength(2);
    expect(acks[1]?.message.id).toBe(acks[0]?.message.id);
    expect(bobTab.framesOf('message').map((f) => f.message.text)).toEqual(['only once']);
    expect(aliceTab.framesOf('receipt')).toHaveLength(1);
    expect(await world.database.db.selectFrom('messages').select('text').execute()).toEqual([{ text: 'only once' }]);
  });

  it('stores sends arriving together once each: one client id sent from two tabs at once is one message, and a stranger in the same moment is refused', async () => {
    const { alice, bob, aliceTab, bobTab, carolTab } = await friendsAndAStrangerOnline();
    const aliceOtherTab = await world.connect(alice);

    await Promise.all([
      world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'same', text: 'from two tabs' }),
      world.frame(aliceOtherTab, { type: 'send', to: bob.id, clientId: 'same', text: 'from two tabs' }),
      world.frame(bobTab, { type: 'send', to: alice.id, clientId: 'b-1', text: 'hello Alice' }),
      world.frame(carolTab, { type: 'send', to: bob.id, clientId: 'c-1', text: 'let me in' }),
    ]);

    const [first] = aliceTab.framesOf('ack');
    const [second] = aliceOtherTab.framesOf('ack');
    expect(second?.message.id).toBe(first?.message.id);
    expect(bobTab.framesOf('message').filter((f) => f.message.to === bob.id).map((f) => f.message.text)).toEqual(['from two tabs']);
    expect(aliceTab.framesOf('message').filter((f) => f.message.to === alice.id).map((f) => f.message.text)).toEqual(['hello Alice']);
    expect(bobTab.framesOf('ack').map((f) => f.message.text)).toEqual(['hello Alice']);
    expect(carolTab.frames).toEqual([{ type: 'error', code: 'NOT_FRIENDS', message: 'You can only message your friends.', clientId: 'c-1' }]);
    const texts = await world.database.db.selectFrom('messages').select('text').orderBy('text').execute();
    expect(texts).toEqual([{ text: 'from two tabs' }, { text: 'hello Alice' }]);
  });

  it('answers a send to a non-friend or to someone who blocked the sender with the same error frame naming its client id', async () => {
    const { alice, bob } = await friends();
    const carol = await world.member('Carol');
    const aliceTab = await world.connect(alice);
    const carolTab = await world.connect(carol);

    await world.frame(aliceTab, { type: 'send', to: carol.id, clientId: 'c-1', text: 'hi stranger' });
    expect((await bob.browser.request('POST', '/api/blocks', { userId: alice.id })).status).toBe(201);
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-2', text: 'hi Bob' });

    expect(aliceTab.frames).toEqual([
      { type: 'error', code: 'NOT_FRIENDS', message: 'You can only message your friends.', clientId: 'c-1' },
      // Blocked by Bob, Alice hears what any stranger hears.
      { type: 'error', code: 'NOT_FRIENDS', message: 'You can only message your friends.', clientId: 'c-2' },
    ]);
    expect(carolTab.frames).toEqual([]);
    expect(await world.database.db.selectFrom('messages').selectAll().execute()).toEqual([]);
  });

  it('marks what waited for an offline member delivered when they connect, and tells the sender', async () => {
    const { alice, bob } = await friends();
    const aliceTab = await world.connect(alice);
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-1', text: 'one' });
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-2', text: 'two' });
    expect(aliceTab.framesOf('receipt')).toEqual([]);
    const ids = aliceTab.framesOf('ack').map((f) => f.message.id);
    world.clock.now += 60_000;

    const bobTab = await world.connect(bob);

    expect(aliceTab.framesOf('receipt')).toEqual([{ type: 'receipt', friendId: bob.id, messageIds: ids, status: 'delivered', at: '2026-03-01T12:01:00.000Z' }]);
    // Bob reads them from history; the socket does not replay them.
    expect(bobTab.frames).toEqual([]);
    const history = await json<{ messages: { deliveredAt: string | null }[] }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages`));
    expect(history.messages.map((m) => m.deliveredAt)).toEqual(['2026-03-01T12:01:00.000Z', '2026-03-01T12:01:00.000Z']);
  });

  it('turns a read frame into a read receipt for the sender, and refuses it for a non-friend', async () => {
    const { alice, bob, aliceTab, bobTab, carolTab } = await friendsAndAStrangerOnline();
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-1', text: 'one' });
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'c-2', text: 'two' });
    const ids = aliceTab.framesOf('ack').map((f) => f.message.id);
    world.clock.now += 5_000;

    await world.frame(bobTab, { type: 'read', friendId: alice.id, upTo: ids[1] ?? '' });
    // Reading again changes nothing and tells no one.
    await world.frame(bobTab, { type: 'read', friendId: alice.id, upTo: ids[1] ?? '' });
    await world.frame(carolTab, { type: 'read', friendId: alice.id, upTo: ids[1] ?? '' });

    expect(aliceTab.framesOf('receipt').filter((r) => r.status === 'read')).toEqual([
      { type: 'receipt', friendId: bob.id, messageIds: ids, status: 'read', at: '2026-03-01T12:00:05.000Z' },
    ]);
    expect(carolTab.frames).toEqual([{ type: 'error', code: 'NOT_FRIENDS', message: 'You can only message your friends.' }]);
    // A read that went through is not answered on the reader's socket.
    expect(bobTab.frames.filter((frame) => frame.type !== 'message')).toEqual([]);
  });

  it('ignores bus events for messages that do not exist', async () => {
    const { alice } = await friends();
    const aliceTab = await world.connect(alice);
    await world.bus.publish({ kind: 'message', id: '999999' });
    await world.bus.publish({ kind: 'message', id: 'not-an-id' });
    await world.settle();
    expect(aliceTab.frames).toEqual([]);
  });

  it('passes typing to the friend only, and refuses it for a non-friend', async () => {
    const { alice, bob, aliceTab, bobTab, carolTab } = await friendsAndAStrangerOnline();

    await world.frame(aliceTab, { type: 'typing', to: bob.id });
    await world.frame(carolTab, { type: 'typing', to: bob.id });

    expect(bobTab.frames).toEqual([{ type: 'typing', from: alice.id }]);
    expect(aliceTab.frames).toEqual([]);
    expect(carolTab.frames).toEqual([{ type: 'error', code: 'NOT_FRIENDS', message: 'You can only message your friends.' }]);
  });

  it('leaves frames of other features to them', async () => {
    const { alice } = await friends();
    const aliceTab = await world.connect(alice);
    expect(await world.frame(aliceTab, { type: 'debate.cancel' })).toBe(false);
    expect(aliceTab.frames).toEqual([]);
  });
});
