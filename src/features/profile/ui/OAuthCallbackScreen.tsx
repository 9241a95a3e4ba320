import { useActorRef } from '@xstate/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { OAuthProvider } from '../../../shared/storage/tokens';
import { messages } from '../../../domain/messages';
import { connectedState, connectionNoticeState } from './connectionNotice';
import { Screen } from '../../../shared/ui/ScreenShell';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useOAuthCallbackMachine } from './ProfileActors';
import '../../../shared/ui/styles/services.css';

const providerNames: Record<OAuthProvider, string> = { spotify: 'Spotify', trakt: 'Trakt' };

/** The page a provider sends the browser back to; the machine decides where it goes next. */
export function OAuthCallbackScreen({ provider }: { provider: OAuthProvider }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const machine = useOAuthCallbackMachine();
  useActorRef(
    machine.provide({
      actions: {
        goToSuccess: (_, { to }) => void navigate(to, { replace: true, state: connectedState(messages.oauth.connected[provider], provider) }),
        goToFailure: (_, { to, notice }) => void navigate(to, { replace: true, state: connectionNoticeState(notice) }),
      },
    }),
    {
      ...inspectOptions(),
      input: { provider, params: { code: search.get('code'), state: search.get('state'), error: search.get('error') } },
    },
  );
  return (
    <Screen className="center-page oauth-callback">
      <div className="oauth-callback-card" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
        <h1>{`Authenticating with ${providerNames[provider]}...`}</h1>
        <p className="muted">Please wait while we complete the authentication process.</p>
      </div>
    </Screen>
  );
}
