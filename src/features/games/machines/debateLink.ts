import { fromCallback } from 'xstate';
import type { LiveActor } from '../../live';
import type { LiveCommand, LiveEmitted } from '../../live';

/**
 * The live debate's 'liveLink' (as liveLinkFor in liveLink.ts) that also leaves when the screen goes away
 * by any road other than Back (the browser's back button, a link): the debate the screen was in ends for
 * both, and a search still waiting leaves the queue, so the other member is never left talking to nobody.
 */
export function debateLinkFor(live: LiveActor) {
  return fromCallback<LiveCommand>(({ sendBack, receive }) => {
    let openDebate: string | null = null;
    let searching = false;
    const tell = (event: LiveEmitted) => {
      if (event.type === 'live.received' && event.frame.type === 'debate.state') {
        const { debate } = event.frame;
        searching = false;
        if (debate.phase !== 'ended') openDebate = debate.debateId;
        else if (debate.debateId === openDebate) openDebate = null;
      }
      sendBack(event);
    };
    const subscriptions = [live.on('live.received', tell), live.on('live.status', tell)];
    tell({ type: 'live.status', status: live.getSnapshot().context.status });
    receive((command) => {
      if (command.type === 'live.frame') {
        const { frame } = command;
        if (frame.type === 'debate.join') searching = true;
        if (frame.type === 'debate.cancel') searching = false;
        if (frame.type === 'debate.leave' && frame.debateId === openDebate) openDebate = null;
      }
      live.send(command);
    });
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      if (openDebate) live.send({ type: 'live.frame', frame: { type: 'debate.leave', debateId: openDebate } });
      else if (searching) live.send({ type: 'live.frame', frame: { type: 'debate.cancel' } });
    };
  });
}
