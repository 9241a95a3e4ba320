import type { Kysely } from 'kysely';
import type { AdminReport, EvidenceMessage, ModerationEntry } from '../../src/domain/adminContract';
import { EARLIER_REPORTS_SHOWN, MODERATION_LOG_PAGE } from '../../src/domain/moderation';
import type { Database } from '../db/schema';

// What the console reads: the open reports, oldest first (the order operators work through them),
// each with what an operator needs to decide, and the moderation log, newest first.

type Db = Kysely<Database>;

/** Open reports the console lists at once; an operator works from the oldest. */
const OPEN_REPORTS_PAGE = 200;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The messages copied into each report when it was filed (report_evidence: position 0 is the reported
 * message, 1..10 the ones before it), oldest first as the conversation read.
 */
async function evidenceOf(db: Db, reportIds: readonly string[]): Promise<Map<string, EvidenceMessage[]>> {
  const byReport = new Map<string, EvidenceMessage[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .selectFrom('report_evidence')
    .select(['report_id', 'position', 'sender_username', 'from_reported', 'text', 'sent_at'])
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('position', 'desc')
    .execute();
  for (const row of rows) {
    const list = byReport.get(row.report_id) ?? [];
    list.push({ position: row.position, sender: row.sender_username, fromReported: row.from_reported, text: row.text, sentAt: iso(row.sent_at) });
    byReport.set(row.report_id, list);
  }
  return byReport;
}

export async function listOpenReportsForConsole(db: Db): Promise<AdminReport[]> {
  const rows = await db
    .selectFrom('reports as r')
    .leftJoin('members as reporter', 'reporter.id', 'r.reporter_id')
    .leftJoin('members as m', 'm.id', 'r.reported_id')
    .leftJoin('member_suspensions as s', 's.member_id', 'r.reported_id')
    .select(['r.id', 'r.created_at', 'r.source', 'r.reason', 'r.note', 'reporter.username as reporter', 'm.id as reported_id', 'r.reported_username', 'm.created_at as member_since', 's.member_id as suspended', 's.until'])
    .where('r.status', '=', 'open')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(OPEN_REPORTS_PAGE)
    .execute();
  const memberIds = [...new Set(rows.flatMap((row) => (row.reported_id === null ? [] : [row.reported_id])))];
  const others =
    memberIds.length === 0
      ? []
      : await db
          .selectFrom('reports')
          .select(['id', 'reported_id', 'created_at', 'reason', 'status'])
          .where('reported_id', 'in', memberIds)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
  const evidence = await evidenceOf(db, rows.map((row) => row.id));
  return rows.map((row): AdminReport => {
    // Earlier: the other reports about the same member filed before this one, open or closed.
    const earlier = others.filter((other) => other.reported_id === row.reported_id && other.id !== row.id && new Date(other.created_at) <= new Date(row.created_at));
    return {
      id: row.id,
      createdAt: iso(row.created_at),
      source: row.source,
      reason: row.reason,
      note: row.note,
      reporter: row.reporter,
      reported: {
        id: row.reported_id,
        username: row.reported_username,
        memberSince: row.member_since === null ? null : iso(row.member_since),
        suspension: row.suspended === null ? null : { until: row.until === null ? null : iso(row.until) },
      },
      evidence: evidence.get(row.id) ?? [],
      earlier: {
        count: earlier.length,
        recent: earlier.slice(0, EARLIER_REPORTS_SHOWN).map((other) => ({ id: other.id, createdAt: iso(other.created_at), reason: other.reason, status: other.status })),
      },
    };
  });
}

export async function listModerationLog(db: Db): Promise<ModerationEntry[]> {
  const rows = await db
    .selectFrom('moderation_log')
    .select(['id', 'created_at', 'operator_username', 'action', 'target_username', 'length', 'reason'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MODERATION_LOG_PAGE)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: iso(row.created_at),
    operator: row.operator_username,
    action: row.action,
    target: row.target_username,
    length: row.length,
    reason: row.reason,
  }));
}
