import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The suite Stryker runs for every mutant (stryker.config.mjs). The rendered-screen tests in tests/ui
// are left out: each mutant would reload React and happy-dom for them, which on two shared cores
// multiplies the run time, and the layers measured here (machines, domain, services, storage, server)
// have their own tests. docs/testing.md gives the scores this suite reaches.
export default mergeConfig(base, defineConfig({
  test: { exclude: ['tests/e2e/**', 'tests/ui/**', 'tests/docs/**', 'node_modules/**'] },
}));
