import { createContext } from 'react';
import type { NoticesImplementations } from '../actors/notices.actors';
import { useProvided } from '../../../shared/ui/useProvided';

/** Makes the notices machine's IO for one notices actor; given where the live layer is assembled. */
export const NoticesActorsContext = createContext<(() => NoticesImplementations) | null>(null);

export function useNoticesImplementations(): () => NoticesImplementations {
  return useProvided(NoticesActorsContext, 'Live notices need NoticesActorsContext: provide createNoticesImplementations above them.');
}
