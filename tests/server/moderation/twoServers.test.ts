import { describe, expect, it } from 'vitest';
import { useTwoServers, type ClusterMember, type TwoServers } from '../live/support/twoServers';

// Two server processes on one Postgres: when an operator suspends or deletes a member through one,
// the member's open sockets on both close within 2 s with 4401 (the app's 'session ended', which
// returns it to log-in and stops it reconnecting), long before the 20 s heartbeat would notice.

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

async function act(cluster: TwoServers, operator: ClusterMember, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${cluster.servers[1].url}${path}`, {
    method: 'POST',
    headers: { ...cluster.headers(operator, 1), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

describe('operators on two server processes', () => {
  const cluster = useTwoServers();

  it("a suspension through server 2 closes the member's sockets on both servers within 2 s", async () => {
    const olga = await cluster.member('Olga');
    await cluster.database.db.insertInto('operators').values({ member_id: olga.id }).execute();
    const bob = await cluster.member('Bob');
    const bystander = await cluster.member('Cy');
    const onFirst = await cluster.open(bob, 0);
    const onSecond = await cluster.open(bob, 1);
    const other = await cluster.open(bystander, 0);

    expect(await act(cluster, olga, `/api/admin/members/${bob.id}/suspend`, { length: '1d', reason: 'Threats' })).toBe(200);
    expect(await within(Promise.all([onFirst.closed, onSecond.closed]), 2_000)).toEqual([4401, 4401]);
    // Nobody else's socket closes.
    const still = await Promise.race([other.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 300))]);
    expect(still).toBe('open');
  });

  it("deleting an account through server 2 closes the member's sockets on both servers within 2 s", async () => {
    const olga = await cluster.member('Olga2');
    await cluster.database.db.insertInto('operators').values({ member_id: olga.id }).execute();
    const dee = await cluster.member('Dee');
    const onFirst = await cluster.open(dee, 0);
    const onSecond = await cluster.open(dee, 1);
    expect(await act(cluster, olga, `/api/admin/members/${dee.id}/delete`, { reason: 'Scam' })).toBe(200);
    expect(await within(Promise.all([onFirst.closed, onSecond.closed]), 2_000)).toEqual([4401, 4401]);
  });
});
