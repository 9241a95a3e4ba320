import { useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { memberErrorTexts } from '../domain/memberContract';
import { ChatGamesActors } from './ChatGamesActors';
import { ConversationsRoot } from './ConversationsRoot';
import { LiveRoot } from './LiveRoot';
import { PeopleFeatureActors } from './PeopleFeatureActors';
import { SessionFeatureActors } from './SessionFeatureActors';
import { SessionContext } from '../features/session/ui/SessionContext';
import { FriendAcceptedNotice, SocialRoot } from './SocialRoot';
import { createProfileActors } from '../features/profile/actors';
import { createSessionLogic } from './sessionLogic';
import { ViewerSourceContext } from './ViewerSourceContext';
import { createViewerSource } from '../shared/session/viewer';
import { createClientConfigLoader } from '../shared/http/config';
import { ProfileActorsProvider } from '../features/profile/ui/ProfileActors';
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
  // Who the app serves: the session announces it here, the features' actors read it.
  const [viewer] = useState(createViewerSource);
  // One set for the app's life: the bio generator in it lets a second generation join the one running, and
  // its config loader fetches the server's configuration once.
  const [profileActors] = useState(() => createProfileActors(viewer, createClientConfigLoader()));
  // The session actor with its real IO; the device's profile sync state lives in this one set.
  const [sessionLogic] = useState(() => createSessionLogic(viewer));
  return (
    <ViewerSourceContext.Provider value={viewer}>
      <ProfileActorsProvider value={profileActors}>
        <SessionContext.Provider logic={sessionLogic}>
          <PeopleFeatureActors>
            <SocialRoot>
              <LiveRoot>
                <ConversationsRoot>
                  <SessionEndedNotice />
                  <FriendAcceptedNotice />
                  <ChatGamesActors>
                    <SessionFeatureActors>
                      <Outlet />
                    </SessionFeatureActors>
                  </ChatGamesActors>
                </ConversationsRoot>
              </LiveRoot>
            </SocialRoot>
          </PeopleFeatureActors>
        </SessionContext.Provider>
      </ProfileActorsProvider>
    </ViewerSourceContext.Provider>
  );
}
