import { defineConfig } from 'vitest/config';

// End-to-end tests drive the built app in the system Chromium; one file at a time keeps two cores calm.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
  },
});
