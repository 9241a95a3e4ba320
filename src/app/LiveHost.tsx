import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { liveTexts } from '../domain/liveContract';
import { liveMachine } from '../features/live/machines/live.machine';
import type { LiveActor } from '../features/live/machines/liveLink';
import { inspectOptions } from '../shared/ui/inspect';
import { LiveNotice } from '../features/live/ui/LiveNotice';
import { createNoticesImplementations } from '../features/live/actors/notices.actors';
import { NoticesActorsContext } from '../features/live/ui/LiveActors';

/** 'Reconnecting...' or the offline note while the live channel is down, above every screen. */
function LiveStatusBanner({ live }: { live: LiveActor }) {
  const status = useSelector(live, (s) => s.context.status);
  const text = status === 'reconnecting' ? liveTexts.reconnecting : status === 'offline' ? liveTexts.offline : null;
  return (
    <div className="live-banner-region" role="status" aria-live="polite">
      {text && <p className="live-banner">{text}</p>}
    </div>
  );
}

/** Runs one member's live actor for as long as it is mounted, and hands it up to LiveRoot. */
export default function LiveHost({
  memberId,
  onActor,
  logic = liveMachine,
}: {
  memberId: string;
  onActor: (live: LiveActor | null) => void;
  logic?: typeof liveMachine;
}) {
  const live = useActorRef(logic, { input: { memberId }, ...inspectOptions() });
  useEffect(() => {
    onActor(live);
    return () => onActor(null);
  }, [live, onActor]);
  return (
    <>
      <LiveStatusBanner live={live} />
      <NoticesActorsContext.Provider value={createNoticesImplementations}>
        <LiveNotice live={live} memberId={memberId} />
      </NoticesActorsContext.Provider>
    </>
  );
}
