import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { liveMachine } from '../features/live/machines/live.machine';
import type { LiveActor } from '../features/live/machines/liveLink';
import { LiveContext } from '../features/live/ui/LiveContext';
import { SessionContext } from '../features/session/ui/SessionContext';

// Guests never load the live code: it comes as its own chunk once the session is a member's.
const LiveHost = lazy(() => import('./LiveHost'));

/**
 * Starts the one live actor while the session is a member's (a new one for each member) and stops it on
 * log-out or when the session ends; screens below get it with useLive().
 */
export function LiveRoot({ children, logic }: { children: ReactNode; /** Tests give a machine with a fake socket. */ logic?: typeof liveMachine }) {
  const memberId = SessionContext.useSelector((s) => (s.matches('member') ? (s.context.member?.id ?? null) : null));
  const [live, setLive] = useState<LiveActor | null>(null);
  return (
    <>
      {memberId && (
        <Suspense fallback={null}>
          <LiveHost key={memberId} memberId={memberId} onActor={setLive} logic={logic} />
        </Suspense>
      )}
      <LiveContext.Provider value={memberId ? live : null}>{children}</LiveContext.Provider>
    </>
  );
}
