import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { EmbeddedDatabase } from './pgliteThread';

/**
 * Kysely's PostgresDialect over PGlite: a "pool" of PGlite's one connection. It is lent to one
 * caller at a time (connect() waits for the previous release()), so the statements of one
 * transaction never interleave with another request's.
 */
export function pglitePool(pglite: Pick<EmbeddedDatabase, 'query' | 'close' | 'closed'>): PostgresPool {
  let lastTurn: Promise<void> = Promise.resolve();

  async function connect(): Promise<PostgresPoolClient> {
    let endTurn!: () => void;
    const turn = new Promise<void>((resolve) => (endTurn = resolve));
    const previous = lastTurn;
    lastTurn = previous.then(() => turn);
    await previous;

    let released = false;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        if (released) throw new Error('This PGlite connection was already released.');
        const result = await pglite.query(sql, [...parameters]);
        return {
          command: (result.command ?? sql.trim().split(/\s+/, 1)[0] ?? '').toUpperCase() as PostgresQueryResult<R>['command'],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows as R[],
        };
      },
      release() {
        if (released) return;
        released = true;
        endTurn();
      },
    };
    return client as PostgresPoolClient;
  }

  return {
    options: {},
    connect,
    async end() {
      // Let the caller holding the connection finish before closing it.
      await lastTurn;
      if (!pglite.closed) await pglite.close();
    },
  };
}
