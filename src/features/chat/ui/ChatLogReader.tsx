import { useEffect, useRef } from 'react';
import type { ChatLog } from '../../../domain/chat';
import { messages } from '../../../domain/messages';
import { senderLabel } from './logSender';

interface ChatLogReaderProps {
  log: ChatLog;
  gameName: string;
  onClose: () => void;
}

/** One saved session in full: every message, uncut, with nothing to type into (a log is a record, not a chat). */
export function ChatLogReader({ log, gameName, onClose }: ChatLogReaderProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a log moves focus to its title, so a screen reader starts reading it and Tab continues inside it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <article className="card chat-log chat-log-full" aria-labelledby="chat-log-full-title">
      <button type="button" className="btn btn-small btn-outline chat-log-back" onClick={onClose}>
        {messages.chat.backToLogs}
      </button>
      <h2 id="chat-log-full-title" className="chat-log-summary" ref={heading} tabIndex={-1}>
        {log.summary}
      </h2>
      <p className="chat-log-date">
        <time dateTime={log.timestamp}>{new Date(log.timestamp).toLocaleString()}</time>
        {log.partner ? <span>{` · with ${log.partner}`}</span> : null}
      </p>
      <ol className="chat-log-lines chat-log-transcript">
        {log.messages.map((message) => (
          <li key={message.id}>
            <span className="chat-log-sender">{`${senderLabel(message.sender, log, gameName)}: `}</span>
            {message.text}
          </li>
        ))}
      </ol>
    </article>
  );
}
