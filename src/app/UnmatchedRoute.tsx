import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import NotFound from '../shared/ui/NotFound';

/** The operators' console at /admin, in a chunk only an operator's visit loads. */
const ADMIN_PATH = '/admin';
const AdminRoute = lazy(() => import('./AdminRoute'));

/** Any path no other route matches: the app's not-found screen, except /admin (see routes.tsx). */
export default function UnmatchedRoute() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') !== ADMIN_PATH) return <NotFound />;
  return (
    <Suspense
      fallback={
        <div className="center-page" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
        </div>
      }
    >
      <AdminRoute />
    </Suspense>
  );
}
