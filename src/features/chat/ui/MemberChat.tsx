import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ChatMessage } from '../../../domain/chat';
import { quickEmojisFor } from '../../../domain/games';
import { liveTexts } from '../../../domain/liveContract';
import { isMine, markOf, markText, type TrackedMessage } from '../../../domain/memberChat';
import { messages as texts } from '../../../domain/messages';
import { chatMuteTexts } from '../../../domain/chatMute';
import { chatMuteMachine } from '../machines/chatMute.machine';
import { memberChatMachine, selectFriendTyping } from '../machines/memberChat.machine';
import { OnlineDot } from '../../../shared/ui/OnlineDot';
import { PersonSafetyScope, ReportMessageButton } from '../../safety/components';
import { Screen } from '../../../shared/ui/ScreenShell';
import { inspectOptions } from '../../../shared/ui/inspect';
import type { LiveActor } from '../../live';
import { useLive } from '../../live/components';
import { useLiveLinkLogic, useOnlineFriends } from '../../live/components';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { EmojiRow } from './EmojiRow';
import { useChatActors } from './ChatActors';
import { MessageList } from './MessageList';
import { MutedMark } from './MutedMark';
import '../../../shared/ui/styles/chat.css';
import '../../../shared/ui/styles/chatScreens.css';
import '../../../shared/ui/styles/memberChat.css';

const EMOJIS = quickEmojisFor('friend');

/**
 * The visible mark per message of mine: only on the newest of mine with each mark ('Read' under the last read
 * one, 'Delivered' under the newest delivered...), so a long chat is not a column of marks. A refused one says why.
 */
function notesFor(messages: readonly TrackedMessage[]): Map<string, { text: string; alert?: boolean }> {
  const notes = new Map<string, { text: string; alert?: boolean }>();
  const marked = new Set<string>();
  for (const message of [...messages].reverse()) {
    if (!isMine(message)) continue;
    if (message.delivery.error) {
      notes.set(message.id, { text: message.delivery.error, alert: true });
      continue;
    }
    // Every message still waiting says so, until the server acknowledges it (then it is 'Sent').
    if (markOf(message) === 'pending') {
      notes.set(message.id, { text: texts.chat.waitingToSend });
      continue;
    }
    const mark = markText(message);
    if (mark && !marked.has(mark)) {
      marked.add(mark);
      notes.set(message.id, { text: mark });
    }
  }
  return notes;
}

function ChatStatus({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <Screen className="friend-chat-status">
      <main className="center-page">
        <div className="card empty-state friend-chat-missing">
          <h1>{title}</h1>
          <p role="alert">{text}</p>
          <div className="row friend-chat-missing-actions">
            {onRetry ? (
              <button type="button" className="btn btn-outline" onClick={onRetry}>Try again</button>
            ) : null}
            <Link to="/friends" className="btn btn-primary">Back to Friends</Link>
          </div>
        </div>
      </main>
    </Screen>
  );
}

function LoadingChat() {
  return (
    <Screen as="main" className="friend-chat-status">
      <div className="center-page" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
        <p>Loading chat...</p>
      </div>
    </Screen>
  );
}

/** A chat with a member friend (/chat/:friendId): a real conversation, live, with marks and typing. */
export default function MemberChat({ friendId }: { friendId: string }) {
  // The chat opens once the member's live actor is here (its chunk loads after the session), so it hears every frame.
  const live = useLive();
  return live ? <LiveMemberChat key={live.id} friendId={friendId} live={live} /> : <LoadingChat />;
}

function LiveMemberChat({ friendId, live }: { friendId: string; live: LiveActor }) {
  const navigate = useNavigate();
  const liveLink = useLiveLinkLogic(live);
  const online = useOnlineFriends().has(friendId);
  const { memberChat, chatMute } = useChatActors();
  const machine = useMemo(
    () => memberChatMachine.provide({ actors: { ...memberChat.actors, liveLink }, actions: { goToFriends: () => void navigate('/friends') } }),
    [memberChat, liveLink, navigate],
  );
  const actor = useActorRef(machine, {
    input: { friendId, makeClientId: () => crypto.randomUUID(), now: () => Date.now(), visible: memberChat.tabVisible() },
    ...inspectOptions(),
  });
  const muteLogic = useMemo(() => chatMuteMachine.provide({ actors: { ...chatMute.actors, liveLink } }), [chatMute, liveLink]);
  const muteActor = useActorRef(muteLogic, { input: { friendId }, ...inspectOptions() });
  const muteKnown = useSelector(muteActor, (s) => s.matches('ready'));
  const muted = useSelector(muteActor, (s) => s.context.muted);
  const muteError = useSelector(muteActor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const friendName = useSelector(actor, (s) => s.context.friendName);
  const messages = useSelector(actor, (s) => s.context.messages);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const loadingEarlier = useSelector(actor, (s) => s.matches({ chat: { earlier: 'loading' } }));
  const notice = useSelector(actor, (s) => s.context.notice);
  const typing = useSelector(actor, selectFriendTyping);

  const notes = useMemo(() => notesFor(messages), [messages]);
  // Notes are mine; the friend sees my client ids on the wire and could reuse one, so theirs never get one.
  const noteOf = useCallback((message: ChatMessage) => (isMine(message) ? (notes.get(message.id) ?? null) : null), [notes]);
  const nameOf = useCallback((message: ChatMessage) => (message.sender === 'user' ? 'You' : friendName), [friendName]);
  const back = () => actor.send({ type: 'BACK' });
  // The other person's messages the server has stored can be reported, quoted in the dialog as shown here.
  const serverIds = useMemo(() => new Map(messages.map((m) => [m.id, m.delivery.serverId])), [messages]);
  const reportOf = useCallback(
    (message: ChatMessage) => {
      const serverId = serverIds.get(message.id) ?? null;
      if (isMine(message) || serverId === null) return null;
      return <ReportMessageButton person={{ id: friendId, username: friendName }} line={{ id: serverId, sender: friendName, text: message.text, sentAt: message.timestamp }} />;
    },
    [friendId, friendName, serverIds],
  );

  if (loading) return <LoadingChat />;
  if (error !== null) return <ChatStatus title="Chat unavailable" text={error} onRetry={() => actor.send({ type: 'RETRY' })} />;

  const earlierButton = hasMore ? (
    <div className="load-earlier">
      <button type="button" className="btn btn-outline btn-small" disabled={loadingEarlier} onClick={() => actor.send({ type: 'LOAD_EARLIER' })}>
        {liveTexts.loadEarlier}
      </button>
    </div>
  ) : null;

  return (
    <Screen as="main" className="chat-screen member-chat">
      {/* Blocking the friend from the header leaves the chat. */}
      <PersonSafetyScope onBlocking={() => actor.send({ type: 'BLOCKED_HERE' })} onBlocked={back}>
        <ChatHeader
          title={friendName}
          tagline={liveTexts.memberChatTagline}
          partner={{ name: friendName, person: { id: friendId, kind: 'member' } }}
          status={
            <>
              {online ? <OnlineDot /> : null}
              {muteKnown && muted ? <MutedMark /> : null}
            </>
          }
          showingLogs={false}
          onBack={back}
          moreActions={muteKnown ? [{ label: muted ? chatMuteTexts.unmute : chatMuteTexts.mute, onSelect: () => muteActor.send({ type: 'TOGGLE_MUTE' }) }] : []}
        />
        <div className="chat-body">
          {notice || muteError ? (
            <div className="chat-banner">
              {notice ? <p className="alert" role="alert">{notice}</p> : null}
              {muteError ? <p className="alert" role="alert">{muteError}</p> : null}
            </div>
          ) : null}
          <MessageList
            messages={messages}
            nameOf={nameOf}
            typingName={typing ? friendName : null}
            noteOf={noteOf}
            actionOf={reportOf}
            before={earlierButton}
            empty={
              <>
                <strong>{texts.chat.newChatTitle}</strong>
                <p>{texts.chat.newChatPrompt(friendName)}</p>
              </>
            }
          />
          <div className="chat-composer">
            <ChatInput
              placeholder={`Message ${friendName}...`}
              disabled={false}
              onSend={(text) => actor.send({ type: 'SEND', text })}
              onDraftChange={(text) => {
                if (text.trim() !== '') actor.send({ type: 'TYPED' });
              }}
            />
            <EmojiRow emojis={EMOJIS} disabled={false} onEmoji={(emoji) => actor.send({ type: 'SEND', text: emoji })} />
          </div>
        </div>
      </PersonSafetyScope>
    </Screen>
  );
}
