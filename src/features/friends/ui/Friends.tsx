import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { avatarInitials } from '../../../domain/discover';
import { messages } from '../../../domain/messages';
import type { FriendEntry } from '../../../domain/friends';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ConversationsSection, useConversations, useConversationsExpected } from '../../chat/components';
import { FriendRequestsSection } from './FriendRequestsSection';
import { useFriendRequests } from './FriendRequestsContext';
import { PersonActions } from '../../safety/components';
import { OnlineDot } from '../../../shared/ui/OnlineDot';
import { HideIfBlocked } from '../../safety/components';
import { SampleBadge } from '../../../shared/ui/SampleBadge';
import { Screen } from '../../../shared/ui/ScreenShell';
import { useFriendsMachine } from './FriendsActors';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useLiveEventsFor, useOnlineFriends } from '../../live/components';
import '../../../shared/ui/styles/social.css';

function FriendRow({ friend, online, onRemove }: { friend: FriendEntry; online: boolean; onRemove: () => void }) {
  const nameId = useId();
  return (
    <li className="card friend-row">
      <span className="avatar" aria-hidden="true">{avatarInitials(friend.username)}</span>
      <div className="friend-info">
        <SampleBadge person={friend} />
        <div className="friend-name-line">
          <h2 id={nameId} className="friend-name">{friend.username}</h2>
          {online && <OnlineDot />}
        </div>
        {friend.interests.length > 0 && <p className="friend-interests">{friend.interests.join(', ')}</p>}
        {friend.since && <p className="friend-interests">{messages.requests.friendsSince(friend.since)}</p>}
      </div>
      <div className="friend-actions">
        {/* A sample person's chat is their AI persona; a member's is a real conversation with them. */}
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
  const requests = useFriendRequests();
  const conversations = useConversations();
  const conversationsExpected = useConversationsExpected();
  const online = useOnlineFriends();
  const machine = useFriendsMachine();
  const actor = useActorRef(machine, inspectOptions());
  useLiveEventsFor(actor);
  // Opening Friends shows the requests and conversations as they are now (and tells the sender of any accepted meanwhile).
  useEffect(() => {
    requests?.send({ type: 'REFRESH' });
  }, [requests]);
  useEffect(() => {
    conversations?.send({ type: 'REFRESH' });
  }, [conversations]);
  // An accepted request (here, or the other member's answer to one sent) shows its friend at once.
  // The same when a friendship ends (down to none), as the live channel tells.
  const memberFriendIds = useSelector(requests ?? undefined, (s) => s?.context.friendIds.join(' ') ?? '');
  const shownFriendIds = useRef(memberFriendIds);
  useEffect(() => {
    if (shownFriendIds.current === memberFriendIds) return;
    shownFriendIds.current = memberFriendIds;
    actor.send({ type: 'REFRESH' });
  }, [actor, memberFriendIds]);
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

      {requests && <FriendRequestsSection requests={requests} />}
      {/* A member's section shows from the first render, before their conversations actor has started. */}
      {conversationsExpected && (
        <ConversationsSection conversations={conversations} online={online} hasFriends={loading || friends.length > 0} />
      )}

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
              <FriendRow friend={friend} online={online.has(friend.id)} onRemove={() => actor.send({ type: 'REMOVE', friendId: friend.id })} />
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
