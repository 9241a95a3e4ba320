import { useEffect, useRef } from 'react';
import type { ChatLog } from '../../../domain/chat';
import { previewLog } from '../../../domain/chat';
import { messages } from '../../../domain/messages';
import { ChatLogReader } from './ChatLogReader';
import { senderLabel } from './logSender';

interface ChatLogsViewProps {
  /** The game's name, shown for the other side of a log that has no partner. */
  gameName: string;
  loading: boolean;
  error: string | null;
  logs: readonly ChatLog[];
  /** The log open in full (its place in the list), or null for the list of previews. */
  openIndex: number | null;
  onRetry: () => void;
  onOpen: (index: number) => void;
  onClose: () => void;
}

function LogEntry({ log, gameName, index, onOpen }: { log: ChatLog; gameName: string; index: number; onOpen: (index: number) => void }) {
  const { lines, more } = previewLog(log);
  const when = new Date(log.timestamp);
  return (
    <li className="card chat-log">
      <h2 id={`chat-log-${index}-summary`} className="chat-log-summary">{log.summary}</h2>
      <p className="chat-log-date">
        <time dateTime={log.timestamp}>{when.toLocaleString()}</time>
        {log.partner ? <span>{` · with ${log.partner}`}</span> : null}
      </p>
      <ul className="chat-log-lines">
        {lines.map((line) => (
          <li key={line.id}>
            <span className="chat-log-sender">{`${senderLabel(line.sender, log, gameName)}: `}</span>
            {line.text}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="chat-log-more">{`... and ${more} more messages`}</p> : null}
      <button type="button" className="btn btn-small btn-outline chat-log-open" data-log-index={index} aria-describedby={`chat-log-${index}-summary`} onClick={() => onOpen(index)}>
        {messages.chat.readLog}
      </button>
    </li>
  );
}

/** The saved sessions of one game, newest first (docs/product.md section 2, "Chat logs view"). */
export function ChatLogsView({ gameName, loading, error, logs, openIndex, onRetry, onOpen, onClose }: ChatLogsViewProps) {
  const region = useRef<HTMLElement>(null);
  const lastOpened = useRef<number | null>(null);
  const openLog = openIndex === null ? undefined : logs[openIndex];
  // Closing a log returns focus to the button that opened it, so keyboard users keep their place in the list.
  useEffect(() => {
    if (openIndex !== null) {
      lastOpened.current = openIndex;
      return;
    }
    if (lastOpened.current === null) return;
    region.current?.querySelector<HTMLButtonElement>(`[data-log-index="${lastOpened.current}"]`)?.focus();
    lastOpened.current = null;
  }, [openIndex]);

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
    <section className="chat-logs" aria-labelledby="chat-logs-title" tabIndex={0} ref={region}>
      <h2 id="chat-logs-title" className="visually-hidden">Chat logs</h2>
      {loading ? (
        <div className="center-page" role="status">
          <div className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading chat logs…</span>
        </div>
      ) : error ? (
        <div className="alert chat-logs-error" role="alert">
          <p>{error}</p>
          <button type="button" className="btn btn-small btn-outline" onClick={onRetry}>Try again</button>
        </div>
      ) : openLog ? (
        <ChatLogReader log={openLog} gameName={gameName} onClose={onClose} />
      ) : logs.length === 0 ? (
        <p className="empty-state">No chat logs yet. Start a conversation!</p>
      ) : (
        <ol className="chat-log-list">
          {logs.map((log, index) => (
            // Log ids are save times; two saves in one millisecond must still render as two entries.
            <LogEntry key={`${log.id}-${index}`} log={log} gameName={gameName} index={index} onOpen={onOpen} />
          ))}
        </ol>
      )}
    </section>
  );
}
