import { useContext, useState, type ReactNode } from 'react';
import { ViewerSourceContext } from '../../src/app/ViewerSourceContext';
import { createClientConfigLoader } from '../../src/shared/http/config';
import { createViewerSource } from '../../src/shared/session/viewer';
import { createProfileActors } from '../../src/features/profile/actors';
import { ProfileActorsProvider, type ProfileActors } from '../../src/features/profile/ui/ProfileActors';

// Profile screens take their IO from ProfileActorsProvider, as the app gives it; tests render them with the
// real actors (network faked at fetch) or override one machine's actors.

export function WithProfileActors({ override, children }: { override?: (real: ProfileActors) => ProfileActors; children: ReactNode }) {
  // The session's viewer source when the test renders one above, else a fresh one (a guest here).
  const above = useContext(ViewerSourceContext);
  const [actors] = useState(() => {
    const real = createProfileActors(above ?? createViewerSource(), createClientConfigLoader());
    return override ? override(real) : real;
  });
  return <ProfileActorsProvider value={actors}>{children}</ProfileActorsProvider>;
}
