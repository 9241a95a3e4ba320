import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { ChatMessage } from '../../../domain/chat';
import { GAMES } from '../../../domain/games';
import { chatLogsMachine } from '../machines/chatLogs.machine';
import { useChatActors } from './ChatActors';
import { PersonSafetyScope } from '../../safety/components';
import { Screen } from '../../../shared/ui/ScreenShell';
import { inspectOptions } from '../../../shared/ui/inspect';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { ChatLogsView } from './ChatLogsView';
import type { ChatViewProps } from './chatViewProps';
import { EmojiRow } from './EmojiRow';
import { MessageList } from './MessageList';
import '../../../shared/ui/styles/chat.css';

/**
 * The one chat screen (docs/product.md section 2, "Chat screens"), full screen outside the app shell. It owns only
 * presentation: the draft, auto-grow, auto-scroll and the chat/logs toggle; each chat's machine owns the rest.
 */
export default function ChatView({
  title,
  tagline,
  logsGame,
  messages,
  senderName,
  emojis,
  placeholder,
  inputDisabled = false,
  emojisDisabled = inputDisabled,
  inputHint,
  typingName,
  aiPersona,
  partner,
  banner,
  onSend,
  onEmoji,
  onBack,
  children,
}: ChatViewProps) {
  const { chatLogs } = useChatActors();
  const logsMachine = useMemo(() => chatLogsMachine.provide({ actors: chatLogs.actors }), [chatLogs]);
  const logsActor = useActorRef(logsMachine, { input: { game: logsGame }, ...inspectOptions() });
  const showingLogs = useSelector(logsActor, (s) => s.matches('logs'));
  const logsLoading = useSelector(logsActor, (s) => s.matches({ logs: 'loading' }));
  const logs = useSelector(logsActor, (s) => s.context.logs);
  const openLogIndex = useSelector(logsActor, (s) => (s.matches({ logs: 'reading' }) ? s.context.openIndex : null));
  const logsError = useSelector(logsActor, (s) => (s.matches({ logs: 'failed' }) ? s.context.error : null));

  const nameOf = useCallback(
    (message: ChatMessage) => {
      if (senderName) return senderName(message);
      if (message.sender === 'user') return 'You';
      if (message.sender === 'other') return title;
      if (message.sender === 'system') return 'Game';
      return message.sender;
    },
    [senderName, title],
  );

  return (
    <Screen as="main" className="chat-screen">
      {/* Blocking the person in this chat (header or profile dialog) leaves the chat. */}
      <PersonSafetyScope onBlocked={onBack}>
      <ChatHeader
        title={title}
        tagline={tagline}
        partner={partner}
        showingLogs={showingLogs}
        onBack={onBack}
        onToggleLogs={() => logsActor.send({ type: 'TOGGLE' })}
      />
      {/* The chat stays mounted (hidden) under the logs, so the draft and scroll position survive a visit. */}
      <div className="chat-body" hidden={showingLogs}>
        {banner ? <div className="chat-banner">{banner}</div> : null}
        <MessageList messages={messages} nameOf={nameOf} typingName={typingName} aiPersona={aiPersona} />
        {/* The message box and Send come first in the DOM (and so in Tab order); CSS draws the emoji row above them. */}
        <div className="chat-composer">
          <ChatInput placeholder={placeholder} disabled={inputDisabled} hint={inputHint} onSend={onSend} />
          <EmojiRow emojis={emojis} disabled={emojisDisabled} onEmoji={onEmoji} />
        </div>
      </div>
      {showingLogs ? (
        <ChatLogsView
          gameName={GAMES[logsGame].name}
          loading={logsLoading}
          error={logsError}
          logs={logs}
          openIndex={openLogIndex}
          onRetry={() => logsActor.send({ type: 'RETRY' })}
          onOpen={(index) => logsActor.send({ type: 'OPEN', index })}
          onClose={() => logsActor.send({ type: 'CLOSE' })}
        />
      ) : null}
      {children}
      </PersonSafetyScope>
    </Screen>
  );
}
