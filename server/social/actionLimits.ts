import type { Transaction } from 'kysely';
import { MUTE_CHANGES_PER_HOUR } from '../../src/domain/chatMute';
import { FRIEND_REQUESTS_PER_HOUR, REPORTS_PER_DAY } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { lockMemberAction } from './locks';

// Per-member limits on actions that reach other people (friend requests, reports) or every server
// (mutes), counted in the member_actions table so every app server on the database counts the same.

interface ActionRule {
  action: string;
  limit: number;
  windowMs: number;
}

export const FRIEND_REQUEST_RULE: ActionRule = { action: 'friendRequest', limit: FRIEND_REQUESTS_PER_HOUR, windowMs: 60 * 60 * 1000 };
export const MUTE_RULE: ActionRule = { action: 'mute', limit: MUTE_CHANGES_PER_HOUR, windowMs: 60 * 60 * 1000 };
export const REPORT_RULE: ActionRule = { action: 'report', limit: REPORTS_PER_DAY, windowMs: 24 * 60 * 60 * 1000 };

/**
 * Records one action at `at` if the member is under the rule's limit and answers undefined; otherwise
 * records nothing and answers the whole seconds until the oldest counted action leaves the window.
 */
export async function spendAction(trx: Transaction<Database>, memberId: string, rule: ActionRule, at: Date): Promise<number | undefined> {
  await lockMemberAction(trx, memberId, rule.action);
  const windowStart = new Date(at.getTime() - rule.windowMs);
  const mine = trx.deleteFrom('member_actions').where('member_id', '=', memberId).where('action', '=', rule.action);
  await mine.where('acted_at', '<=', windowStart).execute();
  const counted = await trx
    .selectFrom('member_actions')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('acted_at').as('oldest')])
    .where('member_id', '=', memberId)
    .where('action', '=', rule.action)
    .where('acted_at', '>', windowStart)
    .executeTakeFirstOrThrow();
  if (Number(counted.count) >= rule.limit && counted.oldest !== null) {
    const freedAt = new Date(counted.oldest).getTime() + rule.windowMs;
    return Math.max(1, Math.ceil((freedAt - at.getTime()) / 1000));
  }
  await trx.insertInto('member_actions').values({ member_id: memberId, action: rule.action, acted_at: at }).execute();
  return undefined;
}
