import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AdminErrorCode, ModerationEntry } from '../../src/domain/adminContract';
import { MODERATION_ACTIONS_PER_HOUR, SUSPENSION_DURATION_MS, type ModerationAction, type SuspensionLength } from '../../src/domain/moderation';
import type { Database } from '../db/schema';
import { deleteAccountRows } from '../members/accounts';
import { spendAction } from '../social/actionLimits';
import { isUuid } from '../social/locks';
import type { CommandLineActor, OperatorIdentity } from './operators';

// What an operator does: dismiss a report, suspend a member, lift a suspension, delete an account.
// Each runs in one transaction that locks the row it changes, checks that the change is still a real
// one, spends the operator's hourly allowance, makes the change and writes its moderation_log entry:
// the same action sent many times at once changes once and is logged once; the others hear 409.

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const MODERATION_RULE = { action: 'moderation', limit: MODERATION_ACTIONS_PER_HOUR, windowMs: 60 * 60 * 1000 };

export interface AdminProblem {
  status: 400 | 404 | 409 | 429;
  code: AdminErrorCode | 'TOO_MANY_REQUESTS';
  retryAfter?: number;
}

export interface Done {
  entry: ModerationEntry;
  /** The member whose sessions this action ended: their open sockets must close on every server. */
  endedSessionsOf?: string;
  /** The deleted member's name (the log-in throttle forgets its counter). */
  deletedUsername?: string;
}

export function isAdminProblem(outcome: Done | AdminProblem): outcome is AdminProblem {
  return 'code' in outcome;
}

const fail = (status: AdminProblem['status'], code: AdminProblem['code'], retryAfter?: number): AdminProblem => ({ status, code, ...(retryAfter === undefined ? {} : { retryAfter }) });

interface LogInput {
  action: ModerationAction;
  targetId: string | null;
  target: string;
  reportId?: string;
  length?: SuspensionLength;
  reason: string;
}

async function writeLog(trx: Trx, operator: OperatorIdentity | CommandLineActor, input: LogInput, at: Date): Promise<ModerationEntry> {
  const id = randomUUID();
  const reason = input.reason.trim();
  await trx
    .insertInto('moderation_log')
    .values({
      id,
      operator_id: operator.id,
      operator_username: operator.username,
      action: input.action,
      target_id: input.targetId,
      target_username: input.target,
      report_id: input.reportId ?? null,
      length: input.length ?? null,
      reason,
      created_at: at,
    })
    .execute();
  return { id, at: at.toISOString(), operator: operator.username, action: input.action, target: input.target, length: input.length ?? null, reason };
}

async function spend(trx: Trx, operator: OperatorIdentity | CommandLineActor, at: Date): Promise<AdminProblem | undefined> {
  // The command line is not a member: someone with the database at hand has no allowance to spend.
  if (operator.id === null) return undefined;
  const retryAfter = await spendAction(trx, operator.id, MODERATION_RULE, at);
  return retryAfter === undefined ? undefined : fail(429, 'TOO_MANY_REQUESTS', retryAfter);
}

/** The member, locked for this transaction: every action on one member runs one after the other. */
async function lockedMember(trx: Trx, memberId: string) {
  return trx.selectFrom('members').select(['id', 'username']).where('id', '=', memberId).forUpdate().executeTakeFirst();
}

/** Closes an open report without acting on the member (from the console, or `npm run reports -- --close`). */
export async function dismissReport(db: Db, operator: OperatorIdentity | CommandLineActor, reportId: string, reason: string, at: Date): Promise<Done | AdminProblem> {
  if (!isUuid(reportId)) return fail(404, 'REPORT_NOT_FOUND');
  const id = reportId.toLowerCase();
  return db.transaction().execute(async (trx): Promise<Done | AdminProblem> => {
    const report = await trx.selectFrom('reports').select(['reported_id', 'reported_username', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!report) return fail(404, 'REPORT_NOT_FOUND');
    if (report.status !== 'open') return fail(409, 'REPORT_CLOSED');
    const limited = await spend(trx, operator, at);
    if (limited) return limited;
    await trx.updateTable('reports').set({ status: 'closed' }).where('id', '=', id).execute();
    return { entry: await writeLog(trx, operator, { action: 'dismiss', targetId: report.reported_id, target: report.reported_username, reportId: id, reason }, at) };
  });
}

/** The member is signed out everywhere and kept out (log-in and every list) for the length chosen. */
export async function suspendMember(db: Db, operator: OperatorIdentity, memberId: string, length: SuspensionLength, reason: string, at: Date): Promise<Done | AdminProblem> {
  if (!isUuid(memberId)) return fail(404, 'MEMBER_NOT_FOUND');
  const id = memberId.toLowerCase();
  if (id === operator.id) return fail(400, 'CANNOT_MODERATE_SELF');
  return db.transaction().execute(async (trx): Promise<Done | AdminProblem> => {
    const member = await lockedMember(trx, id);
    if (!member) return fail(404, 'MEMBER_NOT_FOUND');
    const current = await trx.selectFrom('member_suspensions').select('until').where('member_id', '=', id).executeTakeFirst();
    const running = current !== undefined && (current.until === null || new Date(current.until).getTime() > at.getTime());
    if (running) return fail(409, 'ALREADY_SUSPENDED');
    const limited = await spend(trx, operator, at);
    if (limited) return limited;
    const duration = SUSPENSION_DURATION_MS[length];
    const until = duration === null ? null : new Date(at.getTime() + duration);
    await trx
      .insertInto('member_suspensions')
      .values({ member_id: id, until, created_at: at })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ until }))
      .execute();
    await trx.deleteFrom('sessions').where('member_id', '=', id).execute();
    const entry = await writeLog(trx, operator, { action: 'suspend', targetId: id, target: member.username, length, reason }, at);
    return { entry, endedSessionsOf: id };
  });
}

/** The member may log in again and is back in everyone's lists. */
export async function liftSuspension(db: Db, operator: OperatorIdentity, memberId: string, reason: string, at: Date): Promise<Done | AdminProblem> {
  if (!isUuid(memberId)) return fail(404, 'MEMBER_NOT_FOUND');
  const id = memberId.toLowerCase();
  return db.transaction().execute(async (trx): Promise<Done | AdminProblem> => {
    const member = await lockedMember(trx, id);
    if (!member) return fail(404, 'MEMBER_NOT_FOUND');
    const current = await trx.selectFrom('member_suspensions').select('member_id').where('member_id', '=', id).executeTakeFirst();
    if (!current) return fail(409, 'NOT_SUSPENDED');
    const limited = await spend(trx, operator, at);
    if (limited) return limited;
    await trx.deleteFrom('member_suspensions').where('member_id', '=', id).execute();
    return { entry: await writeLog(trx, operator, { action: 'lift', targetId: id, target: member.username, reason }, at) };
  });
}

/**
 * Deletes the account as the member's own 'Delete account' does (deleteAccountRows). Their open
 * reports close with it: there is no one left to act on, and the log says why.
 */
export async function deleteMember(db: Db, operator: OperatorIdentity, memberId: string, reason: string, at: Date): Promise<Done | AdminProblem> {
  if (!isUuid(memberId)) return fail(404, 'MEMBER_NOT_FOUND');
  const id = memberId.toLowerCase();
  if (id === operator.id) return fail(400, 'CANNOT_MODERATE_SELF');
  return db.transaction().execute(async (trx): Promise<Done | AdminProblem> => {
    const member = await lockedMember(trx, id);
    if (!member) return fail(404, 'MEMBER_NOT_FOUND');
    const limited = await spend(trx, operator, at);
    if (limited) return limited;
    await trx.updateTable('reports').set({ status: 'closed' }).where('reported_id', '=', id).where('status', '=', 'open').execute();
    await deleteAccountRows(trx, id);
    const entry = await writeLog(trx, operator, { action: 'delete', targetId: id, target: member.username, reason }, at);
    return { entry, endedSessionsOf: id, deletedUsername: member.username };
  });
}
