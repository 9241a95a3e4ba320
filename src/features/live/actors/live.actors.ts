import { fromCallback, type EventObject } from 'xstate';
import type { ViewerSource } from '../../../shared/session/viewer';
import type { KeptOutbox, LiveInput, SocketEvent, SocketSend } from '../machines/live.machine';
import { openLiveSocket } from '../services/socket';
import { readOutbox, writeOutbox } from '../storage/outbox';

/** The live channel's IO: the browser's socket and network, the device's outbox, and the session it reports to. */
export function liveImplementationsFor(viewer: Pick<ViewerSource, 'reportSessionEnded'>) {
  return {
  actors: {
    socket: fromCallback<SocketSend>(({ sendBack, receive }) => {
      const tell = (event: SocketEvent) => sendBack(event);
      const connection = openLiveSocket({
        onOpen: () => tell({ type: 'socket.opened' }),
        onFrame: (frame) => tell({ type: 'socket.frame', frame }),
        onClose: (code) => tell({ type: 'socket.closed', code }),
      });
      receive((event) => connection.send(event.frame));
      return () => connection.close();
    }),
    watchNetwork: fromCallback<EventObject>(({ sendBack }) => {
      const offline = () => sendBack({ type: 'network.offline' } satisfies SocketEvent);
      const online = () => sendBack({ type: 'network.online' } satisfies SocketEvent);
      if (!navigator.onLine) offline();
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      return () => {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
      };
    }),
  },
  actions: {
    persistOutbox: ({ context }: { context: KeptOutbox }) => {
      try {
        writeOutbox(context.memberId, context.outbox);
      } catch (error) {
        // A full device keeps the queue in memory: it is still sent while this tab lives.
        console.error('The outbox could not be saved on this device', error);
      }
    },
    endSession: () => viewer.reportSessionEnded(),
  },
  };
}

/** What this device knows when a member's channel starts: their waiting messages, its clock and random source. */
export function liveInputFor(memberId: string): LiveInput {
  return { memberId, outbox: readOutbox(memberId), random: () => Math.random(), now: () => Date.now() };
}
