import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { connect, refusedStatus } from './support/liveClient';
import { useLiveWorld } from './support/liveWorld';

// The /api/live socket itself: who may open one, the first frame, the rows that say who is
// connected, refused frames, heartbeats and a restart's goodbye.

describe.each(DATABASE_KINDS)('the live socket on %s', (kind) => {
  const world = useLiveWorld(kind, { heartbeatMs: 200 });

  it("opens for a member's session cookie, says ready first, and records the socket for this server", async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    expect(tab.frames[0]).toEqual({ type: 'ready', memberId: ada.id, onlineFriends: [] });
    const rows = await world.database.db.selectFrom('live_connections').select(['member_id', 'server_id']).execute();
    expect(rows).toEqual([{ member_id: ada.id, server_id: 'test-server-1' }]);
  });

  it('closes a socket without a session with 4401, and one with an unknown session too', async () => {
    const anonymous = connect(world.url, { origin: APP_ORIGIN });
    expect(await anonymous.closed).toBe(4401);
    const forged = connect(world.url, { origin: APP_ORIGIN, session: 'not-a-session' });
    expect(await forged.closed).toBe(4401);
    expect(anonymous.frames).toEqual([]);
  });

  it('refuses the handshake from another origin with 403, even with a valid session', async () => {
    const ada = await world.member('Ada');
    expect(await refusedStatus(world.url, { origin: 'https://evil.example', session: ada.browser.session() })).toBe(403);
    expect(await world.database.db.selectFrom('live_connections').select('id').execute()).toEqual([]);
  });

  it('refuses upgrades on any other path with 404', async () => {
    const ada = await world.member('Ada');
    expect(await refusedStatus(world.url.replace('/api/live', '/api/other'), { origin: APP_ORIGIN, session: ada.browser.session() })).toBe(404);
  });

  it('answers a frame it cannot read with INVALID_REQUEST and keeps the socket open', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    tab.sendRaw('{not json');
    expect(await tab.waitFor((frame) => frame.type === 'error')).toEqual({ type: 'error', code: 'INVALID_REQUEST', message: 'That request could not be understood.' });
    tab.send({ type: 'send', to: ada.id, clientId: 'c-1', text: '' });
    expect(await tab.waitFor((frame) => frame.type === 'error' && frame.clientId === 'c-1')).toEqual({
      type: 'error',
      code: 'INVALID_REQUEST',
      message: 'That request could not be understood.',
      clientId: 'c-1',
    });
  });

  it('refuses frames past the budget of 60 at once with TOO_MANY_MESSAGES, naming each refused send', async () => {
    const ada = await world.member('Ada');
    const bob = await world.member('Bob');
    const tab = await world.open(ada);
    for (let i = 0; i < 62; i += 1) tab.send({ type: 'send', to: bob.id, clientId: `c${i}`, text: 'hi' });
    await tab.waitFor((frame) => frame.code === 'TOO_MANY_MESSAGES' && frame.clientId === 'c61');
    const refused = tab.frames.filter((frame) => frame.code === 'TOO_MANY_MESSAGES');
    expect(refused).toEqual([
      { type: 'error', code: 'TOO_MANY_MESSAGES', message: 'You are sending messages too fast. Please slow down.', clientId: 'c60' },
      { type: 'error', code: 'TOO_MANY_MESSAGES', message: 'You are sending messages too fast. Please slow down.', clientId: 'c61' },
    ]);
  });

  it('beats the heart: heartbeat frames, and the rows of this server seen again at the current time', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    world.clock.now += 30_000;
    await tab.waitFor((frame) => frame.type === 'heartbeat');
    await expect
      .poll(async () => (await world.database.db.selectFrom('live_connections').select('seen_at').executeTakeFirstOrThrow()).seen_at.getTime())
      .toBe(world.clock.now);
  });

  it('cuts off a socket that stops answering pings, and deletes its row', async () => {
    const ada = await world.member('Ada');
    const silent = connect(world.url, { origin: APP_ORIGIN, session: ada.browser.session(), autoPong: false });
    await silent.waitFor((frame) => frame.type === 'ready');
    expect(await silent.closed).toBe(1006);
    await expect.poll(async () => (await world.database.db.selectFrom('live_connections').select('id').execute()).length).toBe(0);
  });

  it("sweeps the rows a crashed server left behind and tells its members' friends they are offline", async () => {
    const ada = await world.member('Ada');
    const bob = await world.member('Bob');
    await world.befriend(ada, bob);
    await world.database.db
      .insertInto('live_connections')
      .values({ id: '0b0b0b0b-0000-4000-8000-000000000001', server_id: 'crashed-server', member_id: bob.id, seen_at: new Date(world.clock.now) })
      .execute();
    const adaTab = await world.open(ada);
    expect(adaTab.frames[0]).toEqual({ type: 'ready', memberId: ada.id, onlineFriends: [bob.id] });

    world.clock.now += 121_000;
    expect(await adaTab.waitFor((frame) => frame.type === 'presence')).toEqual({ type: 'presence', memberId: bob.id, online: false });
    const rows = await world.database.db.selectFrom('live_connections').select('member_id').execute();
    expect(rows).toEqual([{ member_id: ada.id }]);
  });

  it('closes the sockets of a session that logged out with 4401, at the next beat', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    expect((await ada.browser.request('POST', '/api/auth/logout')).status).toBe(204);
    expect(await tab.closed).toBe(4401);
  });

  it('deletes the row when the socket closes', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    await tab.close();
    await expect.poll(async () => (await world.database.db.selectFrom('live_connections').select('id').execute()).length).toBe(0);
  });

  it('on shutdown closes every socket with 1012 and deletes the rows of this server', async () => {
    const ada = await world.member('Ada');
    const bob = await world.member('Bob');
    const tabs = [await world.open(ada), await world.open(ada), await world.open(bob)];
    await world.hub.shutdown();
    expect(await Promise.all(tabs.map((tab) => tab.closed))).toEqual([1012, 1012, 1012]);
    expect(await world.database.db.selectFrom('live_connections').select('id').execute()).toEqual([]);
  });
});
