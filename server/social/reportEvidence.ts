import { sql, type Transaction } from 'kysely';
import { REPORT_EVIDENCE_BEFORE } from '../../src/domain/reportEvidence';
import type { Database } from '../db/schema';
import { isUuid } from './locks';

// The lines a report keeps: the reported one and up to REPORT_EVIDENCE_BEFORE before it, both sides,
// looked up by the server from the ids the reporter sends, and copied into report_evidence inside the
// report's transaction. A line the reporter could not have been shown (someone else's conversation or
// debate, or their own words) is simply not found, exactly like one that does not exist.

type Trx = Transaction<Database>;

interface LineRow {
  sender_id: string;
  text: string;
  sent_at: Date | string;
}

/** The lines, newest (the reported one) first; undefined when the reported line is not theirs to report. */
export type Evidence = LineRow[];

const take = REPORT_EVIDENCE_BEFORE;

/** A message `them` sent `me`, and the conversation's messages just before it, both ways. */
export async function messageEvidence(trx: Trx, me: string, them: string, messageId: string): Promise<Evidence | undefined> {
  const { rows: reported } = await sql<LineRow & { id: string }>`
    select id::text as id, sender_id, text, sent_at from messages
    where id = ${messageId}::bigint and sender_id = ${them} and recipient_id = ${me}`.execute(trx);
  const line = reported[0];
  if (!line) return undefined;
  // One ordered scan per direction (the pair index), then the newest of both.
  const { rows: before } = await sql<LineRow>`
    select sender_id, text, sent_at from (
      (select id, sender_id, text, sent_at from messages where sender_id = ${me} and recipient_id = ${them} and id < ${line.id}::bigint order by id desc limit ${take})
      union all
      (select id, sender_id, text, sent_at from messages where sender_id = ${them} and recipient_id = ${me} and id < ${line.id}::bigint order by id desc limit ${take})
    ) pair order by id desc limit ${take}`.execute(trx);
  return [line, ...before];
}

/**
 * A debate between `me` and `them` (open or ended): the line `lineId` of theirs, or else their latest,
 * and the lines just before it. A debate where they have written nothing keeps its last lines.
 */
export async function debateEvidence(trx: Trx, me: string, them: string, debateId: string, lineId: string | undefined): Promise<Evidence | undefined> {
  if (!isUuid(debateId)) return undefined;
  const debate = await trx
    .selectFrom('debates')
    .select('id')
    .where('id', '=', debateId.toLowerCase())
    .where((eb) => eb.or([eb.and([eb('member_a', '=', me), eb('member_b', '=', them)]), eb.and([eb('member_a', '=', them), eb('member_b', '=', me)])]))
    .executeTakeFirst();
  if (!debate) return undefined;
  const chosen = lineId === undefined ? sql`true` : sql`id = ${lineId}::bigint`;
  // Ordered by the bigint id itself (the text of an id would sort '9' after '12').
  const { rows: reported } = await sql<{ line_id: string }>`
    select id::text as line_id from debate_messages
    where debate_id = ${debate.id} and sender_id = ${them} and ${chosen}
    order by debate_messages.id desc limit 1`.execute(trx);
  const reportedId = reported[0]?.line_id;
  if (reportedId === undefined && lineId !== undefined) return undefined;
  const upTo = reportedId === undefined ? sql`true` : sql`id <= ${reportedId}::bigint`;
  const { rows } = await sql<LineRow>`
    select sender_id, text, sent_at from debate_messages
    where debate_id = ${debate.id} and ${upTo}
    order by id desc limit ${take + 1}`.execute(trx);
  return rows;
}

/** Copies the lines into report_evidence, with each sender's username as it is now. */
export async function copyEvidence(trx: Trx, reportId: string, reported: string, evidence: Evidence): Promise<void> {
  if (evidence.length === 0) return;
  const senders = [...new Set(evidence.map((line) => line.sender_id))];
  const names = new Map((await trx.selectFrom('members').select(['id', 'username']).where('id', 'in', senders).execute()).map((m) => [m.id, m.username]));
  await trx
    .insertInto('report_evidence')
    .values(
      evidence.map((line, position) => ({
        report_id: reportId,
        position,
        sender_username: names.get(line.sender_id) ?? '',
        from_reported: line.sender_id === reported,
        text: line.text,
        sent_at: line.sent_at,
      })),
    )
    .execute();
}
