import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The embedded database's Postgres settings, chosen for the server's resident memory. PGlite keeps
// Postgres's shared memory inside its WebAssembly heap and touches all of it at start, and that heap
// never shrinks: initdb's default of 128 MB of shared buffers alone was over a third of the server's
// memory. 16 MB still holds a community's hot pages (the operating system's page cache keeps the rest
// of the files one read away). Sorts and index builds grow the heap up to their work memory and it
// stays grown, so maintenance gets 16 MB instead of 64 MB.

/** Postgres settings (GUCs) the embedded database runs with. */
export const EMBEDDED_DATABASE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
};

/**
 * Extensions every embedded database loads, wherever it is opened: pg_trgm, whose trigram indexes let a
 * discover search find a name or item containing the words without reading every row (migration
 * 020_search_trigrams creates the extension and its indexes).
 */
const EMBEDDED_DATABASE_EXTENSIONS = { pg_trgm };

/** What PGlite.create gets for the database in `dataDir`, wherever it runs (server thread, scripts, creation). */
export function pgliteOptions(dataDir: string): PGliteOptions {
  const settings = Object.entries(EMBEDDED_DATABASE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return { dataDir, extensions: EMBEDDED_DATABASE_EXTENSIONS, startParams: [...PGlite.defaultStartParams, ...settings] };
}
