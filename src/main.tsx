import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './shared/ui/styles/tokens.css';
import './shared/ui/styles/base.css';
import './shared/ui/styles/shell.css';
import { AppRoot } from './app/AppRoot';
import { preloadScreens } from './app/routes';
import { applyTheme } from './shared/ui/theme';
import { ensureActiveUserId } from './shared/storage/session';
import { startupTheme } from './shared/storage/startupTheme';

// Dark is forced at start unless the user chose light in Settings.
applyTheme(startupTheme());
ensureActiveUserId();

// The Stately inspector is dev-only and opt-in (`?inspect`); the DEV check keeps it out of production builds.
if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
  void import('./devInspector').then((m) => m.startInspector());
}

const container = document.getElementById('root') as HTMLElement;
const app = <AppRoot Router={BrowserRouter} />;
// /intro arrives with the splash already rendered into its HTML (see scripts/firstPaint.ts): React adopts
// that markup in place, so nothing is redrawn and its fade runs on uninterrupted.
// Other pages render once their screen's chunk is here (the page preloads it), so the loading spinner never
// flashes in between; the main screens' prerendered frame (data-shell) is replaced by that first render.
// A chunk that fails to load is left to the screen's own error. That first render is a transition, so React
// renders the tree in short slices and a phone stays responsive meanwhile, rather than in one long task.
const render = () => startTransition(() => createRoot(container).render(app));
if (container.firstElementChild && container.dataset.shell === undefined) hydrateRoot(container, app);
else preloadScreens(window.location.pathname).then(render, render);
