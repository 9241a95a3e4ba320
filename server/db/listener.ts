import pg from 'pg';
import { silentLogger, type Logger } from '../lib/log';

// LISTEN needs a session of its own: a pooled connection goes back to the pool (and its LISTEN with
// it) after each query. One dedicated client per process carries every channel; when it drops (a
// Postgres restart, a failover) it reconnects with a growing pause and listens again.

export type NotificationListener = (payload: string) => void;
export type Unlisten = () => Promise<void>;

export interface Listener {
  listen(channel: string, onPayload: NotificationListener): Promise<Unlisten>;
  close(): Promise<void>;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;

function quoted(channel: string): string {
  return `"${channel.replace(/"/g, '""')}"`;
}

export function postgresListener(url: string, log: Logger = silentLogger): Listener {
  const channels = new Map<string, Set<NotificationListener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let pause = RECONNECT_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  function dropped(lost: pg.Client, reason: string): void {
    if (client !== lost) return;
    client = undefined;
    connecting = undefined;
    lost.removeAllListeners();
    lost.on('error', () => undefined);
    void lost.end().catch(() => undefined);
    if (closed) return;
    log.warn('the live listener connection was lost; reconnecting', { reason, retryInMs: pause });
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => undefined);
    }, pause);
    pause = Math.min(pause * 2, RECONNECT_MAX_MS);
  }

  async function open(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: url });
    fresh.on('notification', (message) => {
      for (const onPayload of channels.get(message.channel) ?? []) onPayload(message.payload ?? '');
    });
    fresh.on('error', (error) => dropped(fresh, error.message));
    fresh.on('end', () => dropped(fresh, 'ended'));
    client = fresh;
    try {
      await fresh.connect();
      for (const channel of channels.keys()) await fresh.query(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      dropped(fresh, error instanceof Error ? error.message : String(error));
      throw error;
    }
    pause = RECONNECT_FIRST_MS;
    return fresh;
  }

  function connect(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error('The listener is closed.'));
    connecting ??= open();
    return connecting;
  }

  return {
    async listen(channel, onPayload) {
      const known = channels.get(channel);
      if (known) known.add(onPayload);
      else {
        channels.set(channel, new Set([onPayload]));
        const ready = await connect();
        // A reconnect in between listened to every channel already; asking twice is harmless.
        await ready.query(`LISTEN ${quoted(channel)}`);
      }
      return async () => {
        const set = channels.get(channel);
        set?.delete(onPayload);
        if (set?.size === 0) {
          channels.delete(channel);
          if (client) await client.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}
