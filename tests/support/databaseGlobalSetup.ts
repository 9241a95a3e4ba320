import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServer, SERVER_ENTRY_POINTS } from '../../scripts/serverBundle';
import { migrateAndClose, migratedPgliteTemplate } from './pgliteTemplate';
import { startThrowawayCluster, type ThrowawayCluster } from './postgresCluster';

// The database tests run against PGlite and against a real Postgres server: DATABASE_URL_TEST when
// set (it needs the right to create databases), otherwise a throwaway cluster for this run.
//
// Each test file gets a fresh database of its own, already migrated: some sixty test databases a run,
// so both engines get one migrated template here, and a test database is a copy of it (a copied folder
// for PGlite, kept between runs by pgliteTemplate.ts; CREATE DATABASE ... TEMPLATE for Postgres, living
// as long as the run's cluster). The migrations themselves are tested on empty databases
// (database.test.ts).
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
