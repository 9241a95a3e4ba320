import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { createLiveBus, type StartedBus } from '../../../../server/live/bus';
import type { LiveFeatureFactory } from '../../../../server/live/feature';
import { createLiveHub, type LiveHub } from '../../../../server/live/hub';
import { liveFeatures } from '../../../../server/live/index';
import type { Logger } from '../../../../server/lib/log';
import { pairOf } from '../../../../server/social/people';
import { APP_ORIGIN } from '../../members/support/browser';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from '../../members/support/testDatabase';
import { addMember, type TestMember } from '../../social/support/members';
import { connect, liveUrl, type LiveClient } from './liveClient';

// One database per file (PGlite or Postgres), the live hub with every feature on a real HTTP server
// at a loopback port, the /api app in-process on the same database and bus, and a clock that stands
// still unless a test moves it.

export interface LiveWorld {
  database: TestDatabase;
  bus: StartedBus;
  hub: LiveHub;
  app: Hono;
  url: string;
  clock: { now: number };
  serverId: string;
  member(username: string): Promise<TestMember>;
  befriend(one: TestMember, other: TestMember): Promise<void>;
  /** A tab of this member on /api/live, once its `ready` frame has come. */
  open(member: TestMember): Promise<LiveClient>;
}

export function useLiveWorld(
  kind: DatabaseKind,
  { heartbeatMs, features = liveFeatures }: { heartbeatMs?: number; /** Default: every feature that needs nothing more than the hub's deps. */ features?: LiveFeatureFactory[] } = {},
): LiveWorld {
  const world = { clock: { now: Date.now() }, serverId: 'test-server-1' } as LiveWorld;
  let server: Server;
  const clients: LiveClient[] = [];

  const opened = openDatabaseWithBusAroundTests(kind);
  Object.defineProperties(world, {
    database: { get: () => opened.database },
    bus: { get: () => opened.bus },
  });
  beforeEach(async () => {
    const { db } = world.database;
    await db.deleteFrom('members').execute();
    world.clock.now = Date.now();
    world.hub = createLiveHub({
      db,
      bus: world.bus,
      serverId: world.serverId,
      features,
      origin: APP_ORIGIN,
      now: () => world.clock.now,
      heartbeatMs,
    });
    world.app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db, bus: world.bus, now: () => world.clock.now } });
    server = createServer((_request, response) => response.writeHead(404).end());
    world.hub.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    world.url = liveUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterEach(async () => {
    await world.hub.shutdown();
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await new Promise((resolve) => server.close(resolve));
  });

  world.member = (username) => addMember(world.database, world.app, username);
  world.befriend = async (one, other) => {
    await world.database.db.insertInto('friendships').values(pairOf(one.id, other.id)).execute();
  };
  world.open = async (member) => {
    const client = connect(world.url, { session: member.browser.session(), origin: APP_ORIGIN });
    clients.push(client);
    await client.waitFor((frame) => frame.type === 'ready');
    return client;
  };
  return world;
}

/**
 * One database for the describe block (PGlite or Postgres, logging to `log` where given) and the live
 * bus on it, ready before the first test; both are closed after the last.
 */
export function openDatabaseWithBusAroundTests(kind: DatabaseKind, log?: Logger): { database: TestDatabase; bus: StartedBus } {
  const opened = {} as { database: TestDatabase; bus: StartedBus };
  beforeAll(async () => {
    opened.database = await openTestDatabase(kind, log);
    opened.bus = createLiveBus(opened.database);
    await opened.bus.ready;
  }, 60_000);
  afterAll(async () => {
    await opened.bus?.close();
    await opened.database?.dispose();
  });
  return opened;
}
