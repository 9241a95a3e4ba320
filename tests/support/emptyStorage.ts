import { beforeEach, vi } from 'vitest';

/**
 * Each test starts with an empty `localStorage`, and the warning a damaged stored copy logs is kept
 * out of the test output (the tests assert what is read back, not the log line).
 */
export function startEachTestWithEmptyStorage(): void {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
}
