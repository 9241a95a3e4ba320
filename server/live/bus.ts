import { sql, type Kysely } from 'kysely';
import { batchedInOrder } from '../lib/batchedInOrder';
import type { NotificationListener, Unlisten } from '../db/listener';
import type { Database } from '../db/schema';
import { busEventSchema, type BusEvent, type LiveBus } from './feature';

// The bus between server processes: Postgres NOTIFY on one channel, whose payload is a JSON array
// of BusEvents (ids only) or, as older publishers sent, one BusEvent. The events published in the same
// turn of the event loop, or while the NOTIFY before them was being sent, go out as one NOTIFY (a
// payload of many ids costs one statement and one wake-up of every listener instead of one each), split
// below NOTIFY's 8000-byte payload limit, one NOTIFY after the other so they arrive in publishing order.
// PGlite (one process) runs the same statements; its notifications arrive in-process. This file is the
// seam to another broker (NATS, Redis pub/sub): the rest of the live layer sees only LiveBus.

export const LIVE_CHANNEL = 'mycelius_live';

export interface BusDatabase {
  db: Kysely<Database>;
  listen(channel: string, onPayload: NotificationListener): Promise<Unlisten>;
}

export interface StartedBus extends LiveBus {
  /** Settles once this process is listening (events published before then do not reach it). */
  ready: Promise<void>;
}

/** Below NOTIFY's 8000-byte limit, with room for the brackets. */
export const MAX_PAYLOAD_BYTES = 7_900;

/** The events of one payload (an invalid one as undefined), or undefined when the payload is not JSON. */
function parsePayload(payload: string): (BusEvent | undefined)[] | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return undefined;
  }
  return (Array.isArray(raw) ? raw : [raw]).map((item) => {
    const parsed = busEventSchema.safeParse(item);
    return parsed.success ? parsed.data : undefined;
  });
}

/** Events already serialised, packed into as few payloads as fit under the limit, in order. */
function payloadsOf(serialised: readonly string[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const item of serialised) {
    const size = Buffer.byteLength(item) + 1;
    if (current.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}

interface Pending {
  serialised: string;
  settle: { resolve: () => void; reject: (error: unknown) => void };
}

export function createLiveBus(database: BusDatabase, onProblem: (message: string, error?: unknown) => void = () => undefined, channel = LIVE_CHANNEL): StartedBus {
  const listeners = new Set<(event: BusEvent) => void>();
  const deliverOne = (event: BusEvent | undefined) => {
    if (!event) return onProblem('ignored an invalid live bus payload');
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        onProblem('a live bus listener failed', error);
      }
    }
  };
  const deliver = (payload: string) => {
    const events = parsePayload(payload);
    if (!events) return onProblem('ignored an invalid live bus payload');
    events.forEach(deliverOne);
  };
  // The NOTIFYs go out one batch after the other (two pooled connections could otherwise commit them out of
  // order), and the events published while one batch is being sent go out together in the next.
  const notify = batchedInOrder<Pending>(
    async (batch) => {
      try {
        for (const payload of payloadsOf(batch.map((item) => item.serialised))) {
          await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
        }
        batch.forEach((item) => item.settle.resolve());
      } catch (error) {
        batch.forEach((item) => item.settle.reject(error));
      }
    },
    (error) => onProblem('a live bus batch was left unsettled', error),
  );
  const listening = database.listen(channel, deliver);
  const ready = listening.then(() => undefined);
  ready.catch((error: unknown) => onProblem('the live bus could not listen', error));

  return {
    ready,
    async publish(event) {
      const serialised = JSON.stringify(busEventSchema.parse(event));
      return new Promise<void>((resolve, reject) => notify({ serialised, settle: { resolve, reject } }));
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
