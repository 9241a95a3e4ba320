import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * What every embedded database is opened with, on the calling thread and on its own worker thread
 * alike: pg_trgm, whose trigram indexes let a discover search find a name or item containing the
 * words without reading every row (migration 020_search_trigrams creates the extension and indexes).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
