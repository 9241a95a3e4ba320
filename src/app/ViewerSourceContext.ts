import { createContext, useContext } from 'react';
import type { ViewerSource } from '../shared/session/viewer';

/** The app's one viewer source: the session announces on it, the features' actors read it. */
export const ViewerSourceContext = createContext<ViewerSource | null>(null);

export function useViewerSource(): ViewerSource {
  const viewer = useContext(ViewerSourceContext);
  if (!viewer) throw new Error('The app\'s actors need ViewerSourceContext: the session root (or the test) provides the viewer source.');
  return viewer;
}
