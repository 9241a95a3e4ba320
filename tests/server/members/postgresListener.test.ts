import { connect, createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postgresListener, type Listener } from '../../../server/db/listener';
import type { Logger } from '../../../server/lib/log';
import { createPostgresDatabase } from './support/testDatabase';

// The dedicated LISTEN connection on Postgres: every channel on one session, listeners added and
// removed, and a connection that drops reconnects with a growing pause, each drop one warning in the
// log. The listener reaches Postgres through a TCP relay the test can cut, like a server restart.

interface Relay {
  url: string;
  /** Cuts every open connection; while `refuse` holds, new ones are cut as soon as they arrive. */
  cut(options: { refuse: boolean }): void;
  close(): Promise<void>;
}

async function relayTo(target: string): Promise<Relay> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let refusing = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = createServer((downstream) => {
    track(downstream);
    if (refusing) {
      downstream.destroy();
      return;
    }
    const up = connect(Number(upstream.port), upstream.hostname);
    track(up);
    downstream.pipe(up).pipe(downstream);
    downstream.on('close', () => up.destroy());
    up.on('close', () => downstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no port');
  const url = new URL(target);
  url.host = `127.0.0.1:${address.port}`;
  return {
    url: url.toString(),
    cut({ refuse }) {
      refusing = refuse;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Warning {
  msg: string;
  fields: Record<string, unknown> | undefined;
}

function recordingLogger(): { log: Logger; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const ignore = () => undefined;
  return { log: { debug: ignore, info: ignore, error: ignore, warn: (msg, fields) => warnings.push({ msg, fields }) }, warnings };
}

/** A throwaway database for the describe block, and a plain client on it that sends the notifications. */
function openDatabaseWithAdminAroundTests(): { url: () => string; admin: () => pg.Client } {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the database is not open yet');
    return value;
  };
  return { url: () => ready(database).url, admin: () => ready(admin) };
}

describe('the Postgres LISTEN connection', () => {
  const postgres = openDatabaseWithAdminAroundTests();
  let listener: Listener;
  let warnings: Warning[];

  beforeEach(() => {
    const recording = recordingLogger();
    warnings = recording.warnings;
    listener = postgresListener(postgres.url(), recording.log);
  });
  afterEach(async () => {
    await listener.close();
  });

  const notify = (channel: string, payload: string) => postgres.admin().query('select pg_notify($1, $2)', [channel, payload]);

  /** The payloads each named listener heard, in order. */
  function heard() {
    const payloads = new Map<string, string[]>();
    return {
      payloads,
      listener: (name: string) => (payload: string) => payloads.set(name, [...(payloads.get(name) ?? []), payload]),
    };
  }

  it('hands every payload on a channel to each of its listeners, and none to another channel; names keep their case and quotes', async () => {
    const record = heard();
    await listener.listen('Live "Bus"', record.listener('first'));
    await listener.listen('Live "Bus"', record.listener('second'));
    await listener.listen('other', record.listener('other'));
    await notify('Live "Bus"', 'one');
    await notify('other', 'two');
    await expect.poll(() => record.payloads.get('other')).toEqual(['two']);
    expect(record.payloads.get('first')).toEqual(['one']);
    expect(record.payloads.get('second')).toEqual(['one']);
  });

  it('stops one listener when it unlistens while the others on its channel keep hearing; unlistening twice is harmless', async () => {
    const record = heard();
    const stopFirst = await listener.listen('chat', record.listener('first'));
    await listener.listen('chat', record.listener('second'));
    await stopFirst();
    await stopFirst();
    await notify('chat', 'after');
    await expect.poll(() => record.payloads.get('second')).toEqual(['after']);
    expect(record.payloads.get('first')).toBeUndefined();
  });

  it('hears nothing on a channel whose last listener left, and can listen to it again', async () => {
    const record = heard();
    const stop = await listener.listen('chat', record.listener('gone'));
    await listener.listen('marker', record.listener('marker'));
    await stop();
    await stop();
    await notify('chat', 'unheard');
    await notify('marker', 'sent after');
    await expect.poll(() => record.payloads.get('marker')).toEqual(['sent after']);
    expect(record.payloads.get('gone')).toBeUndefined();

    await listener.listen('chat', record.listener('back'));
    await notify('chat', 'heard');
    await expect.poll(() => record.payloads.get('back')).toEqual(['heard']);
  });

  it('refuses to listen once closed, and leaves no session on the server', async () => {
    const record = heard();
    await listener.listen('chat', record.listener('chat'));
    const sessions = async () =>
      Number((await postgres.admin().query<{ count: string }>("select count(*) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'")).rows[0]?.count);
    await expect.poll(sessions).toBe(1);
    await listener.close();
    await expect(listener.listen('news', record.listener('late'))).rejects.toThrow('The listener is closed.');
    await expect.poll(sessions).toBe(0);
    expect(warnings).toEqual([]);
  });
});

describe('the Postgres LISTEN connection through a connection that drops', () => {
  const postgres = openDatabaseWithAdminAroundTests();
  let relay: Relay;

  beforeEach(async () => {
    relay = await relayTo(postgres.url());
  });
  afterEach(async () => {
    await relay.close();
  });

  it('warns once per drop, waits 250 ms, 500 ms, 1 s while the server stays away, and listens again once it is back', async () => {
    const { log, warnings } = recordingLogger();
    const listener = postgresListener(relay.url, log);
    try {
      const payloads: string[] = [];
      await listener.listen('chat', (payload) => payloads.push(payload));
      relay.cut({ refuse: true });
      await expect.poll(() => warnings.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      relay.cut({ refuse: false });
      expect(warnings.slice(0, 3)).toEqual([
        { msg: 'the live listener connection was lost; reconnecting', fields: { reason: 'Connection terminated unexpectedly', retryInMs: 250 } },
        // A reconnect the server cuts at once ends before it is ready.
        { msg: 'the live listener connection was lost; reconnecting', fields: { reason: 'ended', retryInMs: 500 } },
        { msg: 'the live listener connection was lost; reconnecting', fields: { reason: 'ended', retryInMs: 1000 } },
      ]);
      await expect
        .poll(
          async () => {
            await postgres.admin().query("select pg_notify('chat', 'back')");
            return payloads;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toContain('back');
    } finally {
      await listener.close();
    }
  });
});
