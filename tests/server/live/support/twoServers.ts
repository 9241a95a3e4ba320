import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createSession } from '../../../../server/members/sessions';
import { pairOf } from '../../../../server/social/people';
import { openTestDatabase, type TestDatabase } from '../../members/support/testDatabase';
import { startServerProcess, type ServerProcess } from '../../members/support/serverProcess';
import { connect, liveUrl, type LiveClient } from './liveClient';

// Two real server processes (server/start.ts, as `npm start` runs its bundle) on one Postgres
// database, as behind a load balancer. Members are written straight into the shared database with a
// session each; a tab connects to whichever server the test names, with that server's own Origin.

export interface ClusterMember {
  id: string;
  username: string;
  /** The mycelius_session cookie's value: valid on every server, since they share the database. */
  session: string;
}

export interface TwoServers {
  database: TestDatabase;
  servers: [ServerProcess, ServerProcess];
  member(username: string): Promise<ClusterMember>;
  befriend(one: ClusterMember, other: ClusterMember): Promise<void>;
  /** A tab of the member on server 0 or 1, once its `ready` frame has come. */
  open(member: ClusterMember, server: 0 | 1): Promise<LiveClient>;
  /** The member's session cookie as a request header, for HTTP calls to either server. */
  headers(member: ClusterMember, server: 0 | 1): Record<string, string>;
}

export function useTwoServers(): TwoServers {
  const cluster = {} as TwoServers;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    // Migrated once here, so the two servers do not race to create the tables.
    cluster.database = await openTestDatabase('postgres');
    const env = { DATABASE_URL: cluster.database.env.DATABASE_URL ?? '', LOG_LEVEL: 'warn' };
    cluster.servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all((cluster.servers ?? []).map((server) => server.stop()));
    await cluster.database?.dispose();
  }, 60_000);

  cluster.member = async (username) => {
    const id = randomUUID();
    await cluster.database.db
      .insertInto('members')
      .values({ id, username, email: `${username.toLowerCase()}@example.com`, password_hash: 'not-a-real-hash' })
      .execute();
    const session = await createSession(cluster.database.db, id, Date.now());
    return { id, username, session: session.id };
  };
  cluster.befriend = async (one, other) => {
    await cluster.database.db.insertInto('friendships').values(pairOf(one.id, other.id)).execute();
  };
  cluster.open = async (member, server) => {
    const { url } = cluster.servers[server];
    const client = connect(liveUrl(url), { session: member.session, origin: url });
    clients.push(client);
    await client.waitFor((frame) => frame.type === 'ready', 10_000);
    return client;
  };
  cluster.headers = (member, server) => ({ Cookie: `mycelius_session=${member.session}`, Origin: cluster.servers[server].url });
  return cluster;
}
