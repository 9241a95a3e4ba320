import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// Code under test that logs a failure through console.error: each test starts on an empty local storage
// with console.error recorded instead of printed, so a test can tell what was logged.

/** Registers the hooks; answers the current test's console.error spy. */
export function emptyStorageAndRecordedConsoleErrors(): () => MockInstance<typeof console.error> {
  let spy: MockInstance<typeof console.error> | undefined;
  beforeEach(() => {
    localStorage.clear();
    spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => spy?.mockRestore());
  return () => {
    if (!spy) throw new Error('console.error is recorded only while a test runs');
    return spy;
  };
}
