import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './ui/styles/tokens.css';
import './ui/styles/base.css';
import './ui/styles/shell.css';
import { ErrorBoundary } from './ui/components/ErrorBoundary';
import { AppRoutes } from './ui/routes';
import { applyTheme } from './ui/theme';
import { ensureActiveUserId } from './storage/session';
import { startupTheme } from './storage/startupTheme';

// Dark is forced at start unless the user chose light in Settings.
applyTheme(startupTheme());
ensureActiveUserId();

// The Stately inspector is dev-only and opt-in (`?inspect`); the DEV check keeps it out of production builds.
if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
  void import('./devInspector').then((m) => m.startInspector());
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>,
);
