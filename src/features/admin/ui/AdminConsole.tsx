import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { AdminReport } from '../../../domain/adminContract';
import { consoleTexts, type ModerationAction } from '../../../domain/moderation';
import NotFound from '../../../shared/ui/NotFound';
import { Screen } from '../../../shared/ui/ScreenShell';
import { useAdminConsoleMachine } from './AdminActors';
import { ActionDialog } from './ActionDialog';
import { ModerationLog } from './ModerationLog';
import { ReportArticle } from './ReportArticle';
import '../../../shared/ui/styles/admin.css';

/** /admin for operators: open reports (oldest first) and the moderation log (newest first). */
export default function AdminConsole() {
  const actor = useActorRef(useAdminConsoleMachine());
  const notFound = useSelector(actor, (s) => s.matches('notFound'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const data = useSelector(actor, (s) => s.context.data);
  const notice = useSelector(actor, (s) => s.context.notice);
  const busy = useSelector(actor, (s) => !s.matches({ ready: 'browsing' }));
  const reportsHeading = useRef<HTMLHeadingElement>(null);

  if (notFound) return <NotFound />;
  if (loading || (!data && !failed)) {
    return (
      <div className="center-page" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
        <p>{consoleTexts.loading}</p>
      </div>
    );
  }
  if (failed || !data) {
    return (
      <Screen className="admin-page">
        <h1>{consoleTexts.title}</h1>
        <p className="alert" role="alert">{consoleTexts.loadFailed}</p>
        <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>
          {consoleTexts.retry}
        </button>
      </Screen>
    );
  }
  const now = new Date(data.now);
  const open = (action: ModerationAction, report: AdminReport) =>
    actor.send({ type: 'OPEN_ACTION', action, reportId: report.id, memberId: report.reported.id, target: report.reported.username });
  return (
    <Screen className="admin-page">
      <h1>{consoleTexts.title}</h1>
      <p className="admin-notice" role="status" aria-live="polite">{notice ?? ''}</p>
      <section className="admin-section" aria-labelledby="admin-open-reports">
        <h2 id="admin-open-reports" ref={reportsHeading} tabIndex={-1}>{consoleTexts.openReports}</h2>
        {data.reports.length === 0 ? <p className="muted">{consoleTexts.noReports}</p> : null}
        {data.reports.map((report) => (
          <ReportArticle key={report.id} report={report} now={now} open={open} busy={busy} />
        ))}
      </section>
      <section className="admin-section" aria-labelledby="admin-log">
        <h2 id="admin-log">{consoleTexts.moderationLog}</h2>
        <ModerationLog entries={data.log} />
      </section>
      <ActionDialog actor={actor} fallbackFocus={() => reportsHeading.current} />
    </Screen>
  );
}
