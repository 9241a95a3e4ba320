import WebSocket from 'ws';

// A member's browser tab on /api/live, as the ws client in Node: it sends the session cookie and
// an Origin as a browser would, and keeps every frame it hears so a test can wait for one.

export interface Frame {
  type: string;
  [key: string]: unknown;
}

export interface LiveClient {
  frames: Frame[];
  /** The first frame (already heard or still to come) that matches, within `timeoutMs`. */
  waitFor(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  send(frame: unknown): void;
  sendRaw(text: string): void;
  /** The close code, once the socket is closed. */
  closed: Promise<number>;
  /** The close reason the server gave, once the socket is closed. */
  closeReason: Promise<string>;
  /** The Set-Cookie headers of the server's 101 answer. */
  upgradeCookies: Promise<string[]>;
  sendBinary(text: string): void;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** The session cookie's value (mycelius_session); none when undefined. */
  session?: string;
  origin: string;
  /** false: a client that never answers the server's pings (a dead network path). */
  autoPong?: boolean;
  /** The loopback address the client connects from (127.0.0.2 and so on: another client address). */
  localAddress?: string;
}

export function liveUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}/api/live`;
}

export function connect(url: string, { session, origin, autoPong = true, localAddress }: ConnectOptions): LiveClient {
  const headers: Record<string, string> = session ? { Cookie: `mycelius_session=${session}` } : {};
  const ws = new WebSocket(url, { origin, headers, autoPong, localAddress });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    // The server sends text frames only; ws hands them over as one Buffer.
    frames.push(JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : 'null') as Frame);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const closeReason = new Promise<string>((resolve) => ws.on('close', (_code, reason) => resolve(reason.toString('utf8'))));
  const upgradeCookies = new Promise<string[]>((resolve) => ws.once('upgrade', (response) => resolve(response.headers['set-cookie'] ?? [])));
  ws.on('error', () => undefined);
  const whenOpen = new Promise<void>((resolve) => ws.once('open', () => resolve()));
  return {
    frames,
    closed,
    closeReason,
    upgradeCookies,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return;
          cleanUp();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`No matching frame within ${timeoutMs} ms; heard: ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    send(frame) {
      void whenOpen.then(() => ws.send(JSON.stringify(frame)));
    },
    sendRaw(text) {
      void whenOpen.then(() => ws.send(text));
    },
    sendBinary(text) {
      void whenOpen.then(() => ws.send(Buffer.from(text, 'utf8'), { binary: true }));
    },
    async close() {
      if (ws.readyState !== WebSocket.CLOSED) ws.close();
      await closed;
    },
  };
}

/** The HTTP status of a handshake the server refused before it became a socket. */
export function refusedStatus(url: string, { session, origin, localAddress }: ConnectOptions): Promise<number> {
  const headers: Record<string, string> = session ? { Cookie: `mycelius_session=${session}` } : {};
  const ws = new WebSocket(url, { origin, headers, localAddress });
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => undefined);
    ws.on('open', () => reject(new Error('The handshake was accepted.')));
  });
}
