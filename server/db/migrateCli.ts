import { loadConfig } from '../config';
import { migrateToLatest } from './migrate';
import { openDatabase } from './open';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.

const { database } = loadConfig();
const opened = await openDatabase(database);
try {
  const applied = await migrateToLatest(opened.db);
  const where = opened.kind === 'postgres' ? 'the Postgres server at DATABASE_URL' : `the embedded database in ${database.dataDir}`;
  console.log(applied.length > 0 ? `Applied ${applied.join(', ')} to ${where}.` : `Nothing to apply: ${where} is up to date.`);
} finally {
  await opened.close();
}
