import { afterEach, beforeEach, vi } from 'vitest';
import { announceViewer, withdrawViewer } from '../../src/shared/session/viewer';

/**
 * Each test runs with an empty `localStorage` and member `memberId` signed in on this device; the
 * warnings and errors a failed call logs stay out of the output, and afterwards the member is signed
 * out and every stub and spy is undone.
 */
export function runEachTestSignedInAs(memberId: string): void {
  beforeEach(() => {
    localStorage.clear();
    announceViewer({ kind: 'member', memberId });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    withdrawViewer();
  });
}
