import type { TestProject } from 'vitest/node';
import { startThrowawayCluster, type ThrowawayCluster } from './postgresCluster';

// The database tests run against PGlite and against a real Postgres server: DATABASE_URL_TEST when
// set (it needs the right to create databases), otherwise a throwaway cluster for this run.

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

let cluster: ThrowawayCluster | undefined;

export async function setup(project: TestProject) {
  const given = process.env.DATABASE_URL_TEST?.trim();
  if (given) {
    project.provide('postgresAdminUrl', given);
    return;
  }
  cluster = await startThrowawayCluster();
  project.provide('postgresAdminUrl', cluster.url);
}

export function teardown() {
  cluster?.stop();
}
