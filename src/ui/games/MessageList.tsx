import { useEffect, useRef, type ReactNode } from 'react';
import type { AiAuthorship } from '../../domain/aiAuthored';
import type { ChatMessage } from '../../domain/chat';
import { AiPersonaLabel } from '../components/AiPersonaLabel';

interface MessageListProps {
  messages: readonly ChatMessage[];
  nameOf: (message: ChatMessage) => string;
  typingName?: string | null;
  /** Which messages the AI wrote in a persona: they carry the 'AI persona' mark. */
  aiPersona?: AiAuthorship;
  /** A line under a message, e.g. a member chat's 'Read' mark or why a message was refused. */
  noteOf?: (message: ChatMessage) => { text: string; alert?: boolean } | null;
  /** Above the first message, e.g. 'Load earlier'. */
  before?: ReactNode;
}

/**
 * The conversation. Every text is a React text node (never HTML), so markup typed by anyone shows as
 * typed; pre-wrap plus overflow-wrap:anywhere keeps newlines and lets a 5,000-character word wrap whole.
 */
export function MessageList({ messages, nameOf, typingName, aiPersona, noteOf, before }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;

  // Newest message (or the typing line) in view whenever either changes; earlier messages put before the
  // first one ('Load earlier') leave the view where the reader is.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last, typingName]);

  return (
    // Focusable so keyboard users can scroll back through a long conversation.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
    <div ref={scroller} className="chat-messages" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
      {before}
      <ol className="message-list">
        {messages.map((message) => {
          const mine = message.sender === 'user';
          const note = noteOf?.(message);
          return (
            <li key={message.id} className={`message ${mine ? 'message-mine' : 'message-theirs'}${message.type === 'emoji' ? ' message-emoji' : ''}`}>
              <span className="message-byline">
                <span className="message-sender">{nameOf(message)}</span>
                {aiPersona?.(message) ? <AiPersonaLabel /> : null}
              </span>
              <p className="message-text">{message.text}</p>
              {note ? <p className={note.alert ? 'message-note message-note-alert' : 'message-note'}>{note.text}</p> : null}
            </li>
          );
        })}
      </ol>
      {typingName ? (
        <p className="typing-indicator">
          <span className="typing-dots" aria-hidden="true"><span /><span /><span /></span>
          {`${typingName} is typing...`}
        </p>
      ) : null}
    </div>
  );
}
