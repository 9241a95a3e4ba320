import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLiveBus, type StartedBus } from '../../../server/live/bus';
import type { BusEvent } from '../../../server/live/feature';
import { createLogger } from '../../../server/lib/log';
import { ALL_DATABASE_KINDS } from '../members/support/testDatabase';
import { openDatabaseWithBusAroundTests } from './support/liveWorld';

// The bus between servers: what one publishes, every listener hears (the publisher too), on
// Postgres NOTIFY and on PGlite's in-process notifications alike.

function heard(bus: StartedBus, count: number): Promise<BusEvent[]> {
  const events: BusEvent[] = [];
  return new Promise((resolve) => {
    const stop = bus.subscribe((event) => {
      events.push(event);
      if (events.length === count) {
        stop();
        resolve(events);
      }
    });
  });
}

describe.each(ALL_DATABASE_KINDS)('the live bus on %s', (kind) => {
  const live = openDatabaseWithBusAroundTests(kind);

  it('delivers a published event back to its own process, in publishing order', async () => {
    const arriving = heard(live.bus, 2);
    await live.bus.publish({ kind: 'presence', memberId: 'a7d1c3a0-0000-4000-8000-000000000001' });
    await live.bus.publish({ kind: 'friendRequest', from: 'one', to: 'two' });
    expect(await arriving).toEqual([
      { kind: 'presence', memberId: 'a7d1c3a0-0000-4000-8000-000000000001' },
      { kind: 'friendRequest', from: 'one', to: 'two' },
    ]);
  });

  it('ignores payloads on its channel that are not bus events', async () => {
    const arriving = heard(live.bus, 1);
    await sql`select pg_notify('mycelius_live', 'not json')`.execute(live.database.db);
    await sql`select pg_notify('mycelius_live', ${JSON.stringify({ kind: 'unknown', id: '1' })})`.execute(live.database.db);
    await live.bus.publish({ kind: 'message', id: '42' });
    expect(await arriving).toEqual([{ kind: 'message', id: '42' }]);
  });

  it('tells its caller about bad payloads and failing listeners, and stops delivering once unsubscribed or closed', async () => {
    const problems: [string, unknown][] = [];
    const own = createLiveBus(live.database, (message, error) => problems.push([message, error instanceof Error ? error.message : error]));
    await own.ready;
    const received: BusEvent[] = [];
    const dropped: BusEvent[] = [];
    own.subscribe(() => {
      throw new Error('listener broke');
    });
    own.subscribe((event) => received.push(event));
    const stop = own.subscribe((event) => dropped.push(event));
    stop();
    await sql`select pg_notify('mycelius_live', 'not json')`.execute(live.database.db);
    await own.publish({ kind: 'message', id: '7' });
    await expect.poll(() => received).toEqual([{ kind: 'message', id: '7' }]);
    expect(problems).toEqual([
      ['ignored an invalid live bus payload', undefined],
      ['a live bus listener failed', 'listener broke'],
    ]);
    expect(dropped).toEqual([]);

    await own.close();
    const arriving = heard(live.bus, 1);
    await live.bus.publish({ kind: 'message', id: '8' });
    await arriving;
    expect(received).toEqual([{ kind: 'message', id: '7' }]);
  });

  it('holds an event published inside a transaction until it commits, and drops it on rollback', async () => {
    const arriving = heard(live.bus, 1);
    await live.database.db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_notify('mycelius_live', ${JSON.stringify({ kind: 'debate', debateId: 'rolled-back' })})`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await live.database.db.transaction().execute(async (trx) => {
      await sql`select pg_notify('mycelius_live', ${JSON.stringify({ kind: 'debate', debateId: 'committed' })})`.execute(trx);
    });
    expect(await arriving).toEqual([{ kind: 'debate', debateId: 'committed' }]);
  });

  it('sends the events of one turn as one notification, split under 8000 bytes, and delivers them in order', async () => {
    const notifications: string[] = [];
    const unlisten = await live.database.listen('mycelius_live', (payload) => notifications.push(payload));
    try {
      const events: BusEvent[] = Array.from({ length: 300 }, (_, n) => ({ kind: 'message', id: String(1000 + n) }));
      const arriving = heard(live.bus, 300);
      await Promise.all(events.map((event) => live.bus.publish(event)));
      expect(await arriving).toEqual(events);
      // 300 events of 31 bytes each are about 9,300 bytes: two notifications, each a JSON array under the limit.
      await expect.poll(() => notifications.length).toBe(2);
      expect(notifications.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
      expect(notifications.flatMap((payload) => JSON.parse(payload) as unknown[])).toEqual(events);
    } finally {
      await unlisten();
    }
  });

  it('reads a payload that is an array of events, skipping the invalid ones', async () => {
    const arriving = heard(live.bus, 2);
    const payload = JSON.stringify([{ kind: 'message', id: '1' }, { kind: 'unknown' }, { kind: 'typing', from: 'a', to: 'b' }]);
    await sql`select pg_notify('mycelius_live', ${payload})`.execute(live.database.db);
    expect(await arriving).toEqual([
      { kind: 'message', id: '1' },
      { kind: 'typing', from: 'a', to: 'b' },
    ]);
  });

  it('reaches a second listener on the same database (another server process on Postgres)', async () => {
    const second = createLiveBus(live.database);
    await second.ready;
    try {
      const arriving = heard(second, 1);
      await live.bus.publish({ kind: 'typing', from: 'a', to: 'b' });
      expect(await arriving).toEqual([{ kind: 'typing', from: 'a', to: 'b' }]);
    } finally {
      await second.close();
    }
  });
});

describe('the live bus on postgres, when its listening connection drops', () => {
  const logLines: string[] = [];
  const live = openDatabaseWithBusAroundTests('postgres', createLogger('info', (line) => logLines.push(line)));

  it('reconnects and listens again, so later events arrive', async () => {
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`.execute(live.database.db);
    expect(rows).toEqual([{ ended: true }]);

    let heard = false;
    live.bus.subscribe((event) => {
      if (event.kind === 'message' && event.id === 'after-the-drop') heard = true;
    });
    // Events published while it is away are lost (a reconnecting client resyncs); keep publishing until one lands.
    await expect
      .poll(
        async () => {
          await live.bus.publish({ kind: 'message', id: 'after-the-drop' });
          return heard;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    // The server's structured log hears of it (not stderr), with the first pause before reconnecting.
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'the live listener connection was lost; reconnecting', retryInMs: 250 }),
    );
  });
});
