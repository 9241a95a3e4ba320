import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/support/setup.ts'],
    // A throwaway Postgres cluster (or DATABASE_URL_TEST) for the members database tests.
    globalSetup: ['tests/support/databaseGlobalSetup.ts'],
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. Many files spend
    // their time waiting on child processes, Postgres and real timers, so a second worker overlaps them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads rather than child processes: each file's modules load faster in a thread (the server
    // tests took 360 s in threads against 428 s in processes, the screen and domain tests 68 s against 81 to
    // 98 s, on the two-core machine), and no test needs a process of its own (those that do start one).
    pool: 'threads',
    // Model-based tests replay hundreds of paths; leave room on a busy two-core machine.
    testTimeout: 30_000,
  },
});
