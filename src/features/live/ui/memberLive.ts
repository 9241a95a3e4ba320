import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { LiveEmitted } from '../machines/liveEvents';
import { liveLinkFor, type LiveActor } from '../machines/liveLink';
import { useLive } from './LiveContext';

// What the member screens take from the app's one live actor: a 'liveLink' for their machines, and who is online.

/** The 'liveLink' actor logic a member machine invokes, made from the given live actor. */
export function useLiveLinkLogic(live: LiveActor) {
  return useMemo(() => liveLinkFor(live), [live]);
}

const nobody: readonly string[] = [];

/** Member friends online now (as their Online Status allows); nobody for a guest or before the socket is ready. */
export function useOnlineFriends(): ReadonlySet<string> {
  const ids = useSelector(useLive() ?? undefined, (s) => s?.context.onlineFriends ?? nobody);
  return useMemo(() => new Set(ids), [ids]);
}

/**
 * Passes what the live channel says (every frame, every status change) to a screen's machine for as long as
 * both are here. For machines that start before the member's live actor may exist (Discover at page load):
 * the channel opening later is heard, and the machine fetches again then.
 */
export function useLiveEventsFor(actor: { send: (event: LiveEmitted) => void }): void {
  const live = useLive();
  useEffect(() => {
    if (!live) return undefined;
    const subscriptions = [live.on('live.received', (event) => actor.send(event)), live.on('live.status', (event) => actor.send(event))];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [live, actor]);
}
