import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * What a screen test leaves behind, undone after each test: the rendered tree, a faked clock, stubbed
 * globals (fetch, matchMedia...), spies, and the device's storage, so the next test meets a fresh device.
 */
export function resetScreen(): void {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
}
