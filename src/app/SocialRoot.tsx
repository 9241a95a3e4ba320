import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { FriendRequestsContext, useFriendRequests } from '../features/friends/ui/FriendRequestsContext';
import { useFriendRequestsMachine } from '../features/friends/ui/FriendsActors';
import { inspectOptions } from '../shared/ui/inspect';
import { SessionContext } from '../features/session/ui/SessionContext';
import { SocialContext } from '../features/session/ui/SocialContext';

/** Starts the app's one friend requests actor and gives it, with the session, to the people screens. */
export function SocialRoot({ children }: { children: ReactNode }) {
  const session = SessionContext.useActorRef();
  const memberId = SessionContext.useSelector((s) => s.context.member?.id ?? null);
  const requestsMachine = useFriendRequestsMachine();
  const requests = useActorRef(requestsMachine, inspectOptions());
  // Logging in, out or as someone else: the requests shown are the new member's (or none for a guest).
  useEffect(() => {
    requests.send({ type: 'REFRESH' });
  }, [requests, memberId]);
  const social = useMemo(() => ({ session, requests }), [session, requests]);
  return (
    <SocialContext.Provider value={social}>
      <FriendRequestsContext.Provider value={requests}>{children}</FriendRequestsContext.Provider>
    </SocialContext.Provider>
  );
}

/** "You're now friends with {name}!" when someone accepted the member's request: in the page, until dismissed. */
export function FriendAcceptedNotice() {
  const requests = useFriendRequests() ?? undefined;
  const notice = useSelector(requests, (s) => s?.context.notice ?? null);
  return (
    <div className="people-notice-region" role="status" aria-live="polite">
      {notice && requests && (
        <div className="people-notice">
          <p>{notice}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => requests.send({ type: 'DISMISS_NOTICE' })}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
