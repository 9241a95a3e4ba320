import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SessionActor } from '../actors/sessionRequests';

/**
 * The app's friend requests as the features that change who is whose friend use them: told to ask the
 * server again. The friends feature reads the whole actor through its own context.
 */
export interface FriendRequestsRefresh {
  send(event: { type: 'REFRESH' }): void;
}

/**
 * The session and the app's friend requests, for the people screens. Null outside the app's session root
 * (a screen rendered on its own is a guest's), so those screens need no session to work as docs/product.md says.
 */
export interface Social {
  session: SessionActor;
  requests: FriendRequestsRefresh;
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
