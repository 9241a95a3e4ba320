import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EvidenceLine } from '../../src/domain/reportEvidence';
import type { ReportCreate } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { REPORT_RULE, spendAction } from './actionLimits';
import { problem, type SocialProblem } from './errors';
import { isUuid } from './locks';
import { findPerson } from './people';
import { copyEvidence, debateEvidence, messageEvidence, type Evidence } from './reportEvidence';

// Reports about members, kept for operators (`npm run reports`). The reported name is stored with
// the report, so it still says who it was about after that member deletes their account; a report
// from a message or a debate keeps copies of the lines it is about (reportEvidence.ts).

type Db = Kysely<Database>;

export async function fileReport(db: Db, me: string, report: ReportCreate, at: Date): Promise<{ id: string } | SocialProblem> {
  if (!isUuid(report.userId)) return problem(404, 'NOT_FOUND');
  const them = report.userId.toLowerCase();
  if (them === me) return problem(400, 'CANNOT_REPORT_SELF');
  const source = report.source ?? 'profile';
  return db.transaction().execute(async (trx): Promise<{ id: string } | SocialProblem> => {
    const person = await findPerson(trx, them);
    if (!person) return problem(404, 'NOT_FOUND');
    // The lines are looked up before the limit is spent: a refused id costs nothing and tells nothing.
    let evidence: Evidence = [];
    if (source === 'message') {
      const found = report.messageId === undefined ? undefined : await messageEvidence(trx, me, them, report.messageId);
      if (!found) return problem(404, 'MESSAGE_NOT_FOUND');
      evidence = found;
    } else if (source === 'debate') {
      const found = report.debateId === undefined ? undefined : await debateEvidence(trx, me, them, report.debateId, report.messageId);
      if (!found) return problem(404, 'REPORTED_DEBATE_NOT_FOUND');
      evidence = found;
    }
    const retryAfter = await spendAction(trx, me, REPORT_RULE, at);
    if (retryAfter !== undefined) return problem(429, 'TOO_MANY_REQUESTS', retryAfter);
    const id = randomUUID();
    await trx
      .insertInto('reports')
      .values({ id, reporter_id: me, reported_id: them, reported_username: person.username, reason: report.reason, note: report.note?.trim() ?? '', source, created_at: at })
      .execute();
    await copyEvidence(trx, id, them, evidence);
    return { id };
  });
}

export interface OpenReport {
  id: string;
  createdAt: string;
  /** The reporter's current username, or null when they deleted their account. */
  reporter: string | null;
  reported: string;
  reason: string;
  note: string;
  /** 'profile' | 'message' | 'friendRequest' | 'debate' */
  source: string;
  /** The copied lines in the order they were written: the reported one (position 0) last. */
  evidence: EvidenceLine[];
}

/** Open reports, oldest first (the order operators work through them), each with its evidence. */
export async function listOpenReports(db: Db): Promise<OpenReport[]> {
  const rows = await db
    .selectFrom('reports as r')
    .leftJoin('members as m', 'm.id', 'r.reporter_id')
    .select(['r.id', 'r.created_at', 'm.username as reporter', 'r.reported_username', 'r.reason', 'r.note', 'r.source'])
    .where('r.status', '=', 'open')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  const lines = rows.length === 0 ? [] : await db
    .selectFrom('report_evidence as e')
    .innerJoin('reports as r', 'r.id', 'e.report_id')
    .select(['e.report_id', 'e.position', 'e.sender_username', 'e.from_reported', 'e.text', 'e.sent_at'])
    .where('r.status', '=', 'open')
    .orderBy('e.report_id')
    .orderBy('e.position', 'desc')
    .execute();
  const evidence = new Map<string, EvidenceLine[]>();
  for (const line of lines) {
    const kept = evidence.get(line.report_id) ?? [];
    kept.push({ position: line.position, sender: line.sender_username, fromReported: line.from_reported, text: line.text, sentAt: new Date(line.sent_at).toISOString() });
    evidence.set(line.report_id, kept);
  }
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    reporter: row.reporter,
    reported: row.reported_username,
    reason: row.reason,
    note: row.note,
    source: row.source,
    evidence: evidence.get(row.id) ?? [],
  }));
}

