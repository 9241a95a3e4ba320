import { describe, expect, it } from 'vitest';
import { useTwoServers, type ClusterMember } from './support/twoServers';
import { twoFriends } from '../social/support/members';

// 'Send read receipts' and 'Send typing indicator' set through one server hold for a socket on the
// other: each server reads the setting from the shared database when the frame arrives. Silence is
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
});
