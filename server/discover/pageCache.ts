import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The discover pages this server served, as sent, so a member who asks again for the same view before
// anything behind it has changed costs one read of discover_generation instead of a ranking check,
// their standing with every ranked member and the page's profiles. An entry is served only under the
// generation it was built under (the number moves at the commit of any write a page reads, on any
// server) and only until the ranking behind it outlives its hour. Bounded in characters, least recently
// read out first.

/** discover_generation as it stands: read before a page is built, so the page shows at least what the number says. */
export async function readDiscoverGeneration(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ n: string | number }>`select n from discover_generation`.execute(db);
  return String(rows[0]?.n ?? '');
}

interface Entry {
  generation: string;
  body: string;
  /** this server's clock, ms */
  until: number;
}

export interface PageCache {
  /** The body served for `key` under `generation`, while it is still within its lifetime at `now`. */
  read(key: string, generation: string, now: number): string | undefined;
  keep(key: string, entry: Entry): void;
}

export function pageCache(limitBytes: number): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length + key.length;
  };
  return {
    read(key, generation, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation !== generation || now >= entry.until) {
        drop(key);
        return undefined;
      }
      // A Map iterates in insertion order: re-inserting marks the entry as the newest.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    keep(key, entry) {
      drop(key);
      const size = entry.body.length + key.length;
      if (size > limitBytes) return;
      entries.set(key, entry);
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= limitBytes) break;
        drop(oldest);
      }
    },
  };
}
