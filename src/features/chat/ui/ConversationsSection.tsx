import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { avatarInitials } from '../../../domain/discover';
import { liveTexts, type Conversation } from '../../../domain/liveContract';
import { messages } from '../../../domain/messages';
import type { ConversationsActor } from './ConversationsContext';
import { OnlineDot } from '../../../shared/ui/OnlineDot';
import { MutedMark } from './MutedMark';

const NO_CONVERSATIONS: readonly Conversation[] = [];

/**
 * A member's conversations on Friends, newest message first: each row opens the chat and shows the last
 * message and how many are unread (a muted one too, though the tab's total leaves it out), and a muted one
 * is marked. Friends without a message yet are in the list below, not here. The green
 * dot reads `online` (the live channel's friends online, as the Friends rows do), never the row's own `online`,
 * which is only as fresh as the list's last load.
 */
/**
 * `hasFriends`: without a friend there is nobody to talk to, so nothing is said here (Friends' own empty state says it).
 * `conversations` is null for a member whose conversations actor has not started yet. Until the first list is
 * here the section says it is loading in the box its empty line will take, so the friends list below, which
 * may show first, does not move when the list arrives empty: a press aimed at a friend's Remove lands there.
 */
export function ConversationsSection({ conversations, online, hasFriends }: { conversations: ConversationsActor | null; online: ReadonlySet<string>; hasFriends: boolean }) {
  const list = useSelector(conversations ?? undefined, (s) => s?.context.conversations.filter((c) => c.lastMessage !== null) ?? NO_CONVERSATIONS);
  const loading = useSelector(conversations ?? undefined, (s) => !s || (s.matches('loading') && s.context.conversations.length === 0));
  const error = useSelector(conversations ?? undefined, (s) => s?.context.error ?? null);
  if (!hasFriends && list.length === 0 && !error) return null;
  return (
    <section className="conversations" aria-labelledby="conversations-heading" aria-busy={loading}>
      <h2 id="conversations-heading" className="section-title">{liveTexts.conversationsHeading}</h2>
      {error && <p className="alert" role="alert">{error}</p>}
      {list.length === 0 && !error && !loading && <p className="conversations-empty">{messages.chat.noConversationsYet}</p>}
      {list.length === 0 && !error && loading && (
        <p className="conversations-empty is-pending">
          {/* The empty line, unseen, holds the box it will need; the loading words sit over it. */}
          <span className="conversations-empty-reserve" aria-hidden="true">{messages.chat.noConversationsYet}</span>
          <span className="conversations-loading">{liveTexts.conversationsLoading}</span>
        </p>
      )}
      {list.length > 0 && (
        <ul className="conversation-list">
          {list.map((conversation) => (
            <li key={conversation.friendId}>
              <Link className={`card conversation-row${conversation.muted ? ' is-muted' : ''}`} to={`/chat/${encodeURIComponent(conversation.friendId)}`}>
                <span className="avatar" aria-hidden="true">{avatarInitials(conversation.username)}</span>
                <span className="conversation-info">
                  <span className="conversation-name">
                    <strong>{conversation.username}</strong>
                    {online.has(conversation.friendId) && <OnlineDot />}
                    {conversation.muted && <MutedMark />}
                  </span>
                  <span className="conversation-last">
                    {conversation.lastMessage && conversation.lastMessage.from !== conversation.friendId
                      ? liveTexts.youSaid(conversation.lastMessage.text)
                      : conversation.lastMessage?.text}
                  </span>
                </span>
                {conversation.unread > 0 && <span className="unread-count">{liveTexts.unread(conversation.unread)}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
