import { Link, Outlet } from 'react-router-dom';
import { memberErrorTexts } from '../domain/memberContract';
import { ConversationsRoot } from './ConversationsRoot';
import { LiveRoot } from './LiveRoot';
import { PeopleFeatureActors } from './PeopleFeatureActors';
import { SessionContext } from '../features/session/ui/SessionContext';
import { FriendAcceptedNotice, SocialRoot } from './SocialRoot';
import '../shared/ui/styles/session.css';

/** Tells a member whose session ended (a 401 from any member call) that they are a guest again. */
export function SessionEndedNotice() {
  const ended = SessionContext.useSelector((s) => s.matches({ guest: 'sessionEnded' }));
  const session = SessionContext.useActorRef();
  if (!ended) return null;
  return (
    <div className="session-notice" role="alert">
      <p>{memberErrorTexts.UNAUTHENTICATED}</p>
      <div className="session-notice-actions">
        <Link className="btn btn-primary btn-small" to="/login" onClick={() => session.send({ type: 'DISMISS_NOTICE' })}>
          Log In
        </Link>
        <button type="button" className="btn btn-outline btn-small" onClick={() => session.send({ type: 'DISMISS_NOTICE' })}>
          Dismiss
        </button>
      </div>
    </div>
  );
}

/**
 * Every route after the splash sits under this layout: it starts the session (GET /api/me) once and keeps
 * it for the whole app. Lazy, so the first screen (/intro) carries none of the members code.
 */
export default function SessionRoot() {
  return (
    <SessionContext.Provider>
      <PeopleFeatureActors>
        <SocialRoot>
          <LiveRoot>
            <ConversationsRoot>
              <SessionEndedNotice />
              <FriendAcceptedNotice />
              <Outlet />
            </ConversationsRoot>
          </LiveRoot>
        </SocialRoot>
      </PeopleFeatureActors>
    </SessionContext.Provider>
  );
}
