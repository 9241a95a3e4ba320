import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { LiveFeatureFactory } from '../../../server/live/feature';
import { liveFeatures } from '../../../server/live/index';
import { APP_ORIGIN } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { connect, liveUrl, refusedStatus } from './support/liveClient';
import { useLiveWorld } from './support/liveWorld';
import { twoFriends } from '../social/support/members';

// The /api/live socket itself: who may open one, the first frame, the rows that say who is
// connected, refused frames, heartbeats and a restart's goodbye.

/** A feature that breaks on the one frame no other feature here takes (Hot Takes is not plugged in). */
const breaksOnCancel: LiveFeatureFactory = () => ({
  onFrame: (_socket, frame) => (frame.type === 'debate.cancel' ? Promise.reject(new Error('feature broke')) : Promise.resolve(false)),
});

/** Pushes a frame to the member while their socket is still connecting (it goes before presence's `ready`). */
const greetsOnConnect: LiveFeatureFactory = ({ sockets }) => ({
  onConnect: (socket) => {
    sockets.sendToMember(socket.memberId, { type: 'typing', from: 'greeter' });
    return Promise.resolve();
  },
});

/** A feature slow to connect: its onConnect takes three heartbeats and more (a busy database, a loaded machine). */
const slowToConnect: LiveFeatureFactory = () => ({
  onConnect: () => new Promise((resolve) => setTimeout(resolve, 700)),
});

describe.each(DATABASE_KINDS)('a live socket slow to connect on %s', (kind) => {
  const world = useLiveWorld(kind, { heartbeatMs: 200, features: [slowToConnect, ...liveFeatures] });

  it('hears ready before any heartbeat, however many beats the connecting took', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    await tab.waitFor((frame) => frame.type === 'heartbeat');
    expect(tab.frames[0]).toEqual({ type: 'ready', memberId: ada.id, onlineFriends: [] });
  });
});

describe.each(DATABASE_KINDS)('the live socket on %s', (kind) => {
  const world = useLiveWorld(kind, { heartbeatMs: 200, features: [greetsOnConnect, ...liveFeatures, breaksOnCancel] });

  it("opens for a member's session cookie, says ready first, and records the socket for this server", async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    expect(tab.frames[0]).toEqual({ type: 'ready', memberId: ada.id, onlineFriends: [] });
    const rows = await world.database.db.selectFrom('live_connections').select(['member_id', 'server_id']).execute();
    expect(rows).toEqual([{ member_id: ada.id, server_id: 'test-server-1' }]);
  });

  it('holds frames pushed while a socket connects until every feature has seen it, so ready comes first', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    await tab.waitFor((frame) => frame.type === 'typing');
    expect(tab.frames.slice(0, 2)).toEqual([
      { type: 'ready', memberId: ada.id, onlineFriends: [] },
      { type: 'typing', from: 'greeter' },
    ]);
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

  it('answers a frame no feature takes with INVALID_REQUEST, and one a feature fails on with INTERNAL, and stays open', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    tab.send({ type: 'debate.join', community: null });
    expect(await tab.waitFor((frame) => frame.type === 'error')).toEqual({ type: 'error', code: 'INVALID_REQUEST', message: 'That request could not be understood.' });
    tab.send({ type: 'debate.cancel' });
    expect(await tab.waitFor((frame) => frame.code === 'INTERNAL')).toEqual({ type: 'error', code: 'INTERNAL', message: 'Something went wrong on the server.' });
    tab.send({ type: 'typing', to: ada.id });
    expect(await tab.waitFor((frame) => frame.code === 'NOT_FRIENDS')).toMatchObject({ type: 'error', code: 'NOT_FRIENDS' });
  });

  it('closes a socket that sends a frame over 16 KiB with 1009, and keeps serving the others', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    const other = await world.open(ada);
    tab.sendRaw('x'.repeat(16 * 1024 + 1));
    expect(await tab.closed).toBe(1009);
    other.sendRaw('{}');
    expect(await other.waitFor((frame) => frame.type === 'error')).toMatchObject({ code: 'INVALID_REQUEST' });
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
    const [ada, bob] = await twoFriends(world, 'Ada', 'Bob');
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

  it("keeps an open socket's session active for 'Signed-in devices', moving its last-active at most every 5 minutes", async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    const beats = () => tab.frames.filter((frame) => frame.type === 'heartbeat').length;
    const lastActive = async () => (await world.database.db.selectFrom('sessions').select('last_active_at').executeTakeFirstOrThrow()).last_active_at;
    const before = (await lastActive())!.getTime();
    world.clock.now = before + 4 * 60_000;
    // Three beats later (each beat's touch has long finished), it has not moved.
    const seen = beats();
    await expect.poll(beats).toBeGreaterThanOrEqual(seen + 3);
    expect((await lastActive())!.getTime()).toBe(before);
    world.clock.now = before + 5 * 60_000;
    await expect.poll(async () => (await lastActive())!.getTime()).toBe(before + 5 * 60_000);
  });

  it('deletes the row when the socket closes', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    await tab.close();
    await expect.poll(async () => (await world.database.db.selectFrom('live_connections').select('id').execute()).length).toBe(0);
  });

  it('names a refused frame by its client id only when that id is a string of 1 to 64 characters', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    const longest = 'k'.repeat(64);
    const cases: [unknown, number][] = [
      [{ type: 'nonsense', clientId: longest }, 1],
      [{ type: 'nonsense', clientId: `${longest}x` }, 2],
      [{ type: 'nonsense', clientId: '' }, 3],
      [{ type: 'nonsense', clientId: 7 }, 4],
      [null, 5],
      [[1, 2], 6],
      ['text', 7],
    ];
    for (const [frame, count] of cases) {
      tab.sendRaw(JSON.stringify(frame));
      await tab.waitFor(() => tab.frames.filter((f) => f.type === 'error').length === count);
    }
    const errors = tab.frames.filter((frame) => frame.type === 'error');
    expect(errors.map((frame) => frame.clientId)).toEqual([longest, undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(errors.every((frame) => frame.code === 'INVALID_REQUEST')).toBe(true);
  });

  it('refuses a binary frame even when it holds a valid request', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    tab.sendBinary(JSON.stringify({ type: 'typing', to: ada.id }));
    expect(await tab.waitFor((frame) => frame.type === 'error')).toEqual({ type: 'error', code: 'INVALID_REQUEST', message: 'That request could not be understood.' });
  });

  it('keeps a socket that answers pings open across many beats', async () => {
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    // A socket found silent at a beat is cut off before that beat's heartbeat frame.
    await tab.waitFor(() => tab.frames.filter((frame) => frame.type === 'heartbeat').length >= 3);
    expect(await Promise.race([tab.closed, Promise.resolve('open')])).toBe('open');
  });

  it('keeps a socket that sends frames open even when it never answers a ping', async () => {
    const ada = await world.member('Ada');
    const busy = connect(world.url, { origin: APP_ORIGIN, session: ada.browser.session(), autoPong: false });
    await busy.waitFor((frame) => frame.type === 'ready');
    for (let beat = 1; beat <= 2; beat += 1) {
      await busy.waitFor(() => busy.frames.filter((frame) => frame.type === 'heartbeat').length >= beat);
      busy.sendRaw('{}');
      await busy.waitFor(() => busy.frames.filter((frame) => frame.type === 'error').length >= beat);
    }
    expect(await Promise.race([busy.closed, Promise.resolve('open')])).toBe('open');
    await busy.close();
  });

  it("sends the slid session's cookies with the 101 answer once an hour has passed, and none before", async () => {
    const ada = await world.member('Ada');
    const fresh = connect(world.url, { origin: APP_ORIGIN, session: ada.browser.session() });
    expect(await fresh.upgradeCookies).toEqual([]);
    await fresh.close();
    // The session was made at Date.now(), a moment after the world's clock was set.
    world.clock.now = Date.now() + 60 * 60 * 1000;
    const later = connect(world.url, { origin: APP_ORIGIN, session: ada.browser.session() });
    expect(await later.upgradeCookies).toEqual([
      `mycelius_session=${ada.browser.session() ?? ''}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
      'mycelius_member=1; Max-Age=2592000; Path=/; SameSite=Lax',
    ]);
    await later.waitFor((frame) => frame.type === 'ready');
    await later.close();
  });

  it('gives the reason with each close: Unauthenticated, Session ended, Server restarting', async () => {
    const anonymous = connect(world.url, { origin: APP_ORIGIN });
    expect(await anonymous.closeReason).toBe('Unauthenticated');
    const ada = await world.member('Ada');
    const tab = await world.open(ada);
    expect((await ada.browser.request('POST', '/api/auth/logout')).status).toBe(204);
    expect(await tab.closeReason).toBe('Session ended');
    const bob = await world.member('Bob');
    const bobTab = await world.open(bob);
    await world.hub.shutdown();
    expect(await bobTab.closeReason).toBe('Server restarting');
  });

  it('refuses new sockets with 503 once shutting down', async () => {
    const ada = await world.member('Ada');
    await world.hub.shutdown();
    expect(await refusedStatus(world.url, { origin: APP_ORIGIN, session: ada.browser.session() })).toBe(503);
  });

  it('sweeps a crashed server\'s rows even while no socket is open here', async () => {
    const ada = await world.member('Ada');
    await world.database.db
      .insertInto('live_connections')
      .values({ id: '0b0b0b0b-0000-4000-8000-000000000002', server_id: 'crashed-server', member_id: ada.id, seen_at: new Date(world.clock.now) })
      .execute();
    world.clock.now += 121_000;
    await expect.poll(async () => (await world.database.db.selectFrom('live_connections').select('id').execute()).length).toBe(0);
  });

  it("leaves upgrades on other paths to the server's other handlers when told to", async () => {
    const ada = await world.member('Ada');
    const shared = createServer((_request, response) => response.writeHead(404).end());
    world.hub.attach(shared, { otherUpgrades: 'leave' });
    shared.on('upgrade', (request, socket) => {
      if (request.url !== '/api/live') socket.end('HTTP/1.1 426 Upgrade Required\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => shared.listen(0, '127.0.0.1', resolve));
    try {
      const url = liveUrl(`http://127.0.0.1:${(shared.address() as AddressInfo).port}`);
      expect(await refusedStatus(url.replace('/api/live', '/vite-hmr'), { origin: APP_ORIGIN, session: ada.browser.session() })).toBe(426);
      const tab = connect(url, { origin: APP_ORIGIN, session: ada.browser.session() });
      expect(await tab.waitFor((frame) => frame.type === 'ready')).toMatchObject({ memberId: ada.id });
      await tab.close();
    } finally {
      await new Promise((resolve) => shared.close(resolve));
    }
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
