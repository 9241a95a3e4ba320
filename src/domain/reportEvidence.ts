import { z } from 'zod';

// What a report is about and where it was made. A report from a message or a live debate carries the
// reported line and the lines just before it, copied on the server when the report is filed
// (server/social/reportEvidence.ts), so operators read what was said even after it is gone.

/** Where a report was made: a profile or card, a message in a chat, a friend request row, a live debate. */
export const REPORT_SOURCES = ['profile', 'message', 'friendRequest', 'debate'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** Lines kept before the reported one (so a report keeps at most 11 lines). */
export const REPORT_EVIDENCE_BEFORE = 10;

/** Message and debate line ids are bigserial: digits only. */
export const lineIdSchema = z.string().regex(/^[0-9]{1,18}$/);

/** The action on each message from the other person in a member chat. */
export const REPORT_MESSAGE_LABEL = 'Report message';
/** The report dialog's heading over the quoted message. */
export const REPORTED_MESSAGE_HEADING = 'Reported message';

/** One copied line as operators read it (listOpenReports, `npm run reports`). */
export interface EvidenceLine {
  /** 0 is the reported line, 1 the one just before it, up to 10. */
  position: number;
  sender: string;
  fromReported: boolean;
  text: string;
  sentAt: string;
}
