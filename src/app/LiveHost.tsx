import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { liveTexts } from '../domain/liveContract';
import { liveMachine } from '../features/live/machines/live.machine';
import type { LiveActor } from '../features/live/machines/liveLink';
import { inspectOptions } from '../shared/ui/inspect';
import { LiveNotice } from '../features/live/ui/LiveNotice';
import { liveImplementationsFor, liveInputFor } from '../features/live/actors/live.actors';
import { createNoticesImplementations } from '../features/live/actors/notices.actors';
import { NoticesActorsContext } from '../features/live/ui/LiveActors';
import { useViewerSource } from './ViewerSourceContext';

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
  logic,
}: {
  memberId: string;
  onActor: (live: LiveActor | null) => void;
  logic?: typeof liveMachine;
}) {
  // Read once per member (LiveRoot keys this host by member): the outbox left on the device, its clock and random source.
  const [input] = useState(() => liveInputFor(memberId));
  const viewer = useViewerSource();
  // The live channel over the browser's socket and network and this device's outbox, ending the app's session on a 401.
  const [deviceLogic] = useState(() => logic ?? liveMachine.provide(liveImplementationsFor(viewer)));
  const live = useActorRef(deviceLogic, { input, ...inspectOptions() });
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
