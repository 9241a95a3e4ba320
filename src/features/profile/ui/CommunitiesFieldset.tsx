import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { COMMUNITIES } from '../../../domain/community';
import { messages } from '../../../domain/messages';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useCommunitiesMachine } from './ProfileActors';
import '../../../shared/ui/styles/safety.css';

const texts = messages.safety;

/** A member's communities on the profile screen: one labelled checkbox each, saved as soon as it changes. */
export function CommunitiesFieldset() {
  const hintId = useId();
  const actor = useActorRef(useCommunitiesMachine(), inspectOptions());
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  if (!ready && !failed) return null;

  return (
    <section className="card communities-card">
      <fieldset className="communities-fieldset" aria-describedby={hintId} disabled={!ready}>
        <legend>{texts.communitiesLegend}</legend>
        <p id={hintId} className="muted communities-hint">{texts.communitiesHint}</p>
        <div className="communities-options">
          {COMMUNITIES.map((community) => (
            <label key={community} className="communities-option">
              <input type="checkbox" checked={chosen.includes(community)} onChange={() => actor.send({ type: 'TOGGLE', community })} />
              <span>{community}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="visually-hidden" role="status" aria-live="polite">{notice ?? ''}</p>
      {error ? <p className="alert" role="alert">{error}</p> : null}
      {failed ? (
        <button type="button" className="btn btn-outline btn-small" onClick={() => actor.send({ type: 'RETRY' })}>Try again</button>
      ) : null}
    </section>
  );
}
