import { loadConfig } from '../config';
import { migrateConfiguredDatabase } from './migrateCommand';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.

console.log(await migrateConfiguredDatabase(loadConfig().database));
