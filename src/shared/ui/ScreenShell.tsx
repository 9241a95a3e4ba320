import type { ReactNode } from 'react';

interface ScreenProps {
  children: ReactNode;
  leaving?: boolean;
  className?: string;
  /** 'main' for screens outside the app shell (the chats), which would otherwise have no main landmark. */
  as?: 'div' | 'main';
}

/** A screen's frame: fades in on mount (500 ms) and can fade out before a timed navigation. */
export function Screen({ children, leaving = false, className = '', as: Element = 'div' }: ScreenProps) {
  return <Element className={`screen ${leaving ? 'fade-out' : ''} ${className}`.trim()}>{children}</Element>;
}
