import { sql, type Kysely } from 'kysely';
import type { Relation } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { refusingRequestsFrom } from '../social/privacySafety';

// Where the viewer stands with a set of members, read fresh at every request: blocks either way hide
// people, and a suspended member is hidden as if everyone had blocked them (the rule of server/social/apart.ts, read here for a whole page of
// members in one round trip); friendships and pending requests give each card its relation; friends-only members are
// hidden from non-friends; someone whose 'Who can send you friend requests' refuses the viewer, with no
// other link, stands 'closed' (their card's button reads 'Not accepting requests').

export interface Standing {
  blocked: Set<string>;
  relation: Map<string, Relation>;
  privateIds: Set<string>;
}

export async function standingWith(db: Kysely<Database>, viewerId: string, ids: readonly string[]): Promise<Standing> {
  const standing: Standing = { blocked: new Set(), relation: new Map(), privateIds: new Set() };
  if (ids.length === 0) return standing;
  // One round trip: each row names the other person and what links them to the viewer. The ids travel
  // once (a page's ranking is up to 175 of them; sent with every branch, their parsing cost more than the
  // reads), and the branches read them from `asked`.
  const them = sql`(select ids from asked)`;
  const viewer = sql`(select viewer from asked)`;
  const result = await sql<{ other: string; link: 'blocked' | 'outgoing' | 'incoming' | 'friends' | 'private' | 'closed' }>`
    with asked as (select ${sql.val(ids)}::uuid[] as ids, ${viewerId}::uuid as viewer)
    select blocked_id as other, 'blocked' as link from blocks where blocker_id = ${viewer} and blocked_id = any(${them}::uuid[])
    union all select blocker_id, 'blocked' from blocks where blocked_id = ${viewer} and blocker_id = any(${them}::uuid[])
    union all select member_id, 'blocked' from member_suspensions where member_id = any(${them}::uuid[])
    union all select to_id, 'outgoing' from friend_requests where from_id = ${viewer} and to_id = any(${them}::uuid[])
    union all select from_id, 'incoming' from friend_requests where to_id = ${viewer} and from_id = any(${them}::uuid[])
    union all select member_b, 'friends' from friendships where member_a = ${viewer} and member_b = any(${them}::uuid[])
    union all select member_a, 'friends' from friendships where member_b = ${viewer} and member_a = any(${them}::uuid[])
    union all select member_id, 'private' from profiles where visibility = 'private' and member_id = any(${them}::uuid[])
    union all select other, 'closed' from (${refusingRequestsFrom(viewerId, them)}) refusing`.execute(db);
  const closed = new Set<string>();
  for (const { other, link } of result.rows) {
    if (link === 'blocked') standing.blocked.add(other);
    else if (link === 'private') standing.privateIds.add(other);
    else if (link === 'closed') closed.add(other);
    else if (link === 'friends' || !standing.relation.has(other)) standing.relation.set(other, link);
  }
  // Any other link says more than the setting: a request they sent can still be accepted.
  for (const other of closed) if (!standing.relation.has(other)) standing.relation.set(other, 'closed');
  return standing;
}

/** Whether the viewer may see this member at all (blocks) and in full (friends-only). */
export function canSee(standing: Standing, id: string): boolean {
  return !standing.blocked.has(id);
}

export function seesProfile(standing: Standing, id: string): boolean {
  return !standing.privateIds.has(id) || standing.relation.get(id) === 'friends';
}
