import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoot } from './ui/AppRoot';

/**
 * Build time only (scripts/firstPaint.ts): the markup the app renders at `path` before any script has run,
 * through the same tree main.tsx hydrates. Only screens that need no storage or timers may be prerendered.
 */
export function renderPath(path: string): string {
  const AtPath = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  return renderToString(<AppRoot Router={AtPath} />);
}
