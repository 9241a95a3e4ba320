import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Around each test of actors that talk to a (fake) server: `start` sets up what the test needs, and the
 * warnings and errors a failed call logs stay out of the output; afterwards `stop` ends what the test
 * started, and timers are real again and every stub and spy is undone, so no test leaks into the next.
 */
export function runEachTestQuietly({ start, stop }: { start?: () => void; stop: () => void }): void {
  beforeEach(() => {
    start?.();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
