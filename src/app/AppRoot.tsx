import { StrictMode, type ReactNode } from 'react';
import { ErrorBoundary } from '../shared/ui/ErrorBoundary';
import { AppRoutes } from './routes';

/**
 * The whole app under the router it is given. The browser passes its BrowserRouter and the build-time
 * prerender a StaticRouter; sharing this tree is what lets React hydrate the prerendered splash as it is.
 */
export function AppRoot({ Router }: { Router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <Router>
          <AppRoutes />
        </Router>
      </ErrorBoundary>
    </StrictMode>
  );
}
