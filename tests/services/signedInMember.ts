import { afterEach, beforeEach, vi } from 'vitest';
import type { ViewerSource } from '../../src/shared/session/viewer';

/**
 * Each test runs with an empty `localStorage` and member `memberId` signed in on this device (announced on
 * the test's viewer source); the warnings and errors a failed call logs stay out of the output, and
 * afterwards the member is signed out and every stub and spy is undone.
 */
export function runEachTestSignedInAs(viewer: Pick<ViewerSource, 'announce' | 'withdraw'>, memberId: string): void {
  beforeEach(() => {
    localStorage.clear();
    viewer.announce({ kind: 'member', memberId });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    viewer.withdraw();
  });
}
