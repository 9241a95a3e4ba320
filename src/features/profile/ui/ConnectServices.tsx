import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { providerAuthMachine } from '../machines/providerAuth.machine';
import type { steamConnectMachine } from '../machines/steamConnect.machine';
import { messages } from '../../../domain/messages';
import type { OAuthOrigin, OAuthProvider } from '../../../shared/storage/tokens';
import { inspectOptions } from '../../../shared/ui/inspect';
import { connectedServiceOf, connectionNoticeOf } from './connectionNotice';
import { useConnectServicesMachine } from './ProfileActors';
import { TasteOffer } from './TasteOffer';
import '../../../shared/ui/styles/services.css';

type ProviderRef = ActorRefFrom<typeof providerAuthMachine>;
type SteamRef = ActorRefFrom<typeof steamConnectMachine>;

const providerCopy: Record<OAuthProvider, { name: string; blurb: string; glyph: string }> = {
  spotify: { name: 'Spotify', blurb: 'Your top artists and tracks', glyph: '♫' },
  trakt: { name: 'Trakt', blurb: 'Shows and movies on your watchlist', glyph: '▶' },
};

function DemoLabel({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span className="badge service-demo" title="Runs against a built-in demo provider: no real account is used">
      demo
    </span>
  );
}

function ProviderCard({ provider, actor, demo, origin }: { provider: OAuthProvider; actor: ProviderRef; demo: boolean; origin: OAuthOrigin }) {
  const state = useSelector(actor, (s) => s.value);
  const copy = providerCopy[provider];
  const connected = state === 'authenticated' || state === 'refreshing';
  const busy = state === 'preparing' || state === 'redirected';
  return (
    <li className={`service-card service-${provider}`} data-service={provider}>
      <div className="service-head">
        <span className="service-logo" aria-hidden="true">{copy.glyph}</span>
        <div className="service-title">
          <h3>
            {copy.name} <DemoLabel show={demo} />
          </h3>
          <p className={`service-status ${connected ? 'is-connected' : ''}`}>{connected ? 'Connected' : 'Not connected'}</p>
        </div>
      </div>
      <p className="muted service-blurb">{copy.blurb}</p>
      {connected ? (
        <button type="button" className="btn btn-outline btn-small service-action" onClick={() => actor.send({ type: 'LOGOUT' })}>
          Disconnect<span className="visually-hidden"> {copy.name}</span>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-small service-action"
          disabled={busy || state === 'checking'}
          onClick={() => actor.send({ type: 'LOGIN', origin })}
        >
          {busy ? 'Connecting...' : 'Connect'}
          <span className="visually-hidden"> {copy.name}</span>
        </button>
      )}
    </li>
  );
}

function SteamCard({ actor, demo }: { actor: SteamRef; demo: boolean }) {
  const state = useSelector(actor, (s) => s.value);
  const text = useSelector(actor, (s) => s.context.text);
  const error = useSelector(actor, (s) => s.context.error);
  const steamId = useSelector(actor, (s) => s.context.steamId);
  const personaName = useSelector(actor, (s) => s.context.personaName);
  const connected = state === 'connected';
  const busy = state === 'connecting';
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    actor.send({ type: 'CONNECT' });
  };
  return (
    <li className="service-card service-steam">
      <div className="service-head">
        <span className="service-logo" aria-hidden="true">◎</span>
        <div className="service-title">
          <h3>
            Steam <DemoLabel show={demo} />
          </h3>
          <p className={`service-status ${connected ? 'is-connected' : ''}`}>{connected ? 'Connected' : 'Not connected'}</p>
        </div>
      </div>
      {connected ? (
        <>
          <p className="service-blurb service-identity">
            {personaName ? (
              <>
                <strong>{personaName}</strong>
                <span className="muted"> · {steamId}</span>
              </>
            ) : (
              <span className="muted">Steam ID {steamId}</span>
            )}
          </p>
          <button type="button" className="btn btn-outline btn-small service-action" onClick={() => actor.send({ type: 'DISCONNECT' })}>
            Disconnect<span className="visually-hidden"> Steam</span>
          </button>
        </>
      ) : (
        <form className="steam-form" onSubmit={submit} noValidate>
          <label htmlFor="steam-id-input" className="visually-hidden">
            Steam profile URL or Steam ID
          </label>
          <input
            id="steam-id-input"
            className="input steam-input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="Steam profile URL or ID..."
            value={text}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? 'steam-id-error' : '', demo ? 'steam-demo-hint' : ''].filter(Boolean).join(' ') || undefined}
            onChange={(event) => actor.send({ type: 'TYPE', value: event.target.value })}
          />
          {demo ? (
            <div id="steam-demo-hint" className="field-hint muted">
              <span>{messages.steam.demoHintLead}</span>
              <ul>
                {messages.steam.demoAccounts.map((account) => (
                  <li key={account}>{account}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {error ? (
            <p id="steam-id-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-small service-action" disabled={busy}>
            {busy ? 'Connecting...' : 'Connect'}
            <span className="visually-hidden"> Steam</span>
          </button>
        </form>
      )}
    </li>
  );
}

/**
 * The three service cards. `origin` is the screen they sit on, where a declined or failed OAuth round trip
 * returns with its notice; `redirect` sends the browser to a provider's consent page.
 */
export function ConnectServices({
  origin,
  redirect = (url: string) => window.location.assign(url),
}: {
  origin: OAuthOrigin;
  redirect?: (url: string) => void;
}) {
  const location = useLocation();
  const notice = connectionNoticeOf(location.state);
  const connected = connectedServiceOf(location.state);
  const sectionRef = useRef<HTMLElement>(null);
  // The live region is on the page before its text, so screen readers announce the text when it arrives.
  const [announced, setAnnounced] = useState<string | null>(null);
  // A round trip returns to the top of the screen: bring its result (the card, or the notice) into view and say it.
  useEffect(() => {
    if (!notice) return;
    const target = (connected && sectionRef.current?.querySelector(`[data-service="${connected}"]`)) || sectionRef.current;
    target?.scrollIntoView({ block: 'start' });
    // A tick later, so the text is a change to a region already there (what screen readers announce).
    const timer = setTimeout(() => setAnnounced(notice), 0);
    return () => clearTimeout(timer);
  }, [notice, connected]);
  // Its taste offer arrives a moment later, under the cards: that comes into view too, once, and is said after the notice.
  const revealOffer = useCallback((element: HTMLElement) => {
    element.scrollIntoView({ block: 'center' });
    const offer = element.querySelector('.taste-offer-items')?.textContent;
    if (offer) setAnnounced((said) => (said ? `${said} ${offer}` : offer));
  }, []);
  const machine = useConnectServicesMachine(redirect);
  const ref = useActorRef(machine, inspectOptions());
  const spotify = useSelector(ref, (s) => s.children.spotify);
  const trakt = useSelector(ref, (s) => s.children.trakt);
  const steam = useSelector(ref, (s) => s.children.steam);
  const demo = useSelector(ref, (s) => s.context.demo);
  return (
    <section ref={sectionRef} className="card connect-services" aria-labelledby="connect-services-heading">
      <h2 id="connect-services-heading">Connect Services</h2>
      <p className="muted connect-services-intro">Link your accounts so your matches and AI bio reflect what you listen to, watch and play.</p>
      <div role="status" aria-live="polite">
        {announced ? <p className="connection-notice">{announced}</p> : null}
      </div>
      <ul className="service-grid">
        {spotify ? <ProviderCard provider="spotify" actor={spotify} demo={demo.spotify} origin={origin} /> : null}
        {trakt ? <ProviderCard provider="trakt" actor={trakt} demo={demo.trakt} origin={origin} /> : null}
        {steam ? <SteamCard actor={steam} demo={demo.steam} /> : null}
      </ul>
      {/* What a service that has just connected offers to add (issue 15). */}
      <div className="taste-offers">
        <TasteOffer service="spotify" onShown={connected === 'spotify' ? revealOffer : undefined} />
        <TasteOffer service="steam" />
        <TasteOffer service="trakt" onShown={connected === 'trakt' ? revealOffer : undefined} />
      </div>
    </section>
  );
}
