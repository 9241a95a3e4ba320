import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The suite Stryker runs for every mutant (stryker.config.mjs, docs/testing.md). Each kind of code is
// measured by the tests of its own kind and the kinds below the machines: src/domain, the features'
// storage and services (and src/shared's) and server/ by tests/{domain,storage,services,server,ai};
// the features' machines by those plus tests/machines. Rendered-screen tests (tests/ui) and model tests would otherwise run for nearly
// every mutant (everything reads storage and texts), which on two shared cores turns minutes into hours.
// `include` is replaced, not merged: mergeConfig would add these globs to the base's catch-all one.
const LOWER_LAYERS = ['tests/domain', 'tests/storage', 'tests/services', 'tests/server', 'tests/ai'];
const folders = process.env.MUTATE_FOLDER?.startsWith('machines') || process.env.MUTATE_FOLDER === 'all' ? [...LOWER_LAYERS, 'tests/machines'] : LOWER_LAYERS;

// The http part (the app shell, the middleware and the guest routes) is measured by the server tests at
// its own level, tests/server/*.test.ts, and not by the members, social and live suites above it. Those
// pass through every middleware, so each of its mutants re-ran some 30 database-backed and timer-bound
// files: the part was estimated at five hours on two cores. The members' and chat routes are measured
// in the members and live parts, with those suites.
const HTTP_LEVEL_ONLY = ['tests/server/members/**', 'tests/server/social/**', 'tests/server/live/**'];
const aboveHttp = process.env.MUTATE_FOLDER === 'server-http' ? HTTP_LEVEL_ONLY : [];

// Left out per mutant: tests that run the code in a child process (process.test.ts, the kill -9
// durability test, the mail queue after kill -9, the two-servers live test, the outside call under
// forced garbage collection).
// Stryker sees no coverage from another process. The first three start server/start.ts, which is not
// mutated; the in-process tests cover what it wires together, and upstreamBodies.test.ts the call.
const SPAWNING = ['tests/server/process.test.ts', 'tests/server/members/durability.test.ts', 'tests/server/live/twoServers.test.ts', 'tests/server/mail/mailAfterKill.test.ts', 'tests/server/upstreamTimeoutUnderCollection.test.ts'];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: folders.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
    exclude: [...(base.test?.exclude ?? []), ...SPAWNING, ...aboveHttp],
    // The HTTP-level members tests run on Postgres only (a fresh PGlite costs seconds per covering
    // file and mutant); tests/server/members/database.test.ts still runs on both engines.
    env: { ...base.test?.env, TEST_DATABASES: 'postgres' },
    // Stryker runs MUTATION_CONCURRENCY of these suites side by side already: one worker each.
    maxWorkers: 1,
  },
});
