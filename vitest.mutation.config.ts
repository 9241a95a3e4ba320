import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The suite Stryker runs for every mutant (stryker.config.mjs, docs/testing.md). Each folder is measured
// by the tests of its own layer and the layers below the machines: src/domain, src/storage,
// src/services and server/ by tests/{domain,storage,services,server,ai}; src/machines by those plus
// tests/machines. Rendered-screen tests (tests/ui) and model tests would otherwise run for nearly
// every mutant (everything reads storage and texts), which on two shared cores turns minutes into hours.
// `include` is replaced, not merged: mergeConfig would add these globs to the base's catch-all one.
const LOWER_LAYERS = ['tests/domain', 'tests/storage', 'tests/services', 'tests/server', 'tests/ai'];
const folders = process.env.MUTATE_FOLDER === 'machines' || process.env.MUTATE_FOLDER === 'all' ? [...LOWER_LAYERS, 'tests/machines'] : LOWER_LAYERS;

export default defineConfig({
  ...base,
  test: { ...base.test, include: folders.map((folder) => `${folder}/**/*.test.{ts,tsx}`) },
});
