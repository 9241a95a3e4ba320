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

/** One copied line as operators read it (listOpenReports, `npm run reports`). */
export interface EvidenceLine {
  /** 0 is the reported line, 1 the one just before it, up to 10. */
  position: number;
  sender: string;
  fromReported: boolean;
  text: string;
  sentAt: string;
}

/** A line as the report dialog quotes it: the sender's name, the text and when it was sent. */
export interface QuotedLine {
  /** The server's id of the message or debate line. */
  id: string;
  sender: string;
  text: string;
  sentAt: string;
}

/** What a report is about beyond the person (a profile report names nothing more). */
export type ReportAbout = { source: 'friendRequest' } | { source: 'message'; line: QuotedLine } | { source: 'debate'; debateId: string; line?: QuotedLine };

/** The fields a report sends for what it is about (the server looks the lines up itself). */
export function reportTarget(about: ReportAbout | null): { source?: ReportSource; messageId?: string; debateId?: string } {
  if (about === null) return {};
  if (about.source === 'friendRequest') return { source: 'friendRequest' };
  if (about.source === 'message') return { source: 'message', messageId: about.line.id };
  return about.line ? { source: 'debate', debateId: about.debateId, messageId: about.line.id } : { source: 'debate', debateId: about.debateId };
}
