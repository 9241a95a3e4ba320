import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import { REQUESTS_HEADING, type FriendRequest, type ListedFriendRequest } from '../../../domain/socialContract';
import { matchLevel } from '../../../domain/discover';
import type { FriendRequestsActor } from './FriendRequestsContext';
import { PersonActions } from '../../safety/components';
import { HideIfBlocked } from '../../safety/components';

/** A report from a request row says so (reports.source 'friendRequest'). */
const FROM_REQUEST = { source: 'friendRequest' } as const;

/**
 * Requests are between members: each row shows the match with that person as their Discover card labels
 * it (none when there is no score) and offers More actions (Block, Report), so a request can be blocked at once.
 */
function RequestRow({
  person,
  match,
  busy,
  children,
}: {
  person: FriendRequest['from'];
  match: ListedFriendRequest['match'];
  busy: boolean;
  children: (nameId: string) => ReactNode;
}) {
  const nameId = useId();
  return (
    <HideIfBlocked personId={person.id}>
      <li className="card friend-row request-row" aria-busy={busy || undefined}>
        <span className="avatar" aria-hidden="true">{person.avatar}</span>
        <div className="friend-info">
          <h3 id={nameId} className="friend-name">{person.username}</h3>
          {match !== null && <p className="request-match"><span className={`badge match-badge ${matchLevel(match)}`}>{messages.discover.match(match)}</span></p>}
        </div>
        <div className="friend-actions">
          {children(nameId)}
          <PersonActions person={{ id: person.id, username: person.username, kind: 'member' }} about={FROM_REQUEST} />
        </div>
      </li>
    </HideIfBlocked>
  );
}

/** A member's pending friend requests on Friends: incoming ones to Accept or Decline, outgoing ones to Cancel. */
export function FriendRequestsSection({ requests }: { requests: FriendRequestsActor }) {
  const incoming = useSelector(requests, (s) => s.context.incoming);
  const outgoing = useSelector(requests, (s) => s.context.outgoing);
  const answeringId = useSelector(requests, (s) => s.context.answeringId);
  const answering = useSelector(requests, (s) => s.matches('answering'));
  const error = useSelector(requests, (s) => s.context.error);
  if (incoming.length === 0 && outgoing.length === 0 && !error) return null;
  return (
    <section className="friend-requests" aria-labelledby="friend-requests-heading">
      <h2 id="friend-requests-heading" className="section-title">{REQUESTS_HEADING}</h2>
      {error && <p className="alert" role="alert">{error}</p>}
      {incoming.length > 0 && (
        <>
          <h3 className="requests-subtitle">{messages.requests.incomingHeading}</h3>
          <ul className="friend-list" aria-label={messages.requests.incomingHeading}>
            {incoming.map((request) => (
              <RequestRow key={request.id} person={request.from} match={request.match} busy={answeringId === request.id}>
                {(nameId) => (
                  <>
                    <button type="button" className="btn btn-primary btn-small" aria-describedby={nameId} disabled={answering} onClick={() => requests.send({ type: 'ACCEPT', requestId: request.id })}>
                      Accept
                    </button>
                    <button type="button" className="btn btn-outline btn-small" aria-describedby={nameId} disabled={answering} onClick={() => requests.send({ type: 'DECLINE', requestId: request.id })}>
                      Decline
                    </button>
                  </>
                )}
              </RequestRow>
            ))}
          </ul>
        </>
      )}
      {outgoing.length > 0 && (
        <>
          <h3 className="requests-subtitle">{messages.requests.outgoingHeading}</h3>
          <ul className="friend-list" aria-label={messages.requests.outgoingHeading}>
            {outgoing.map((request) => (
              <RequestRow key={request.id} person={request.to} match={request.match} busy={answeringId === request.id}>
                {(nameId) => (
                  <button type="button" className="btn btn-outline btn-small" aria-describedby={nameId} disabled={answering} onClick={() => requests.send({ type: 'CANCEL', requestId: request.id })}>
                    Cancel
                  </button>
                )}
              </RequestRow>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
