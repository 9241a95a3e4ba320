import { describe, expect, it } from 'vitest';
import { useTwoServers } from './support/twoServers';
import { twoFriends } from '../social/support/members';

// Several servers, one Postgres: members connected to different server processes hear
// each other through LISTEN/NOTIFY within a second. More cross-server checks (chat messages,
// debates) go in this describe, using the same cluster: `cluster.member`, `cluster.befriend`,
// `cluster.open(member, 0 | 1)` and `cluster.headers(member, 0 | 1)` for HTTP calls.

describe('two server processes on one Postgres database', () => {
  const cluster = useTwoServers();

  it('a member on server 1 sees a friend on server 2 come online, and go offline, within 1 s', async () => {
    const [ada, bob] = await twoFriends(cluster, 'Ada', 'Bob');
    const adaTab = await cluster.open(ada, 0);
    expect(adaTab.frames[0]).toEqual({ type: 'ready', memberId: ada.id, onlineFriends: [] });

    const bobTab = await cluster.open(bob, 1);
    expect(bobTab.frames[0]).toEqual({ type: 'ready', memberId: bob.id, onlineFriends: [ada.id] });
    expect(await adaTab.waitFor((frame) => frame.type === 'presence', 1_000)).toEqual({ type: 'presence', memberId: bob.id, online: true });

    await bobTab.close();
    expect(await adaTab.waitFor((frame) => frame.type === 'presence' && frame.online === false, 1_000)).toEqual({
      type: 'presence',
      memberId: bob.id,
      online: false,
    });
  });

  it('a friend request sent through server 2 reaches the recipient on server 1 within 1 s', async () => {
    const cy = await cluster.member('Cy');
    const dee = await cluster.member('Dee');
    const cyTab = await cluster.open(cy, 0);
    const response = await fetch(`${cluster.servers[1].url}/api/friends/requests`, {
      method: 'POST',
      headers: { ...cluster.headers(dee, 1), 'Content-Type': 'application/json' },
      body: JSON.stringify({ toUserId: cy.id }),
    });
    expect(response.status).toBe(201);
    expect(await cyTab.waitFor((frame) => frame.type === 'friendRequest', 1_000)).toEqual({ type: 'friendRequest', from: { id: dee.id, username: 'Dee' } });
  });

  it('a message sent by a member on server 2 reaches their friend on server 1 within 1 s, and server 2 hears it was delivered', async () => {
    const [fay, gus] = await twoFriends(cluster, 'Fay', 'Gus');
    const fayTab = await cluster.open(fay, 0);
    const gusTab = await cluster.open(gus, 1);

    gusTab.send({ type: 'send', to: fay.id, clientId: 'cross-1', text: 'from the other server' });

    const heard = await fayTab.waitFor((frame) => frame.type === 'message', 1_000);
    expect(heard.message).toMatchObject({ clientId: 'cross-1', from: gus.id, to: fay.id, text: 'from the other server' });
    const id = (heard.message as { id: string }).id;
    expect(await gusTab.waitFor((frame) => frame.type === 'receipt', 1_000)).toMatchObject({ friendId: fay.id, messageIds: [id], status: 'delivered' });
  });

  // Last: it stops server 2.
  it("a friendship ended through server 2 reaches the other member's tab on server 1 within 1 s", async () => {
    const [jo, kim] = await twoFriends(cluster, 'Jo', 'Kim');
    const joTab = await cluster.open(jo, 0);
    const response = await fetch(`${cluster.servers[1].url}/api/friends/${jo.id}`, { method: 'DELETE', headers: cluster.headers(kim, 1) });
    expect(response.status).toBe(204);
    expect(await joTab.waitFor((frame) => frame.type === 'people.changed', 1_000)).toEqual({ type: 'people.changed' });
  });

  it('on SIGTERM, server 2 closes its sockets with 1012 and removes their rows', async () => {
    const eve = await cluster.member('Eve');
    const eveTab = await cluster.open(eve, 1);
    await cluster.servers[1].stop();
    expect(await eveTab.closed).toBe(1012);
    const rows = await cluster.database.db.selectFrom('live_connections').select('member_id').where('member_id', '=', eve.id).execute();
    expect(rows).toEqual([]);
  });
});
