import { loadConfig } from '../config';
import { migrateToLatest } from './migrate';
import { openDatabase } from './open';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.

const { database } = loadConfig();
const opened = await openDatabase(database);
try {
  const applied = await migrateToLatest(opened.db);
  const where = opened.kind === 'postgres' ? 'the Postgres server (DATABASE_URL)' : `PGlite in ${database.dataDir}`;
  console.log(applied.length > 0 ? `Applied ${applied.join(', ')} to ${where}.` : `The database in ${where} is up to date.`);
} finally {
  await opened.close();
}
