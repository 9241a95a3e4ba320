import { createContext, useContext } from 'react';
import type { LiveActor } from '../machines/liveLink';

/** The member's live actor, provided by LiveRoot; null for a guest, while it loads, and outside the app's session root. */
export const LiveContext = createContext<LiveActor | null>(null);

export function useLive(): LiveActor | null {
  return useContext(LiveContext);
}
