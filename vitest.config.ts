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
    // Model-based tests replay hundreds of paths; leave room on a busy two-core machine.
    testTimeout: 30_000,
  },
});
