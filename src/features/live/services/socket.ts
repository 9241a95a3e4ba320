import { LIVE_PATH, serverFrameSchema, type ClientFrame, type ServerFrame } from '../../../domain/liveContract';

// The browser's one WebSocket to /api/live. The session cookie authenticates it (same origin),
// so nothing but the URL is needed. Every incoming frame is checked against the contract: a frame that
// does not parse is dropped (and logged) instead of reaching the machines.

export interface LiveSocketHandlers {
  onOpen: () => void;
  onFrame: (frame: ServerFrame) => void;
  /** The socket closed or never opened (a failed connect closes with 1006). */
  onClose: (code: number) => void;
}

export interface LiveConnection {
  /** Sends when the socket is open; a frame given before then or after a close is dropped. */
  send: (frame: ClientFrame) => void;
  /** Closes the socket; its handlers are not called any more. */
  close: () => void;
}

/** ws://host/api/live from http://host, wss:// from https://. */
export function liveSocketUrl(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}${LIVE_PATH}`;
}

/** A server frame from the socket's text, or null when it is not one the contract knows. */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const result = serverFrameSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

/** Opens the live socket on this page's origin. */
export function openLiveSocket(handlers: LiveSocketHandlers, url = liveSocketUrl(window.location.origin)): LiveConnection {
  const socket = new WebSocket(url);
  let active = true;
  socket.addEventListener('open', () => {
    if (active) handlers.onOpen();
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    if (!active) return;
    const frame = parseServerFrame(event.data);
    if (frame) handlers.onFrame(frame);
    else console.warn('Dropped a live frame the contract does not know', event.data);
  });
  socket.addEventListener('close', (event: CloseEvent) => {
    if (!active) return;
    active = false;
    handlers.onClose(event.code);
  });
  return {
    send(frame) {
      if (!active || socket.readyState !== WebSocket.OPEN) return;
      try {
        socket.send(JSON.stringify(frame));
      } catch (error) {
        // A socket closing under the send: its 'close' follows, and the outbox sends again after it.
        console.warn('A live frame could not be sent', error);
      }
    },
    close() {
      active = false;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    },
  };
}
