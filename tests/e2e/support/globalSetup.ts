import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { migratedPgliteTemplate } from '../../support/pgliteTemplate';
import { clearApiCalls } from './apiCallRecords';
import { clearServerLogs } from './serverLogs';
import { startAppServer, type AppServer } from './server';

// One built app server for all end-to-end files (see server.ts); a file that needs a server of its own
// (a separate database, its own log-in throttle) starts one with startAppServer.

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    distDir: string;
    /** A migrated embedded database that the files' own app servers start from (a copy each). */
    databaseTemplateDir: string;
  }
}

let server: AppServer | undefined;

export async function setup(project: TestProject) {
  // Each run records the browser's /api calls afresh for scripts/routeCoverage.ts.
  clearApiCalls();
  clearServerLogs();
  // E2E_DIST lets parallel work build and test its own copy; CI uses dist/.
  const distDir = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${distDir}/index.html`)) {
    execSync(`npx vite build --logLevel warn --outDir ${distDir}`, { stdio: 'inherit' });
    execSync(`npx tsx scripts/compress.ts ${distDir}`, { stdio: 'inherit' });
  }
  // Always rebuilt (about a second), so the tests never run a stale server bundle.
  execSync('npx tsx scripts/buildServer.ts', { stdio: 'inherit' });
  const [templateDir, started] = await Promise.all([migratedPgliteTemplate(), startAppServer(distDir)]);
  server = started;
  project.provide('baseURL', server.baseURL);
  project.provide('distDir', distDir);
  project.provide('databaseTemplateDir', templateDir);
}

export async function teardown() {
  await server?.stop();
}
