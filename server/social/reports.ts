import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReportCreate } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { REPORT_RULE, spendAction } from './actionLimits';
import { problem, type SocialProblem } from './errors';
import { isUuid } from './locks';
import { findPerson } from './people';

// Reports about members, kept for operators (`npm run reports`). The reported name is stored with
// the report, so it still says who it was about after that member deletes their account.

type Db = Kysely<Database>;

export async function fileReport(db: Db, me: string, report: ReportCreate, at: Date): Promise<{ id: string } | SocialProblem> {
  if (!isUuid(report.userId)) return problem(404, 'NOT_FOUND');
  const them = report.userId.toLowerCase();
  if (them === me) return problem(400, 'CANNOT_REPORT_SELF');
  return db.transaction().execute(async (trx): Promise<{ id: string } | SocialProblem> => {
    const person = await findPerson(trx, them);
    if (!person) return problem(404, 'NOT_FOUND');
    const retryAfter = await spendAction(trx, me, REPORT_RULE, at);
    if (retryAfter !== undefined) return problem(429, 'TOO_MANY_REQUESTS', retryAfter);
    const id = randomUUID();
    await trx
      .insertInto('reports')
      .values({ id, reporter_id: me, reported_id: them, reported_username: person.username, reason: report.reason, note: report.note?.trim() ?? '', created_at: at })
      .execute();
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
}

/** Open reports, oldest first (the order operators work through them). */
export async function listOpenReports(db: Db): Promise<OpenReport[]> {
  const rows = await db
    .selectFrom('reports as r')
    .leftJoin('members as m', 'm.id', 'r.reporter_id')
    .select(['r.id', 'r.created_at', 'm.username as reporter', 'r.reported_username', 'r.reason', 'r.note'])
    .where('r.status', '=', 'open')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    reporter: row.reporter,
    reported: row.reported_username,
    reason: row.reason,
    note: row.note,
  }));
}

/** Closes an open report; false when there is no open report with that id. */
export async function closeReport(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db.updateTable('reports').set({ status: 'closed' }).where('id', '=', id.toLowerCase()).where('status', '=', 'open').executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
