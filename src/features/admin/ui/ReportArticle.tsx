import type { AdminReport } from '../../../domain/adminContract';
import { accountAgeText, consoleTexts, formatMoment, type ModerationAction } from '../../../domain/moderation';
import { reportReasonLabels, REPORT_REASONS } from '../../../domain/socialContract';

type Open = (action: ModerationAction, report: AdminReport) => void;

function isReportReason(reason: string): reason is (typeof REPORT_REASONS)[number] {
  return (REPORT_REASONS as readonly string[]).includes(reason);
}

/** The reason as the reporter chose it from the report dialog's list. */
function reasonLabel(reason: string): string {
  return isReportReason(reason) ? reportReasonLabels[reason] : reason;
}

/** One open report: who reported whom and why, the messages stored with it, earlier reports, and the actions. */
export function ReportArticle({ report, now, open, busy }: { report: AdminReport; now: Date; open: Open; busy: boolean }) {
  const headingId = `report-${report.id}`;
  const { reported } = report;
  const suspended = reported.suspension !== null;
  return (
    <article className="admin-report" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-report-title">
        {`${report.reporter ?? consoleTexts.deletedAccount} reported ${reported.username}`}
      </h3>
      <dl className="admin-facts">
        <div>
          <dt>Reason</dt>
          <dd>{reasonLabel(report.reason)}</dd>
        </div>
        {report.note !== '' ? (
          <div>
            <dt>Note</dt>
            <dd className="admin-text">{report.note}</dd>
          </div>
        ) : null}
        <div>
          <dt>Filed</dt>
          <dd>{formatMoment(new Date(report.createdAt))}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{reported.memberSince === null ? 'Deleted' : accountAgeText(new Date(reported.memberSince), now)}</dd>
        </div>
        {suspended ? (
          <div>
            <dt>Status</dt>
            <dd>{reported.suspension?.until ? `Suspended until ${formatMoment(new Date(reported.suspension.until))}` : 'Suspended permanently'}</dd>
          </div>
        ) : null}
      </dl>
      {report.evidence.length > 0 ? (
        <section className="admin-evidence" aria-label={consoleTexts.evidence}>
          <h4>{consoleTexts.evidence}</h4>
          <ol>
            {report.evidence.map((line) => (
              <li key={line.position} className={line.position === 0 ? 'admin-evidence-reported' : undefined}>
                <span className="admin-evidence-sender">{line.sender}</span>{' '}
                <time dateTime={line.sentAt} className="muted">{formatMoment(new Date(line.sentAt))}</time>
                <p className="admin-text">{line.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section className="admin-earlier" aria-label={consoleTexts.earlier}>
        <h4>{`${consoleTexts.earlier}: ${report.earlier.count}`}</h4>
        {report.earlier.recent.length > 0 ? (
          <ul>
            {report.earlier.recent.map((earlier) => (
              <li key={earlier.id}>{`${formatMoment(new Date(earlier.createdAt))} · ${reasonLabel(earlier.reason)} · ${earlier.status}`}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <div className="admin-actions">
        <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={() => open('dismiss', report)}>
          {consoleTexts.dismiss}
        </button>
        {reported.id !== null ? (
          <>
            {suspended ? (
              <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={() => open('lift', report)}>
                {consoleTexts.lift}
              </button>
            ) : (
              <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => open('suspend', report)}>
                {consoleTexts.suspend}
              </button>
            )}
            <button type="button" className="btn btn-danger-solid btn-small" disabled={busy} onClick={() => open('delete', report)}>
              {consoleTexts.remove}
            </button>
          </>
        ) : null}
      </div>
    </article>
  );
}
