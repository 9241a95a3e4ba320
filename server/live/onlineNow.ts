import { sql, type RawBuilder } from 'kysely';
import { PRESENCE_STALE_MS } from '../../src/domain/liveContract';

// Who counts as online, as SQL so a list can ask it per row: a member with a fresh live_connections
// row (a server that died stops refreshing seen_at, so its members drop off) whose Online Status
// allows it (a member without a profile row has the default, on).

/** `member` and `showOnline` are column references of the surrounding query (profiles may be null). */
export function onlineSql(member: RawBuilder<unknown>, showOnline: RawBuilder<unknown>, now: number): RawBuilder<boolean> {
  const freshSince = new Date(now - PRESENCE_STALE_MS);
  return sql<boolean>`(coalesce(${showOnline}, true) and exists(select 1 from live_connections c where c.member_id = ${member} and c.seen_at > ${freshSince}))`;
}
