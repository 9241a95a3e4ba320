import { useState, type ReactNode } from 'react';
import { createProfileActors } from '../../src/features/profile/actors';
import { ProfileActorsProvider, type ProfileActors } from '../../src/features/profile/ui/ProfileActors';

// Profile screens take their IO from ProfileActorsProvider, as the app gives it; tests render them with the
// real actors (network faked at fetch) or override one machine's actors.

export function WithProfileActors({ override, children }: { override?: (real: ProfileActors) => ProfileActors; children: ReactNode }) {
  const [actors] = useState(() => {
    const real = createProfileActors();
    return override ? override(real) : real;
  });
  return <ProfileActorsProvider value={actors}>{children}</ProfileActorsProvider>;
}
