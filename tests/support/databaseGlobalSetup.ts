import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/open';
import { bundleServer, SERVER_ENTRY_POINTS } from '../../scripts/serverBundle';
import { startThrowawayCluster, type ThrowawayCluster } from './postgresCluster';

// The database tests run against PGlite and against a real Postgres server: DATABASE_URL_TEST when
// set (it needs the right to create databases), otherwise a throwaway cluster for this run.
//
// Each test file gets a fresh database of its own, already migrated. Creating an embedded database
// runs initdb in WebAssembly (5 to 20 s on two busy cores) and the migrations take seconds more, for
// some sixty test databases a run; so both engines get one migrated template here, and a test database
// is a copy of it (a copied folder for PGlite, CREATE DATABASE ... TEMPLATE for Postgres). The PGlite one
// is kept between runs (node_modules/.cache); the Postgres one lives as long as the run's cluster. The
// migrations themselves are tested on empty databases (database.test.ts).
//
// The tests that start the server or a command-line tool as its own process run it from one bundle made
// here (tests/support/serverBundle.ts): the same build as `npm start`'s, which starts in a fraction of
// the time a TypeScript loader takes over the same files.

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A migrated Postgres database on that server, copied for each test database. */
    postgresTemplate: string;
    /** A migrated embedded database, its data folder copied for each test database. */
    pgliteTemplateDir: string;
    /** The server and its command-line tools, bundled once for the run (inside node_modules). */
    serverBundleDir: string;
  }
}

/** The command-line tools bundled beside the server, by the names the tests run them under. */
const TOOL_ENTRY_POINTS = { operator: 'scripts/operator.ts', reports: 'scripts/reports.ts', migrate: 'server/db/migrateCli.ts' };

let cluster: ThrowawayCluster | undefined;
let dropPostgresTemplate: (() => Promise<void>) | undefined;
const CACHE = join('node_modules', '.cache');
// Inside node_modules, so the bundle's external packages resolve as they do from dist-server/.
const serverBundleDir = join(CACHE, `mycelius-tests-${process.pid}`);

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Brings the database at `config` to the latest migration and closes it: a template's whole making. */
async function migrateAndClose(config: Parameters<typeof openDatabase>[0]): Promise<void> {
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
async function migratedPgliteTemplate(): Promise<string> {
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

async function migratedPostgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `mycelius_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: Postgres copies only a template nobody is connected to.
  await migrateAndClose({ dataDir: '', url: url.toString() });
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function postgresAdminUrl(): Promise<string> {
  const given = process.env.DATABASE_URL_TEST?.trim();
  if (given) return given;
  cluster = await startThrowawayCluster();
  return cluster.url;
}

export async function setup(project: TestProject) {
  const [adminUrl, templateDir] = await Promise.all([
    postgresAdminUrl(),
    migratedPgliteTemplate(),
    bundleServer(serverBundleDir, { ...SERVER_ENTRY_POINTS, ...TOOL_ENTRY_POINTS }),
  ]);
  const template = await migratedPostgresTemplate(adminUrl);
  dropPostgresTemplate = template.drop;
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', template.name);
  project.provide('pgliteTemplateDir', templateDir);
  project.provide('serverBundleDir', serverBundleDir);
}

export async function teardown() {
  rmSync(serverBundleDir, { recursive: true, force: true });
  // A given server keeps running: its template goes. A throwaway cluster goes whole.
  if (!cluster) await dropPostgresTemplate?.();
  cluster?.stop();
}
