import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { connect as tcpConnect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { freePort } from '../../../scripts/freePort';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createLiveHub, type LiveHub } from '../../../server/live/hub';
import { liveFeatures } from '../../../server/live/index';
import { send } from '../../../server/live/socketRegistry';
import { startServer } from '../../../server/main';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, type TestMember } from '../social/support/members';
import { connect, liveUrl, refusedStatus, type LiveClient } from '../live/support/liveClient';
import { openDatabaseWithBusAroundTests } from '../live/support/liveWorld';

// A hostile member on /api/live, against the server as `npm start` runs it (HTTP and the socket on one
// listener, MAX_CONNECTIONS applied): too many tabs, too many sockets from one address, every socket
// slot taken, a flood of frames from a client that never reads, and the app opened as localhost.

interface Running {
  port: number;
  httpUrl: string;
  wsUrl: string;
  origin: string;
  server: Server;
  hub: LiveHub;
}

describe.each(DATABASE_KINDS)('a stranger on /api/live (%s)', (kind) => {
  const live = openDatabaseWithBusAroundTests(kind);
  let running: Running | undefined;
  const clients: LiveClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    if (running) {
      await running.hub.shutdown();
      running.server.closeAllConnections();
      await new Promise((resolve) => running?.server.close(resolve));
      running = undefined;
    }
    await live.database.db.deleteFrom('members').execute();
  });

  async function start(env: Record<string, string> = {}): Promise<Running> {
    const port = await freePort();
    const config = loadConfig({ PORT: String(port), DIST_DIR: 'no-such-build', LOG_LEVEL: 'silent', ...env });
    const hub = createLiveHub({
      db: live.database.db,
      bus: live.bus,
      serverId: `abuse-${randomBytes(4).toString('hex')}`,
      features: liveFeatures,
      origin: config.origin,
      allowedHostnames: config.allowedHostnames,
      limits: config.liveSockets,
      now: Date.now,
    });
    const server = startServer(config, undefined, { members: { db: live.database.db, bus: live.bus }, live: hub });
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    const httpUrl = `http://127.0.0.1:${port}`;
    running = { port, httpUrl, wsUrl: liveUrl(httpUrl), origin: httpUrl, server, hub };
    return running;
  }

  async function member(name: string): Promise<TestMember> {
    return addMember(live.database, createApp(loadConfig({ LOG_LEVEL: 'silent' }), { members: { db: live.database.db, bus: live.bus } }), name);
  }

  async function tab(at: Running, who: TestMember, localAddress?: string): Promise<LiveClient> {
    const client = connect(at.wsUrl, { session: who.browser.session(), origin: at.origin, localAddress });
    clients.push(client);
    await client.waitFor((frame) => frame.type === 'ready', 15_000);
    return client;
  }

  async function healthAnswers(at: Running): Promise<number> {
    const response = await fetch(`${at.httpUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return response.status;
  }

  it('refuses a member an 11th tab (429) while health keeps answering, and gives the slot back when a tab closes', async () => {
    const at = await start();
    const mallory = await member('Mallory');
    const tabs: LiveClient[] = [];
    for (let i = 0; i < 10; i += 1) tabs.push(await tab(at, mallory));

    expect(await refusedStatus(at.wsUrl, { session: mallory.browser.session(), origin: at.origin })).toBe(429);
    expect(await healthAnswers(at)).toBe(200);

    await tabs[0]!.close();
    // The slot comes back once the server has seen the close.
    await expect.poll(async () => (await tab(at, mallory)).frames[0]?.type, { timeout: 10_000 }).toBe('ready');
  }, 60_000);

  it('refuses a 4th socket from one address when the cap is 3, while another address still connects', async () => {
    const at = await start({ LIVE_SOCKETS_PER_ADDRESS: '3' });
    const [ada, bob] = [await member('Ada'), await member('Bob')];
    await tab(at, ada, '127.0.0.3');
    await tab(at, ada, '127.0.0.3');
    await tab(at, bob, '127.0.0.3');

    expect(await refusedStatus(at.wsUrl, { session: bob.browser.session(), origin: at.origin, localAddress: '127.0.0.3' })).toBe(429);
    expect((await tab(at, bob, '127.0.0.4')).frames[0]?.type).toBe('ready');
  }, 60_000);

  it('keeps a quarter of MAX_CONNECTIONS for HTTP: with 24, an 19th socket is refused (503) and health answers', async () => {
    const at = await start({ MAX_CONNECTIONS: '24' });
    const members = [await member('One'), await member('Two')];
    for (let i = 0; i < 18; i += 1) await tab(at, members[i % 2]!, `127.0.0.${10 + (i % 2)}`);
    const late = await member('Late');

    expect(await refusedStatus(at.wsUrl, { session: late.browser.session(), origin: at.origin, localAddress: '127.0.0.12' })).toBe(503);
    for (let i = 0; i < 3; i += 1) expect(await healthAnswers(at)).toBe(200);
  }, 90_000);

  it('accepts the app opened as http://localhost:PORT on a loopback install, and still refuses a foreign origin', async () => {
    const at = await start();
    const ada = await member('Ada');
    const localhost = `http://localhost:${at.port}`;
    const viaLocalhost = connect(liveUrl(localhost), { session: ada.browser.session(), origin: localhost });
    clients.push(viaLocalhost);
    expect((await viaLocalhost.waitFor((frame) => frame.type === 'ready', 15_000)).memberId).toBe(ada.id);

    expect(await refusedStatus(liveUrl(localhost), { session: ada.browser.session(), origin: 'http://evil.example' })).toBe(403);
    // A page on another port of this machine is another origin.
    expect(await refusedStatus(liveUrl(localhost), { session: ada.browser.session(), origin: `http://localhost:${at.port + 1}` })).toBe(403);
  }, 60_000);

  it('refuses a socket addressed to a host name the server does not answer for (421)', async () => {
    const at = await start();
    const ada = await member('Ada');
    const status = await new Promise<string>((resolve, reject) => {
      const socket = tcpConnect(at.port, '127.0.0.1', () => socket.write(upgradeRequest('rebound.example', at.origin, ada.browser.session() ?? '')));
      socket.once('data', (data) => {
        resolve(String(data).split('\r\n')[0] ?? '');
        socket.destroy();
      });
      socket.on('error', reject);
    });
    expect(status).toBe('HTTP/1.1 421 Misdirected Request');
  }, 60_000);

  it('closes a socket that writes 2M unreadable frames and never reads, with server memory growing under 50 MB', async () => {
    const at = await start();
    const mallory = await member('Mallory');
    const before = process.memoryUsage().rss;
    const { sent, closed } = await floodWithoutReading(at, mallory.browser.session() ?? '', 2_000_000);
    const grownMb = (process.memoryUsage().rss - before) / 1024 / 1024;

    expect(grownMb).toBeLessThan(50);
    expect(closed).toBe(true);
    // Closed long before the flood was through.
    expect(sent).toBeLessThan(2_000_000);
    expect(await healthAnswers(at)).toBe(200);
  }, 180_000);
});

function upgradeRequest(host: string, origin: string, session: string): string {
  return [
    'GET /api/live HTTP/1.1',
    `Host: ${host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    `Origin: ${origin}`,
    `Cookie: mycelius_session=${session}`,
    '',
    '',
  ].join('\r\n');
}

/**
 * A raw client: the handshake, then `count` masked text frames holding "x" (not JSON), written as fast
 * as the connection takes them, and not one byte of the server's answers read. Stops when the server
 * closes the connection.
 */
async function floodWithoutReading(at: Running, session: string, count: number): Promise<{ sent: number; closed: boolean }> {
  const socket: Socket = tcpConnect(at.port, '127.0.0.1');
  let closed = false;
  const whenClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void whenClosed.then(() => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(upgradeRequest(`127.0.0.1:${at.port}`, at.origin, session));
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (data: Buffer) => {
      head += data.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      // From here on nothing is read: what the server sends piles up on its side.
      socket.pause();
      if (head.startsWith('HTTP/1.1 101')) resolve();
      else reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
  });
  const frame = Buffer.from([0x81, 0x81, 0, 0, 0, 0, 0x78]);
  const perChunk = 10_000;
  const chunk = Buffer.concat(Array.from({ length: perChunk }, () => frame));
  let sent = 0;
  while (sent < count && !closed) {
    sent += perChunk;
    if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), whenClosed]);
  }
  // The server's close (or its dropping the connection) reaches this end even unread.
  await Promise.race([whenClosed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  socket.destroy();
  return { sent, closed };
}

describe('a socket whose client stops reading', () => {
  function fakeSocket(bufferedAmount: number) {
    const sent: string[] = [];
    const ws = { OPEN: 1, readyState: 1, bufferedAmount, terminated: false, send: (text: string) => sent.push(text), terminate: () => (ws.terminated = true) };
    return { ws, sent };
  }

  it('is cut off once more than 1 MiB waits to go out to it, instead of queueing more', () => {
    const { ws, sent } = fakeSocket(1024 * 1024 + 1);
    send({ ws: ws as unknown as WebSocket, memberId: 'm', connectionId: 'c', held: undefined }, { type: 'heartbeat' });
    expect(ws.terminated).toBe(true);
    expect(sent).toEqual([]);
  });

  it('still gets its frames with 1 MiB waiting', () => {
    const { ws, sent } = fakeSocket(1024 * 1024);
    send({ ws: ws as unknown as WebSocket, memberId: 'm', connectionId: 'c', held: undefined }, { type: 'heartbeat' });
    expect(ws.terminated).toBe(false);
    expect(sent).toEqual(['{"type":"heartbeat"}']);
  });
});
