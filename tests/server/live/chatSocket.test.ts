import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import type { Frame } from './support/liveClient';
import { useLiveWorld } from './support/liveWorld';
import { twoFriends } from '../social/support/members';

// Chat through the real hub and bus, as two members' tabs hear it on /api/live.

const isMessage = (text: string) => (frame: Frame) => frame.type === 'message' && (frame.message as { text: string }).text === text;

describe.each(DATABASE_KINDS)('chat through /api/live on %s', (kind) => {
  const world = useLiveWorld(kind);

  async function friends() {
    const [ada, bob] = await twoFriends(world, 'Ada', 'Bob');
    return { ada, bob };
  }

  it("delivers a message to the friend's tab, acks it, and tells the sender it was delivered", async () => {
    const { ada, bob } = await friends();
    const adaTab = await world.open(ada);
    const bobTab = await world.open(bob);

    adaTab.send({ type: 'send', to: bob.id, clientId: 'c-1', text: 'hello Bob' });

    const ack = await adaTab.waitFor((frame) => frame.type === 'ack');
    const heard = await bobTab.waitFor(isMessage('hello Bob'));
    const { id, sentAt } = ack.message as { id: string; sentAt: string };
    // deliveredAt may already be set: Bob's tab hears 'ready' before what waited for him is marked delivered.
    expect(heard.message).toMatchObject({ id, sentAt, clientId: 'c-1', from: ada.id, to: bob.id, text: 'hello Bob', readAt: null });
    const receipt = await adaTab.waitFor((frame) => frame.type === 'receipt');
    expect(receipt).toMatchObject({ type: 'receipt', friendId: bob.id, messageIds: [id], status: 'delivered' });
  });

  it('delivers a client id once even when the tab sends it twice', async () => {
    const { ada, bob } = await friends();
    const adaTab = await world.open(ada);
    const bobTab = await world.open(bob);

    adaTab.send({ type: 'send', to: bob.id, clientId: 'twice', text: 'only once' });
    adaTab.send({ type: 'send', to: bob.id, clientId: 'twice', text: 'only once' });
    adaTab.send({ type: 'send', to: bob.id, clientId: 'after', text: 'after it' });
    // Frames of one socket are handled in order, and bus events too: once 'after it' arrives, any second copy would have.
    await bobTab.waitFor(isMessage('after it'));

    expect(bobTab.frames.filter(isMessage('only once'))).toHaveLength(1);
    expect(adaTab.frames.filter((frame) => frame.type === 'ack' && frame.clientId === 'twice')).toHaveLength(2);
  });

  it('tells the sender a message was delivered when the offline friend comes online', async () => {
    const { ada, bob } = await friends();
    const adaTab = await world.open(ada);
    adaTab.send({ type: 'send', to: bob.id, clientId: 'c-1', text: 'while you were out' });
    const ack = await adaTab.waitFor((frame) => frame.type === 'ack');

    await world.open(bob);

    expect(await adaTab.waitFor((frame) => frame.type === 'receipt')).toMatchObject({
      friendId: bob.id,
      messageIds: [(ack.message as { id: string }).id],
      status: 'delivered',
    });
  });

  it('passes typing and read marks between the friends', async () => {
    const { ada, bob } = await friends();
    const adaTab = await world.open(ada);
    const bobTab = await world.open(bob);
    adaTab.send({ type: 'send', to: bob.id, clientId: 'c-1', text: 'read me' });
    const heard = await bobTab.waitFor(isMessage('read me'));

    bobTab.send({ type: 'typing', to: ada.id });
    bobTab.send({ type: 'read', friendId: ada.id, upTo: (heard.message as { id: string }).id });

    expect(await adaTab.waitFor((frame) => frame.type === 'typing')).toEqual({ type: 'typing', from: bob.id });
    expect(await adaTab.waitFor((frame) => frame.type === 'receipt' && frame.status === 'read')).toMatchObject({
      friendId: bob.id,
      messageIds: [(heard.message as { id: string }).id],
    });
    // Typing is not a friend request: by the time it arrives, every feature has seen its event.
    expect(adaTab.frames.filter((frame) => frame.type === 'friendRequest')).toEqual([]);
  });

  it("reaches a member's other tab once one closes, and marks nothing delivered once the last one has", async () => {
    const { ada, bob } = await friends();
    const adaTab = await world.open(ada);
    const adaOtherTab = await world.open(ada);
    const bobTab = await world.open(bob);
    const bobOtherTab = await world.open(bob);
    await bobTab.close();
    adaTab.send({ type: 'send', to: bob.id, clientId: 'c-1', text: 'still there?' });
    await bobOtherTab.waitFor(isMessage('still there?'));

    await bobOtherTab.close();
    adaTab.send({ type: 'send', to: bob.id, clientId: 'c-2', text: 'gone now' });
    adaTab.send({ type: 'send', to: bob.id, clientId: 'c-3', text: 'after that' });
    // The sender's other tab hears each message, and the bus handles them in order.
    await adaOtherTab.waitFor(isMessage('after that'));
    const history = (await (await ada.browser.request('GET', `/api/chats/${bob.id}/messages`)).json()) as { messages: { text: string; deliveredAt: string | null }[] };
    expect(history.messages.map((m) => [m.text, m.deliveredAt === null])).toEqual([
      ['still there?', false],
      ['gone now', true],
      ['after that', true],
    ]);
    expect(adaTab.frames.filter((frame) => frame.type === 'receipt')).toHaveLength(1);
  });

  it('refuses a send to someone who is not a friend with an error naming the client id', async () => {
    const ada = await world.member('Ada');
    const cy = await world.member('Cy');
    const adaTab = await world.open(ada);
    adaTab.send({ type: 'send', to: cy.id, clientId: 'c-9', text: 'hi?' });
    expect(await adaTab.waitFor((frame) => frame.type === 'error')).toEqual({
      type: 'error',
      code: 'NOT_FRIENDS',
      message: 'You can only message your friends.',
      clientId: 'c-9',
    });
  });
});
