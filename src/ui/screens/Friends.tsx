import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { avatarInitials } from '../../domain/discover';
import type { User } from '../../domain/user';
import { friendsMachine } from '../../machines/friends.machine';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PersonActions } from '../components/PersonActions';
import { HideIfBlocked } from '../components/PersonSafetyScope';
import { SampleBadge } from '../components/SampleBadge';
import { Screen } from '../components/ScreenShell';
import { inspectOptions } from '../inspect';
import '../styles/social.css';

function FriendRow({ friend, onRemove }: { friend: User; onRemove: () => void }) {
  const nameId = useId();
  return (
    <li className="card friend-row">
      <span className="avatar" aria-hidden="true">{avatarInitials(friend.username)}</span>
      <div className="friend-info">
        <SampleBadge person={friend} />
        <h2 id={nameId} className="friend-name">{friend.username}</h2>
        <p className="friend-interests">{friend.interests.join(', ')}</p>
      </div>
      <div className="friend-actions">
        <Link to={`/chat/${encodeURIComponent(friend.id)}`} className="btn btn-primary btn-small" aria-describedby={nameId}>
          Chat
        </Link>
        <button type="button" className="btn btn-danger btn-small" aria-describedby={nameId} onClick={onRemove}>
          Remove
        </button>
        <PersonActions person={friend} />
      </div>
    </li>
  );
}

export default function Friends() {
  const actor = useActorRef(friendsMachine, inspectOptions());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirming' }) || s.matches({ ready: 'removing' }));
  const removing = useSelector(actor, (s) => s.matches({ ready: 'removing' }));
  const friends = useSelector(actor, (s) => s.context.friends);
  const pendingId = useSelector(actor, (s) => s.context.pendingId);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const pending = friends.find((f) => f.id === pendingId);

  return (
    <Screen className="friends">
      <div className="page-title">
        <h1 ref={headingRef} tabIndex={-1}>Your Friends</h1>
        {!loading && friends.length > 0 && <p>{friends.length === 1 ? '1 friend' : `${friends.length} friends`}</p>}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">{notice ?? ''}</p>
      {error && <p className="alert" role="alert">{error}</p>}

      {loading && (
        <div className="center-page social-loading" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <p>Loading friends...</p>
        </div>
      )}

      {failed && (
        <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: 'RETRY' })}>Try again</button>
      )}

      {!loading && !failed && friends.length === 0 && (
        <div className="card empty-state">
          <strong>No friends yet!</strong>
          <p>Add some friends from the home page.</p>
          <Link to="/dashboard" className="btn btn-primary">Discover people</Link>
        </div>
      )}

      {friends.length > 0 && (
        <ul className="friend-list">
          {friends.map((friend) => (
            <HideIfBlocked key={friend.id} personId={friend.id}>
              <FriendRow friend={friend} onRemove={() => actor.send({ type: 'REMOVE', friendId: friend.id })} />
            </HideIfBlocked>
          ))}
        </ul>
      )}

      {confirming && pending && (
        <ConfirmDialog
          title="Remove friend?"
          message={`Remove ${pending.username} from your friends? You can add them again from the home page.`}
          confirmLabel={removing ? 'Removing...' : 'Remove'}
          busy={removing}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
          fallbackFocus={() => headingRef.current}
        />
      )}
    </Screen>
  );
}
