import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { migrateToLatest } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/open';

// Creating an embedded database runs initdb in WebAssembly (5 to 20 s on two busy cores) and the
// migrations take seconds more. The unit suite's test databases and the e2e suite's app servers start
// from one migrated copy instead, made here and kept in node_modules/.cache between runs.

const CACHE = join('node_modules', '.cache');

/** Brings the database at `config` to the latest migration and closes it: a template's whole making. */
export async function migrateAndClose(config: Parameters<typeof openDatabase>[0]): Promise<void> {
  const opened = await openDatabase(config);
  try {
    await migrateToLatest(opened.db);
  } finally {
    await opened.close();
  }
}

const PGLITE_TEMPLATE_PREFIX = 'mycelius-pglite-template-';

/** What the embedded template is made from: the database code, its migrations and PGlite's version. */
function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  for (const folder of ['server/db', 'server/db/migrations']) {
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.ts')).sort()) {
      hash.update(`${folder}/${name}\n`).update(readFileSync(join(folder, name)));
    }
  }
  hash.update(readFileSync(join('node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated embedded template, kept in node_modules/.cache between runs under a key of what it is made
 * from, so running one test file does not wait for initdb; a fresh clone (CI) makes it once. It is made in a
 * folder of its own and renamed into place whole, so a run stopped halfway, or two runs at once (Stryker's
 * runners), never leave or read half a template. Templates of other keys are removed.
 */
export async function migratedPgliteTemplate(): Promise<string> {
  const name = `${PGLITE_TEMPLATE_PREFIX}${pgliteTemplateKey()}`;
  const kept = join(CACHE, name);
  if (existsSync(join(kept, 'PG_VERSION'))) return kept;
  mkdirSync(CACHE, { recursive: true });
  const making = mkdtempSync(join(CACHE, 'mycelius-making-pglite-template-'));
  try {
    await migrateAndClose({ dataDir: making });
    renameSync(making, kept);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // Another run put the same template in place first: that one serves.
    if (!existsSync(join(kept, 'PG_VERSION'))) throw error;
  }
  for (const other of readdirSync(CACHE).filter((entry) => entry.startsWith(PGLITE_TEMPLATE_PREFIX) && entry !== name)) {
    rmSync(join(CACHE, other), { recursive: true, force: true });
  }
  return kept;
}
