import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useChatActors } from './ChatActors';
import { friendPersonaWrote } from '../../../domain/aiAuthored';
import { FRIEND_NOT_FOUND, friendTagline } from '../../../domain/friendChat';
import { quickEmojisFor } from '../../../domain/games';
import { selectReplying } from '../machines/chatPipeline';
import { friendChatMachine } from '../machines/friendChat.machine';
import { Screen } from '../../../shared/ui/ScreenShell';
import { inspectOptions } from '../../../shared/ui/inspect';
import ChatView from './ChatView';
import '../../../shared/ui/styles/chatScreens.css';

const EMOJIS = quickEmojisFor('friend');

function BackToFriends() {
  return <Link to="/friends" className="btn btn-primary">Back to Friends</Link>;
}

/** Friend chat (/chat/:friendId): the friend greets, then answers in their personality; back goes to /friends. */
export default function FriendChat({ friendId }: { friendId: string }) {
  const navigate = useNavigate();
  const { friendChat, sources } = useChatActors();
  const input = useMemo(() => ({ friendId, ...sources }), [friendId, sources]);
  const actor = useActorRef(friendChatMachine.provide(friendChat).provide({ actions: { goToFriends: () => void navigate('/friends') } }), {
    input,
    ...inspectOptions(),
  });
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const notFound = useSelector(actor, (s) => s.matches('notFound'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const friend = useSelector(actor, (s) => s.context.friend);
  const messages = useSelector(actor, (s) => s.context.messages);
  const replying = useSelector(actor, selectReplying);

  if (loading) {
    return (
      <Screen as="main" className="friend-chat-status">
        <div className="center-page" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <p>Loading chat...</p>
        </div>
      </Screen>
    );
  }
  if (notFound || error || !friend) {
    return (
      <Screen className="friend-chat-status">
        <main className="center-page">
          <div className="card empty-state friend-chat-missing">
            <h1>{notFound ? FRIEND_NOT_FOUND.title : 'Chat unavailable'}</h1>
            <p role={error ? 'alert' : undefined}>{error ?? FRIEND_NOT_FOUND.text}</p>
            <div className="row friend-chat-missing-actions">
              {error ? (
                <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: 'RETRY' })}>Try again</button>
              ) : null}
              <BackToFriends />
            </div>
          </div>
        </main>
      </Screen>
    );
  }

  return (
    <ChatView
      title={friend.username}
      tagline={friendTagline(friend)}
      logsGame="hottakes"
      messages={messages}
      emojis={EMOJIS}
      placeholder={`Message ${friend.username}...`}
      typingName={replying ? friend.username : null}
      aiPersona={friendPersonaWrote}
      partner={{ name: friend.username, person: friend }}
      onSend={(text) => actor.send({ type: 'SEND', text })}
      onEmoji={(emoji) => actor.send({ type: 'EMOJI', emoji })}
      onBack={() => actor.send({ type: 'BACK' })}
    />
  );
}
