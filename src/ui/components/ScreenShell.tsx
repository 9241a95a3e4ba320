import type { ReactNode } from 'react';

/** A screen's frame: fades in on mount (500 ms) and can fade out before a timed navigation. */
export function Screen({ children, leaving = false, className = '' }: { children: ReactNode; leaving?: boolean; className?: string }) {
  return <div className={`screen ${leaving ? 'fade-out' : ''} ${className}`.trim()}>{children}</div>;
}
