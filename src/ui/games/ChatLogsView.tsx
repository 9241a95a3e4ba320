import type { ChatLog } from '../../domain/chat';
import { previewLog } from '../../domain/chat';

interface ChatLogsViewProps {
  /** The game's name, shown for the other side of a log that has no partner. */
  gameName: string;
  loading: boolean;
  error: string | null;
  logs: readonly ChatLog[];
  onRetry: () => void;
}

/** Stored senders are roles ('user', 'other', 'system') or a persona's name; show people's names. */
function senderLabel(sender: string, log: ChatLog, gameName: string): string {
  if (sender === 'user') return 'You';
  if (sender === 'other') return log.partner ?? gameName;
  if (sender === 'system') return 'Game';
  return sender;
}

function LogEntry({ log, gameName }: { log: ChatLog; gameName: string }) {
  const { lines, more } = previewLog(log);
  const when = new Date(log.timestamp);
  return (
    <li className="card chat-log">
      <h2 className="chat-log-summary">{log.summary}</h2>
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
    </li>
  );
}

/** The saved sessions of one game, newest first (docs/product.md section 2, "Chat logs view"). */
export function ChatLogsView({ gameName, loading, error, logs, onRetry }: ChatLogsViewProps) {
  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
    <section className="chat-logs" aria-labelledby="chat-logs-title" tabIndex={0}>
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
      ) : logs.length === 0 ? (
        <p className="empty-state">No chat logs yet. Start a conversation!</p>
      ) : (
        <ol className="chat-log-list">
          {logs.map((log, index) => (
            // Log ids are save times; two saves in one millisecond must still render as two entries.
            <LogEntry key={`${log.id}-${index}`} log={log} gameName={gameName} />
          ))}
        </ol>
      )}
    </section>
  );
}
