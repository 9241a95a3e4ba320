import type { WebSocket } from 'ws';
import type { ServerFrame } from '../../src/domain/liveContract';
import type { LocalSockets } from './feature';

// The sockets open on this server process, by member. A socket is "settling" until every feature's
// onConnect has run: frames pushed to it meanwhile wait, so the first frame a client sees is `ready`.

export interface RegisteredSocket {
  ws: WebSocket;
  memberId: string;
  connectionId: string;
  /** Frames for this socket held back until it has settled (undefined once it has). */
  held: ServerFrame[] | undefined;
}

/**
 * Bytes a socket may have waiting to go out (its client not reading) before it is cut off: every frame
 * is small and a reading client empties the queue in milliseconds, so only a stuck or hostile client
 * gets here, and the server's memory is not theirs to fill.
 */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;

export function send(socket: RegisteredSocket, frame: ServerFrame): void {
  const { ws } = socket;
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > LIVE_MAX_BUFFERED_BYTES) {
    // A close frame would wait behind the same queue: the connection is dropped instead.
    ws.terminate();
    return;
  }
  ws.send(JSON.stringify(frame));
}

export interface SocketRegistry extends LocalSockets {
  add(socket: RegisteredSocket): void;
  remove(socket: RegisteredSocket): void;
  /** Sends the held frames and lets later ones through at once. */
  settle(socket: RegisteredSocket): void;
}

export function createSocketRegistry(): SocketRegistry {
  const byMember = new Map<string, Set<RegisteredSocket>>();
  return {
    add(socket) {
      const set = byMember.get(socket.memberId) ?? new Set();
      set.add(socket);
      byMember.set(socket.memberId, set);
    },
    remove(socket) {
      const set = byMember.get(socket.memberId);
      set?.delete(socket);
      if (set?.size === 0) byMember.delete(socket.memberId);
    },
    settle(socket) {
      const held = socket.held ?? [];
      socket.held = undefined;
      for (const frame of held) send(socket, frame);
    },
    sendToMember(memberId, frame) {
      let reached = 0;
      for (const socket of byMember.get(memberId) ?? []) {
        if (socket.held) socket.held.push(frame);
        else send(socket, frame);
        reached += 1;
      }
      return reached;
    },
    connectedHere: (memberId) => byMember.has(memberId),
  };
}
