import {
  blocksResponseSchema,
  reportResponseSchema,
  SOCIAL_ROUTES,
  type BlockedPerson,
  type ReportCreate,
} from '../../../domain/socialContract';
import { memberCall } from '../../../shared/http/api';

// Blocking and reporting another member. Each call resolves with what the caller needs or throws
// MemberApiError (see socialErrors.ts for the text a person sees).

/** POST /api/blocks: also ends the friendship and pending requests both ways (the server's job). */
export async function blockPerson(userId: string): Promise<void> {
  await memberCall(SOCIAL_ROUTES.blocks, null, { method: 'POST', body: { userId } });
}

/** DELETE /api/blocks/:userId. */
export async function unblockPerson(userId: string): Promise<void> {
  await memberCall(SOCIAL_ROUTES.block(userId), null, { method: 'DELETE' });
}

/** GET /api/blocks: the people this member blocked. */
export async function listBlockedPeople(): Promise<BlockedPerson[]> {
  return (await memberCall(SOCIAL_ROUTES.blocks, blocksResponseSchema)).blocked;
}

/** POST /api/reports: stored for operators; resolves with the report's id. A blank note is left out. */
export async function reportPerson(report: ReportCreate): Promise<string> {
  const { note: draft, ...rest } = report;
  const note = draft?.trim();
  const body: ReportCreate = note ? { ...rest, note } : rest;
  return (await memberCall(SOCIAL_ROUTES.reports, reportResponseSchema, { method: 'POST', body })).id;
}
