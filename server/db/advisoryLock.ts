import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Holds a transaction-scoped advisory lock named `key` until the transaction ends, so every server
 * sharing the database runs the work behind the same key one transaction at a time.
 */
export async function holdTransactionLock(trx: Transaction<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
