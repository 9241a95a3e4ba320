import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '../domain/accountRecovery';
import { CONFIRM_EMAIL_PATH } from '../domain/emailChange';
import NotFound from '../shared/ui/NotFound';

/**
 * Pages few visits need, each in a chunk of its own that only its visit loads: the operators' console
 * at /admin, the password reset pages a 'Forgot password?' or a reset link opens, and the page an email change's
 * confirmation link opens.
 */
const ADMIN_PATH = '/admin';
const pages: Record<string, ComponentType> = {
  [ADMIN_PATH]: lazy(() => import('./AdminRoute')),
  [FORGOT_PASSWORD_PATH]: lazy(() => import('../features/session/ui/ForgotPassword')),
  [RESET_PASSWORD_PATH]: lazy(() => import('../features/session/ui/ResetPassword')),
  [CONFIRM_EMAIL_PATH]: lazy(() => import('../features/session/ui/ConfirmEmail')),
};

/** Any path no other route matches: one of the pages above, else the app's not-found screen (see routes.tsx). */
export default function UnmatchedRoute() {
  const { pathname } = useLocation();
  const Page = pages[pathname.replace(/\/+$/, '')];
  if (!Page) return <NotFound />;
  return (
    <Suspense
      fallback={
        <div className="center-page" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}
