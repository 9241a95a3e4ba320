import { createContext, useContext } from 'react';
import type { NoticesImplementations } from '../actors/notices.actors';

/** Makes the notices machine's IO for one notices actor; given where the live layer is assembled. */
export const NoticesActorsContext = createContext<(() => NoticesImplementations) | null>(null);

export function useNoticesImplementations(): () => NoticesImplementations {
  const create = useContext(NoticesActorsContext);
  if (!create) throw new Error('Live notices need NoticesActorsContext: provide createNoticesImplementations above them.');
  return create;
}
