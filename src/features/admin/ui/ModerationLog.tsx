import type { ModerationEntry } from '../../../domain/adminContract';
import { actionText, consoleTexts, formatMoment } from '../../../domain/moderation';

/** The log, newest first: when, who, what, and why. */
export function ModerationLog({ entries }: { entries: readonly ModerationEntry[] }) {
  if (entries.length === 0) return <p className="muted">{consoleTexts.noLog}</p>;
  return (
    <ol className="admin-log">
      {entries.map((entry) => (
        <li key={entry.id} className="admin-log-entry">
          <p className="admin-log-what">
            <time dateTime={entry.at}>{formatMoment(new Date(entry.at))}</time>
            {' · '}
            <span>{`${entry.operator}: ${actionText(entry.action, entry.target, entry.length)}`}</span>
          </p>
          <p className="admin-text admin-log-why">{entry.reason}</p>
        </li>
      ))}
    </ol>
  );
}
