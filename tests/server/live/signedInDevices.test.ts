import { describe, expect, it } from 'vitest';
import { createSession } from '../../../server/members/sessions';
import { useTwoServers, type ClusterMember, type TwoServers } from './support/twoServers';

// Two server processes on one Postgres: signing a device out through one server closes that session's
// sockets on both within 2 s with 4401 (the app's 'session ended'), and only that session's; signing out
// everywhere else closes every socket of the member but those of the session that asked.

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);
const stillOpen = (closed: Promise<unknown>) => Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 300))]);

async function call(cluster: TwoServers, member: ClusterMember, method: string, path: string): Promise<Response> {
  return fetch(`${cluster.servers[1].url}${path}`, { method, headers: cluster.headers(member, 1) });
}

describe('signed-in devices on two server processes', () => {
  const cluster = useTwoServers();

  async function anotherDevice(member: ClusterMember): Promise<ClusterMember> {
    return { ...member, session: (await createSession(cluster.database.db, member.id, Date.now())).id };
  }

  it("'Sign out' on one device closes that session's sockets on both servers within 2 s, and no other", async () => {
    const laptop = await cluster.member('Dana');
    const phone = await anotherDevice(laptop);
    const kept = await cluster.open(laptop, 0);
    const onFirst = await cluster.open(phone, 0);
    const onSecond = await cluster.open(phone, 1);

    const listed = await call(cluster, laptop, 'GET', '/api/me/devices');
    const { devices } = (await listed.json()) as { devices: { id: string; current: boolean }[] };
    const other = devices.find((d) => !d.current)!;
    expect((await call(cluster, laptop, 'DELETE', `/api/me/devices/${other.id}`)).status).toBe(204);
    expect(await within(Promise.all([onFirst.closed, onSecond.closed]), 2_000)).toEqual([4401, 4401]);
    expect(await stillOpen(kept.closed)).toBe('open');
  });

  it("'Sign out everywhere else' closes every other session's sockets on both servers within 2 s, and keeps the caller's", async () => {
    const laptop = await cluster.member('Eli');
    const phone = await anotherDevice(laptop);
    const tablet = await anotherDevice(laptop);
    const bystander = await cluster.member('Fay');
    const kept = [await cluster.open(laptop, 0), await cluster.open(laptop, 1)];
    const ended = [await cluster.open(phone, 0), await cluster.open(tablet, 1)];
    const theirs = await cluster.open(bystander, 0);

    expect((await call(cluster, laptop, 'DELETE', '/api/me/devices')).status).toBe(204);
    expect(await within(Promise.all(ended.map((c) => c.closed)), 2_000)).toEqual([4401, 4401]);
    for (const socket of [...kept, theirs]) expect(await stillOpen(socket.closed)).toBe('open');
  });
});
