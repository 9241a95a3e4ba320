import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { messages } from '../../../domain/messages';
import type { ServiceName } from '../../../domain/profile';
import { OFFER_LIST, SERVICE_NAMES } from '../../../domain/tasteImport';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useTasteImportMachine } from './ProfileActors';

const text = messages.tasteImport;

/**
 * The taste a just-connected service offers (issue 15): 'From Spotify: Indie, Folk...' with Add all / Pick.
 * `onShown` is told once when the offer appears (a screen a round trip returned to brings it into view).
 */
export function TasteOffer({ service, onShown }: { service: ServiceName; onShown?: (element: HTMLElement) => void }) {
  const actor = useActorRef(useTasteImportMachine(), { ...inspectOptions(), input: { service } });
  const state = useSelector(actor, (s) => s.value);
  const items = useSelector(actor, (s) => s.context.offer?.items);
  const picked = useSelector(actor, (s) => s.context.picked);
  const added = useSelector(actor, (s) => s.context.added);
  const error = useSelector(actor, (s) => s.context.error);
  const headingId = useId();
  const name = SERVICE_NAMES[service];
  const list = text.lists[OFFER_LIST[service]];
  const offerRef = useRef<HTMLElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (state !== 'offered' || shown.current || !offerRef.current || !onShown) return;
    shown.current = true;
    onShown(offerRef.current);
  }, [state, onShown]);

  if (state === 'idle') return null;
  if (state === 'loading') {
    return (
      <p className="taste-offer taste-offer-loading muted" role="status">
        {text.loading(name)}
      </p>
    );
  }
  if (state === 'added') {
    return (
      <div className="taste-offer taste-offer-added" role="status">
        <p>{text.added(list, added)}</p>
        <button type="button" className="btn btn-outline btn-small" onClick={() => actor.send({ type: 'DISMISS' })}>
          {text.done}
        </button>
      </div>
    );
  }
  const saving = state === 'saving';
  if (state === 'picking') {
    return (
      <form
        className={`taste-offer taste-offer-${service}`}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'ADD_PICKED' });
        }}
      >
        <fieldset>
          <legend>{text.pickLegend(name)}</legend>
          <ul className="taste-offer-picks">
            {(items ?? []).map((item) => (
              <li key={item}>
                <label>
                  <input type="checkbox" checked={picked.includes(item)} onChange={() => actor.send({ type: 'TOGGLE', item })} /> {item}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="taste-offer-actions">
          <button type="submit" className="btn btn-primary btn-small" disabled={picked.length === 0}>
            {text.addPicked}
          </button>
          <button type="button" className="btn btn-outline btn-small" onClick={() => actor.send({ type: 'DISMISS' })}>
            {text.dismiss}
          </button>
        </div>
      </form>
    );
  }
  return (
    <section ref={offerRef} className={`taste-offer taste-offer-${service}`} aria-labelledby={headingId} aria-busy={saving || undefined}>
      <p id={headingId} className="taste-offer-items">
        <strong>{text.offerLead(name)}</strong> {(items ?? []).join(', ')}
      </p>
      <p className="muted taste-offer-question">{text.offerQuestion(list)}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="taste-offer-actions">
        <button type="button" className="btn btn-primary btn-small" disabled={saving} onClick={() => actor.send({ type: 'ADD_ALL' })}>
          {text.addAll}
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={saving} onClick={() => actor.send({ type: 'PICK' })}>
          {text.pick}
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={saving} onClick={() => actor.send({ type: 'DISMISS' })}>
          {text.dismiss}
        </button>
      </div>
    </section>
  );
}
