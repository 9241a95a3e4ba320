import { sql, type Kysely } from 'kysely';
import type { NotificationListener, Unlisten } from '../db/listener';
import type { Database } from '../db/schema';
import { busEventSchema, type BusEvent, type LiveBus } from './feature';

// The bus between server processes: Postgres NOTIFY on one channel, whose payload is a BusEvent as
// JSON (ids only, far below NOTIFY's 8000-byte limit). Publishing goes through the pool like any
// query, so an event published inside a transaction is only delivered once it commits. PGlite
// (one process) runs the same statements; its notifications arrive in-process.

export const LIVE_CHANNEL = 'mycelius_live';

export interface BusDatabase {
  db: Kysely<Database>;
  listen(channel: string, onPayload: NotificationListener): Promise<Unlisten>;
}

export interface StartedBus extends LiveBus {
  /** Settles once this process is listening (events published before then do not reach it). */
  ready: Promise<void>;
}

function parseEvent(payload: string): BusEvent | undefined {
  try {
    const parsed = busEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createLiveBus(database: BusDatabase, onProblem: (message: string, error?: unknown) => void = () => undefined, channel = LIVE_CHANNEL): StartedBus {
  const listeners = new Set<(event: BusEvent) => void>();
  const deliver = (payload: string) => {
    const event = parseEvent(payload);
    if (!event) return onProblem('ignored an invalid live bus payload');
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        onProblem('a live bus listener failed', error);
      }
    }
  };
  const listening = database.listen(channel, deliver);
  const ready = listening.then(() => undefined);
  ready.catch((error: unknown) => onProblem('the live bus could not listen', error));

  return {
    ready,
    async publish(event) {
      const payload = JSON.stringify(busEventSchema.parse(event));
      await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      const unlisten = await listening.catch(() => undefined);
      await unlisten?.().catch(() => undefined);
    },
  };
}
