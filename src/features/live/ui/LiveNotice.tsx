import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { noticesMachine } from '../machines/notices.machine';
import { liveLinkFor, type LiveActor } from '../machines/liveLink';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useNoticesImplementations } from './LiveActors';
import { useSocial } from '../../session/components';

/** The friend whose chat is on screen, from the route (/chat/:friendId). */
function useChatFriendId(): string | null {
  const { pathname } = useLocation();
  return matchPath('/chat/:friendId', pathname)?.params.friendId ?? null;
}

/** New friend requests and messages, told in the page (and beyond it, as Settings ask) while a member is here. */
export function LiveNotice({ live, memberId }: { live: LiveActor; memberId: string }) {
  const requests = useSocial()?.requests;
  const createImplementations = useNoticesImplementations();
  const logic = useMemo(() => {
    const { actors, actions } = createImplementations();
    return noticesMachine.provide({
      actors: { ...actors, liveLink: liveLinkFor(live) },
      actions: { ...actions, refreshFriendRequests: () => requests?.send({ type: 'REFRESH' }) },
    });
  }, [createImplementations, live, requests]);
  const notices = useActorRef(logic, { input: { memberId }, ...inspectOptions() });
  const viewing = useChatFriendId();
  useEffect(() => {
    notices.send({ type: 'notices.viewing', friendId: viewing });
  }, [notices, viewing]);
  const notice = useSelector(notices, (s) => s.context.notice);
  const about = useSelector(notices, (s) => s.context.about);
  const navigate = useNavigate();
  const view = () => {
    if (!about) return;
    notices.send({ type: 'notices.dismiss' });
    void navigate(about.kind === 'chat' ? `/chat/${about.friendId}` : '/friends');
  };
  return (
    <div className="people-notice-region" role="status" aria-live="polite">
      {notice && (
        <div
          className="people-notice"
          onPointerEnter={() => notices.send({ type: 'notices.hold', by: 'pointer' })}
          onPointerLeave={() => notices.send({ type: 'notices.release', by: 'pointer' })}
          onFocus={() => notices.send({ type: 'notices.hold', by: 'focus' })}
          onBlur={(event) => {
            // Focus moving between the notice's own buttons still holds it.
            if (!event.currentTarget.contains(event.relatedTarget)) notices.send({ type: 'notices.release', by: 'focus' });
          }}
        >
          <p>{notice}</p>
          {about ? (
            <button type="button" className="btn btn-primary btn-small" onClick={view}>
              {messages.notices.view}
            </button>
          ) : null}
          <button type="button" className="btn btn-outline btn-small" onClick={() => notices.send({ type: 'notices.dismiss' })}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
