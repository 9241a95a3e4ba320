import { cleanup } from '@testing-library/react';
import { useContext, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ViewerSourceContext } from '../../src/app/ViewerSourceContext';
import { createClientConfigLoader } from '../../src/shared/http/config';
import { createViewerSource } from '../../src/shared/session/viewer';
import { createProfileActors } from '../../src/features/profile/actors';
import { ProfileActorsProvider, type ProfileActors } from '../../src/features/profile/ui/ProfileActors';

// Profile screens take their IO from ProfileActorsProvider, as the app gives it; tests render them with the
// real actors (network faked at fetch) or override one machine's actors.

/**
 * Each test of this file starts on an empty device (local and session storage) and ends unmounted with fetch
 * restored; the failures the screens are driven into stay out of the console.
 */
export function freshDeviceForEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export function WithProfileActors({ override, children }: { override?: (real: ProfileActors) => ProfileActors; children: ReactNode }) {
  // The session's viewer source when the test renders one above, else a fresh one (a guest here).
  const above = useContext(ViewerSourceContext);
  const [actors] = useState(() => {
    const real = createProfileActors(above ?? createViewerSource(), createClientConfigLoader());
    return override ? override(real) : real;
  });
  return <ProfileActorsProvider value={actors}>{children}</ProfileActorsProvider>;
}
