import { loadConfig } from '../config';
import { exitIfDataDirLocked } from './dataDirLock';
import { migrateConfiguredDatabase } from './migrateCommand';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.

console.log(await migrateConfiguredDatabase(loadConfig().database).catch(exitIfDataDirLocked));
