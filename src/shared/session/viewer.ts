import { mayHoldSession } from './memberHint';

// Who the app is serving right now, for the services that choose the device (guest) or the server
// (member). The session machine announces it as it settles; until then a browser that may hold a
// session waits for the answer, and one that cannot is a guest at once (so guests never wait).

export type Viewer = { kind: 'guest' } | { kind: 'member'; memberId: string };

const GUEST: Viewer = { kind: 'guest' };

export interface ViewerSource {
  /** Called by the session machine whenever it settles as a guest or as a member. */
  announce(viewer: Viewer): void;
  /** Called by the session machine while it checks or changes the session: who it serves is open again. */
  withdraw(): void;
  /** The viewer if known now: the session's last word, or a guest when this browser holds no session. */
  known(): Viewer | null;
  /** The viewer, waiting for the session check when it is still under way. */
  current(): Promise<Viewer>;
  /** The session machine hears here when a service's call answered 401: the member's session is over. */
  onSessionEnded(listener: () => void): () => void;
  /** Called by a service whose members call answered 401 (UNAUTHENTICATED). */
  reportSessionEnded(): void;
}

/** One app's viewer: the app creates it where it is assembled and hands it to the session and the services. */
export function createViewerSource(): ViewerSource {
  let announced: Viewer | null = null;
  const waiting = new Set<(viewer: Viewer) => void>();
  const endedListeners = new Set<() => void>();
  const known = (): Viewer | null => {
    if (announced) return announced;
    return mayHoldSession() ? null : GUEST;
  };
  return {
    announce(viewer) {
      announced = viewer;
      for (const resolve of [...waiting]) resolve(viewer);
      waiting.clear();
    },
    withdraw() {
      announced = null;
    },
    known,
    current() {
      const now = known();
      if (now) return Promise.resolve(now);
      return new Promise((resolve) => waiting.add(resolve));
    },
    onSessionEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
    reportSessionEnded() {
      for (const listener of [...endedListeners]) listener();
    },
  };
}
