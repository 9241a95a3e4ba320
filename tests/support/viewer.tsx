import { useContext, useState, type ReactNode } from 'react';
import { ViewerSourceContext } from '../../src/app/ViewerSourceContext';
import { createViewerSource, type ViewerSource } from '../../src/shared/session/viewer';

// The app gives its actors one viewer source where it is assembled (the session root); a test renders
// screens under the same context: the one its session announces on, or a fresh one (a guest on a browser
// without a member hint).

/** Provides `viewer`, else the viewer source already above, else a fresh one for this render. */
export function WithViewerSource({ viewer, children }: { viewer?: ViewerSource; children: ReactNode }) {
  const above = useContext(ViewerSourceContext);
  const [fresh] = useState(() => viewer ?? above ?? createViewerSource());
  return <ViewerSourceContext.Provider value={fresh}>{children}</ViewerSourceContext.Provider>;
}
