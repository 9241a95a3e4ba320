import { fromCallback, type ActorRefFrom } from 'xstate';
import type { liveMachine } from './live.machine';
import type { LiveCommand, LiveEmitted } from './liveEvents';

/** The app's one live actor (null for a guest). */
export type LiveActor = ActorRefFrom<typeof liveMachine>;

/**
 * The 'liveLink' callback actor a machine that talks over the live channel invokes (chat, conversations,
 * notices, debates), made from the app's live actor: the parent hears every LiveEmitted event ('live.status'
 * once at start with the current status and the outbox, then on each change; 'live.received' for every server frame) and
 * what it sends to the link (a LiveCommand) goes to the live actor. With no live actor (a guest) the link
 * stays silent and drops commands. Tests provide their own fake 'liveLink' instead.
 */
export function liveLinkFor(live: LiveActor | null) {
  return fromCallback<LiveCommand>(({ sendBack, receive }) => {
    if (!live) return undefined;
    const tell = (event: LiveEmitted) => sendBack(event);
    const subscriptions = [live.on('live.received', tell), live.on('live.status', tell)];
    const { status, outbox } = live.getSnapshot().context;
    tell({ type: 'live.status', status, outbox });
    receive((command) => live.send(command));
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  });
}
