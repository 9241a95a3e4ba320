import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { messages } from '../../../domain/messages';
import { BLOCKED_PEOPLE_HEADING } from '../../../domain/socialContract';
import { useBlockedPeopleMachine } from './SafetyActors';
import { inspectOptions } from '../../../shared/ui/inspect';
import '../../../shared/ui/styles/safety.css';

const texts = messages.safety;

/** Settings' 'Blocked people' for members: whom they blocked, each with Unblock. */
export function BlockedPeopleSection() {
  const headingId = useId();
  const machine = useBlockedPeopleMachine();
  const actor = useActorRef(machine, inspectOptions());
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const people = useSelector(actor, (s) => s.context.people);
  const pendingId = useSelector(actor, (s) => s.context.pendingId);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);

  return (
    <section className="card settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{BLOCKED_PEOPLE_HEADING}</h2>
      <p className="setting-value">{texts.blockedIntro}</p>
      <p className="visually-hidden" role="status" aria-live="polite">{notice ?? ''}</p>
      {error ? <p className="alert" role="alert">{error}</p> : null}
      {loading ? <p className="muted" role="status">{texts.blockedLoading}</p> : null}
      {failed ? (
        <button type="button" className="btn btn-outline btn-small" onClick={() => actor.send({ type: 'RETRY' })}>Try again</button>
      ) : null}
      {!loading && !failed && people.length === 0 ? <p className="blocked-empty">{texts.blockedEmpty}</p> : null}
      {people.length > 0 ? (
        <ul className="blocked-list">
          {people.map((person) => {
            const busy = pendingId === person.id;
            return (
              <li key={person.id} className="blocked-row">
                <span className="avatar blocked-avatar" aria-hidden="true">{person.avatar}</span>
                <span className="blocked-name">{person.username}</span>
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  disabled={pendingId !== null}
                  aria-busy={busy}
                  onClick={() => actor.send({ type: 'UNBLOCK', userId: person.id })}
                >
                  {busy ? texts.unblocking : texts.unblock}
                  <span className="visually-hidden">{` ${person.username}`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
