import { busEventSchema, type BusEvent, type LiveBus } from '../../../../server/live/feature';

// The bus of one process, for testing a feature without the hub: every event goes through JSON and
// the contract's schema as a NOTIFY payload would, and reaches every listener, the publisher's too.

export interface MemoryBus extends LiveBus {
  /** Every event published so far, in order. */
  published: BusEvent[];
}

export function memoryBus(): MemoryBus {
  const listeners = new Set<(event: BusEvent) => void>();
  const published: BusEvent[] = [];
  return {
    published,
    async publish(event) {
      const payload = JSON.stringify(event);
      // Delivered after the publisher's own turn, as a notification would be.
      await Promise.resolve();
      const received = busEventSchema.parse(JSON.parse(payload));
      published.push(received);
      for (const listener of listeners) listener(received);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
