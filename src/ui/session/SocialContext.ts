import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { friendRequestsMachine } from '../../machines/friendRequests.machine';
import type { SessionActor } from '../../machines/sessionRequests';

/**
 * The session and the app's friend requests, for the people screens. Null outside the app's session root
 * (a screen rendered on its own is a guest's), so those screens need no session to work as docs/product.md says.
 */
export interface Social {
  session: SessionActor;
  requests: ActorRefFrom<typeof friendRequestsMachine>;
}

export const SocialContext = createContext<Social | null>(null);

export function useSocial(): Social | null {
  return useContext(SocialContext);
}

export type SessionMode = 'checking' | 'guest' | 'member';

/** Whether the people screens show a guest's device-only people or a member's, once the session knows. */
export function useSessionMode(): SessionMode {
  const social = useSocial();
  return useSelector(social?.session, (s) => {
    if (!s) return 'guest';
    if (s.matches('member')) return 'member';
    return s.matches('guest') ? 'guest' : 'checking';
  });
}

/** The member's incoming friend requests waiting for an answer (none for a guest). */
export function useIncomingRequestCount(): number {
  return useSelector(useSocial()?.requests, (s) => s?.context.incoming.length ?? 0);
}
