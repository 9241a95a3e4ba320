import { sql, type RawBuilder } from 'kysely';
import { isSuspended } from '../moderation/suspensions';

// The one rule for whether two members may see each other at all: never when either has blocked the
// other, and never when either is suspended (a suspended member is as if blocked by everyone, until the
// end has passed and they log in, or an operator lifts it). Every list, search, chat, presence and
// debate query that leaves people out asks this, so a block and a suspension hide someone alike.

/** A member id as SQL: a column reference (sql.ref) or a value. */
type MemberRef = RawBuilder<unknown> | string;

const asSql = (id: MemberRef) => (typeof id === 'string' ? sql.val(id) : id);

/** SQL true when one of the two has blocked the other. */
export function blockedEitherWay(one: MemberRef, other: MemberRef): RawBuilder<boolean> {
  const a = asSql(one);
  const b = asSql(other);
  return sql<boolean>`exists (select 1 from blocks bl where (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;
}

/** SQL true when the two may not see each other: a block either way, or either of them suspended. */
export function keptApart(one: MemberRef, other: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${blockedEitherWay(one, other)} or ${isSuspended(asSql(one))} or ${isSuspended(asSql(other))})`;
}
