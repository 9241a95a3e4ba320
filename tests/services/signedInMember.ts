import { runEachTestQuietly } from '../support/machineTestLifecycle';
import type { ViewerSource } from '../../src/shared/session/viewer';

/**
 * Each test runs with an empty `localStorage` and member `memberId` signed in on this device (announced on
 * the test's viewer source); the warnings and errors a failed call logs stay out of the output, and
 * afterwards the member is signed out and every stub, spy and fake timer is undone.
 */
export function runEachTestSignedInAs(viewer: Pick<ViewerSource, 'announce' | 'withdraw'>, memberId: string): void {
  runEachTestQuietly({
    start: () => {
      localStorage.clear();
      viewer.announce({ kind: 'member', memberId });
    },
    stop: () => viewer.withdraw(),
  });
}
