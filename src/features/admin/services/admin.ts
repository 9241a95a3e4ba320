import {
  ADMIN_ROUTES,
  adminReportsResponseSchema,
  moderationActionResponseSchema,
  moderationLogResponseSchema,
  type ModerationEntry,
} from '../../../domain/adminContract';
import { memberCall } from '../../../shared/http/api';
import type { ActionForm, ConsoleData } from '../machines/adminConsole.machine';

// The console's calls. Each resolves with what the machine needs or throws MemberApiError; anyone but an
// operator hears 404, as from an unknown route.

export async function loadConsole(): Promise<ConsoleData> {
  const [reports, log] = await Promise.all([memberCall(ADMIN_ROUTES.reports, adminReportsResponseSchema), memberCall(ADMIN_ROUTES.log, moderationLogResponseSchema)]);
  return { reports: reports.reports, log: log.entries, now: reports.now };
}

function pathOf(form: ActionForm): string {
  const member = form.memberId ?? '';
  switch (form.action) {
    case 'dismiss':
      return ADMIN_ROUTES.dismiss(form.reportId ?? '');
    case 'suspend':
      return ADMIN_ROUTES.suspend(member);
    case 'lift':
      return ADMIN_ROUTES.lift(member);
    case 'delete':
      return ADMIN_ROUTES.remove(member);
  }
}

export async function act(form: ActionForm): Promise<ModerationEntry> {
  const body = form.action === 'suspend' ? { length: form.length, reason: form.reason } : { reason: form.reason };
  return (await memberCall(pathOf(form), moderationActionResponseSchema, { method: 'POST', body })).entry;
}
