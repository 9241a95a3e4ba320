import { mayHoldSession } from './memberHint';

// Who the app is serving right now, for the services that choose the device (guest) or the server
// (member). The session machine announces it as it settles; until then a browser that may hold a
// session waits for the answer, and one that cannot is a guest at once (so guests never wait).

export type Viewer = { kind: 'guest' } | { kind: 'member'; memberId: string };

const GUEST: Viewer = { kind: 'guest' };

let announced: Viewer | null = null;
const waiting = new Set<(viewer: Viewer) => void>();

/** Called by the session machine whenever it settles as a guest or as a member. */
export function announceViewer(viewer: Viewer): void {
  announced = viewer;
  for (const resolve of [...waiting]) resolve(viewer);
  waiting.clear();
}

/** Called by the session machine while it checks or changes the session: who it serves is open again. */
export function withdrawViewer(): void {
  announced = null;
}

/** The viewer if known now: the session's last word, or a guest when this browser holds no session. */
export function knownViewer(): Viewer | null {
  if (announced) return announced;
  return mayHoldSession() ? null : GUEST;
}

/** The viewer, waiting for the session check when it is still under way. */
export function currentViewer(): Promise<Viewer> {
  const known = knownViewer();
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => waiting.add(resolve));
}

const endedListeners = new Set<() => void>();

/** The session machine hears here when a service's call answered 401: the member's session is over. */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Called by a service whose members call answered 401 (UNAUTHENTICATED). */
export function reportSessionEnded(): void {
  for (const listener of [...endedListeners]) listener();
}
