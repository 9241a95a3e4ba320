import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoot } from './app/AppRoot';

/**
 * Build time only (scripts/firstPaint.ts): the markup the app renders at `path` before any script has run,
 * through the same tree main.tsx hydrates. Only screens that need no storage or timers may be prerendered.
 */
export function renderPath(path: string): string {
  const AtPath = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  return renderToString(<AppRoot Router={AtPath} />);
}

/**
 * The main screens' frame (header and bottom navigation) at `path`, with an empty main area, as a first
 * visit with no stored data shows it. Painted before the scripts arrive, then replaced by the real app.
 */
export async function renderAppShell(path: string): Promise<string> {
  // Imported as routes.tsx does, so the layout stays its own chunk in this build too.
  const [{ default: AppLayout }, { PeopleFeatureActors }, { ViewerSourceContext }, { createViewerSource }] = await Promise.all([
    import('./app/AppLayout'),
    import('./app/PeopleFeatureActors'),
    import('./app/ViewerSourceContext'),
    import('./shared/session/viewer'),
  ]);
  // The frame's person-safety scope starts its machine with the people features' actors, as under SessionRoot,
  // which also gives them the app's viewer source.
  return renderToString(
    <StaticRouter location={path}>
      <ViewerSourceContext.Provider value={createViewerSource()}>
        <PeopleFeatureActors>
          <AppLayout />
        </PeopleFeatureActors>
      </ViewerSourceContext.Provider>
    </StaticRouter>,
  );
}
