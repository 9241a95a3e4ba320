import { describe, expect, it } from 'vitest';
import { useTwoServers, type ClusterMember } from './support/twoServers';
import { twoFriends } from '../social/support/members';

// 'Send read receipts', 'Send typing indicator', 'Show read receipts from others' and a muted chat set
// through one server hold for a socket on the other: each server reads them from the shared database
// when the frame arrives, and a mute change reaches the member's tabs on every server. Silence is
// shown without waiting on a clock: a later frame that does pass (a message) comes through the same
// bus in order, so by the time it arrives the suppressed frame would have arrived before it.

describe("'Privacy and safety' across two server processes on one Postgres database", () => {
  const cluster = useTwoServers();

  async function setSafety(member: ClusterMember, server: 0 | 1, body: Record<string, unknown>) {
    const response = await fetch(`${cluster.servers[server].url}/api/me/safety`, {
      method: 'PUT',
      headers: { ...cluster.headers(member, server), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  }

  it("set through server 0 while Bob's tab is on server 1, his reads and typing never reach Ada's tab; hers still reach him", async () => {
    const [ada, bob] = await twoFriends(cluster, 'Ada', 'Bob');
    const adaTab = await cluster.open(ada, 0);
    const bobTab = await cluster.open(bob, 1);
    // Set on the server Bob's tab is not on: his open socket's server reads it from the database.
    await setSafety(bob, 0, { sendReadReceipts: false, sendTypingIndicator: false });

    adaTab.send({ type: 'send', to: bob.id, clientId: 'ada-1', text: 'are you there?' });
    const heard = await bobTab.waitFor((frame) => frame.type === 'message', 2_000);
    const id = (heard.message as { id: string }).id;
    await adaTab.waitFor((frame) => frame.type === 'receipt' && frame.status === 'delivered', 2_000);

    bobTab.send({ type: 'read', friendId: ada.id, upTo: id });
    bobTab.send({ type: 'typing', to: ada.id });
    bobTab.send({ type: 'send', to: ada.id, clientId: 'bob-1', text: 'here' });
    await adaTab.waitFor((frame) => frame.type === 'message' && (frame.message as { clientId: string }).clientId === 'bob-1', 2_000);
    expect(adaTab.frames.filter((frame) => frame.type === 'typing' || (frame.type === 'receipt' && frame.status === 'read'))).toEqual([]);

    // Ada sends both: Bob, on the other server, sees her typing and her read.
    adaTab.send({ type: 'typing', to: bob.id });
    expect(await bobTab.waitFor((frame) => frame.type === 'typing', 2_000)).toEqual({ type: 'typing', from: ada.id });
    const bobsMessage = adaTab.frames.find((frame) => frame.type === 'message' && (frame.message as { clientId: string }).clientId === 'bob-1');
    adaTab.send({ type: 'read', friendId: bob.id, upTo: (bobsMessage?.message as { id: string }).id });
    expect(await bobTab.waitFor((frame) => frame.type === 'receipt' && frame.status === 'read', 2_000)).toMatchObject({ friendId: ada.id, status: 'read' });
  });

  it("'Show read receipts from others' off, set through server 1: Ada's tabs on both servers hear Bob's read as delivered, never read", async () => {
    const [ada, bob] = await twoFriends(cluster, 'Ada2', 'Bob2');
    const adaTabs = [await cluster.open(ada, 0), await cluster.open(ada, 1)];
    const bobTab = await cluster.open(bob, 1);
    await setSafety(ada, 1, { showReadReceipts: false });

    adaTabs[0]?.send({ type: 'send', to: bob.id, clientId: 'ada-read-1', text: 'read me' });
    const heard = await bobTab.waitFor((frame) => frame.type === 'message', 2_000);
    const id = (heard.message as { id: string }).id;
    bobTab.send({ type: 'read', friendId: ada.id, upTo: id });
    bobTab.send({ type: 'send', to: ada.id, clientId: 'bob-after-read', text: 'done' });
    for (const tab of adaTabs) {
      await tab.waitFor((frame) => frame.type === 'message' && (frame.message as { clientId: string }).clientId === 'bob-after-read', 2_000);
      expect(tab.frames.filter((frame) => frame.type === 'receipt' && frame.status === 'read')).toEqual([]);
      expect(tab.frames.filter((frame) => frame.type === 'receipt').length).toBeGreaterThan(0);
    }
    const history = await fetch(`${cluster.servers[0].url}/api/chats/${bob.id}/messages`, { headers: cluster.headers(ada, 0) });
    expect(((await history.json()) as { messages: { readAt: string | null }[] }).messages.map((m) => m.readAt)).toEqual([null, null]);
  });

  it('a mute through server 0 reaches the member\'s tab on server 1 at once, and that server marks the next message muted', async () => {
    const [ada, bob] = await twoFriends(cluster, 'Ada3', 'Bob3');
    const adaElsewhere = await cluster.open(ada, 1);
    const bobTab = await cluster.open(bob, 0);
    const muted = await fetch(`${cluster.servers[0].url}/api/chats/${bob.id}/mute`, { method: 'PUT', headers: cluster.headers(ada, 0) });
    expect([muted.status, await muted.json()]).toEqual([200, { muted: true }]);
    expect(await adaElsewhere.waitFor((frame) => frame.type === 'mute.changed', 2_000)).toEqual({ type: 'mute.changed', friendId: bob.id, muted: true });

    bobTab.send({ type: 'send', to: ada.id, clientId: 'bob-muted-1', text: 'quiet please' });
    expect(await adaElsewhere.waitFor((frame) => frame.type === 'message', 2_000)).toMatchObject({ muted: true, message: { text: 'quiet please' } });

    await fetch(`${cluster.servers[1].url}/api/chats/${bob.id}/mute`, { method: 'DELETE', headers: cluster.headers(ada, 1) });
    expect(await adaElsewhere.waitFor((frame) => frame.type === 'mute.changed' && frame.muted === false, 2_000)).toMatchObject({ friendId: bob.id });
    bobTab.send({ type: 'send', to: ada.id, clientId: 'bob-loud-1', text: 'hello again' });
    const loud = await adaElsewhere.waitFor((frame) => frame.type === 'message' && (frame.message as { clientId: string }).clientId === 'bob-loud-1', 2_000);
    expect('muted' in loud).toBe(false);
  });
});
