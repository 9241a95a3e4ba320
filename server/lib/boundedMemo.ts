// A process-local memo of derived values that holds at most `limit` entries: when full, the entry
// used least recently goes. Keys must name everything a value is derived from (versions, not ids
// alone), so a stale entry is never found, only left to age out.

export interface BoundedMemo<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export function boundedMemo<V>(limit: number): BoundedMemo<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // A Map iterates in insertion order: re-inserting marks the entry as the newest.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
  };
}
