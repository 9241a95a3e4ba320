import { z } from 'zod';
import { MODERATION_ACTIONS, MODERATION_REASON_MAX_LENGTH, SUSPENSION_LENGTHS } from './moderation';
import { safeLine, safeMultiLine } from './safeText';

// The wire contract of the operators' console (/api/admin/...). Only members with the operator role
// (granted on the command line: `npm run operator`) reach these routes; anyone else hears exactly what
// an unknown route answers (404 NOT_FOUND), so the routes' existence is not revealed.

export const ADMIN_ROUTES = {
  reports: '/api/admin/reports',
  log: '/api/admin/log',
  dismiss: (reportId: string) => `/api/admin/reports/${encodeURIComponent(reportId)}/dismiss`,
  suspend: (memberId: string) => `/api/admin/members/${encodeURIComponent(memberId)}/suspend`,
  lift: (memberId: string) => `/api/admin/members/${encodeURIComponent(memberId)}/lift`,
  remove: (memberId: string) => `/api/admin/members/${encodeURIComponent(memberId)}/delete`,
} as const;

/** Error codes of these routes, each with the one text an operator sees for it. */
export const adminErrorTexts = {
  REPORT_NOT_FOUND: 'That report could not be found.',
  REPORT_CLOSED: 'That report has already been closed.',
  MEMBER_NOT_FOUND: 'That member could not be found. Their account may have been deleted.',
  ALREADY_SUSPENDED: 'That member is already suspended. Lift the suspension first.',
  NOT_SUSPENDED: 'That member is not suspended.',
  CANNOT_MODERATE_SELF: 'You cannot take this action on your own account.',
} as const;
export type AdminErrorCode = keyof typeof adminErrorTexts;

export const reasonSchema = safeMultiLine(MODERATION_REASON_MAX_LENGTH).refine((text) => text.trim() !== '', 'is required');
export const moderationReasonBodySchema = z.object({ reason: reasonSchema });
export const suspendBodySchema = z.object({ length: z.enum(SUSPENSION_LENGTHS), reason: reasonSchema });

const isoDate = z.iso.datetime({ offset: true });

export const evidenceMessageSchema = z.object({
  position: z.number().int(),
  sender: z.string(),
  fromReported: z.boolean(),
  text: z.string(),
  sentAt: isoDate,
});
export type EvidenceMessage = z.infer<typeof evidenceMessageSchema>;

export const earlierReportSchema = z.object({ id: z.string(), createdAt: isoDate, reason: z.string(), status: z.string() });

export const adminReportSchema = z.object({
  id: z.string(),
  createdAt: isoDate,
  /** Where the report was made: 'profile', 'message', 'friendRequest' or 'debate'. */
  source: z.string(),
  reason: z.string(),
  note: z.string(),
  /** The reporter's current name, or null when they deleted their account. */
  reporter: z.string().nullable(),
  reported: z.object({
    /** Null once the reported member's account is gone. */
    id: z.string().nullable(),
    username: z.string(),
    /** When the account was made (the console shows its age); null once it is gone. */
    memberSince: isoDate.nullable(),
    /** Present while suspended: until when (null: permanently). */
    suspension: z.object({ until: isoDate.nullable() }).nullable(),
  }),
  /** The reported message (position 0) and earlier ones of the conversation, when the report came from a chat. */
  evidence: z.array(evidenceMessageSchema),
  /** Other reports about the same member, open or closed: their count and the newest few. */
  earlier: z.object({ count: z.number().int().nonnegative(), recent: z.array(earlierReportSchema) }),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportsResponseSchema = z.object({ reports: z.array(adminReportSchema), now: isoDate });

export const moderationEntrySchema = z.object({
  id: z.string(),
  at: isoDate,
  /** The operator's name as it was when they acted. */
  operator: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  target: z.string(),
  length: z.enum(SUSPENSION_LENGTHS).nullable(),
  reason: z.string(),
});
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;
export const moderationLogResponseSchema = z.object({ entries: z.array(moderationEntrySchema) });

/** Every action answers with the log entry it wrote. */
export const moderationActionResponseSchema = z.object({ entry: moderationEntrySchema });

/** Ids in paths are uuids; anything else is unknown (404), never a database error. */
export const adminIdSchema = safeLine(100);
