import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { AiAuthorship } from '../../../domain/aiAuthored';
import type { ChatMessage } from '../../../domain/chat';
import { AiPersonaLabel } from '../../../shared/ui/AiPersonaLabel';

interface MessageListProps {
  messages: readonly ChatMessage[];
  nameOf: (message: ChatMessage) => string;
  typingName?: string | null;
  /** Which messages the AI wrote in a persona: they carry the 'AI persona' mark. */
  aiPersona?: AiAuthorship;
  /** A line under a message, e.g. a member chat's 'Read' mark or why a message was refused. */
  noteOf?: (message: ChatMessage) => { text: string; alert?: boolean } | null;
  /** An action under a message, e.g. a member chat's 'Report message' on the other person's messages. */
  actionOf?: (message: ChatMessage) => ReactNode;
  /** Above the first message, e.g. 'Load earlier'. */
  before?: ReactNode;
  /** Shown while there is no message yet, e.g. a new chat's prompt to say hello. */
  empty?: ReactNode;
}

/**
 * The conversation. Every text is a React text node (never HTML), so markup typed by anyone shows as
 * typed; pre-wrap plus overflow-wrap:anywhere keeps newlines and lets a 5,000-character word wrap whole.
 */
export function MessageList({ messages, nameOf, typingName, aiPersona, noteOf, actionOf, before, empty }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  const first = messages[0]?.id;
  const anchor = useRef<{ first: string | undefined; last: string | undefined; height: number }>({ first: undefined, last: undefined, height: 0 });

  // Earlier messages put before the first one ('Load earlier') keep the reader's place: the view moves down
  // by exactly what was added above it, before the browser paints.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const was = anchor.current;
    if (was.first !== undefined && first !== was.first && last === was.last) el.scrollTop += el.scrollHeight - was.height;
    anchor.current = { first, last, height: el.scrollHeight };
  });

  // Newest message (or the typing line) in view whenever either changes.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last, typingName]);

  return (
    // Focusable so keyboard users can scroll back through a long conversation.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
    <div ref={scroller} className="chat-messages" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
      {before}
      {messages.length === 0 && empty ? <div className="chat-empty">{empty}</div> : null}
      <ol className="message-list">
        {messages.map((message, i) => {
          const mine = message.sender === 'user';
          const note = noteOf?.(message);
          const name = nameOf(message);
          const previous = messages[i - 1];
          // Consecutive messages of one sender are one group: the name (and its mark) once, above the first.
          const grouped = previous !== undefined && previous.sender === message.sender && nameOf(previous) === name;
          return (
            <li
              key={message.id}
              className={`message ${mine ? 'message-mine' : 'message-theirs'}${message.type === 'emoji' ? ' message-emoji' : ''}${grouped ? ' message-grouped' : ''}`}
            >
              {grouped ? (
                // The name is said to screen readers only; a message the AI wrote keeps its mark on every bubble.
                <>
                  <span className="visually-hidden">{name}</span>
                  {aiPersona?.(message) ? (
                    <span className="message-byline">
                      <AiPersonaLabel />
                    </span>
                  ) : null}
                </>
              ) : (
                <span className="message-byline">
                  <span className="message-sender">{name}</span>
                  {aiPersona?.(message) ? <AiPersonaLabel /> : null}
                </span>
              )}
              <p className="message-text">{message.text}</p>
              {note ? <p className={note.alert ? 'message-note message-note-alert' : 'message-note'}>{note.text}</p> : null}
              {actionOf?.(message)}
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
