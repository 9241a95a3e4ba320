import { sql, type Kysely } from 'kysely';
import type { Relation } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';

// Where the viewer stands with a set of members, read fresh at every request: blocks either way hide
// people; friendships and pending requests give each card its relation; friends-only members are
// hidden from non-friends.

export interface Standing {
  blocked: Set<string>;
  relation: Map<string, Relation>;
  privateIds: Set<string>;
}

function among(column: string, ids: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} = any(${sql.val(ids)}::uuid[])`;
}

export async function standingWith(db: Kysely<Database>, viewerId: string, ids: readonly string[]): Promise<Standing> {
  const standing: Standing = { blocked: new Set(), relation: new Map(), privateIds: new Set() };
  if (ids.length === 0) return standing;
  const [blocks, friendships, requests, privateRows] = await Promise.all([
    db
      .selectFrom('blocks')
      .select(['blocker_id', 'blocked_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker_id', '=', viewerId), among('blocked_id', ids)]),
          eb.and([eb('blocked_id', '=', viewerId), among('blocker_id', ids)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('friendships')
      .select(['member_a', 'member_b'])
      .where((eb) =>
        eb.or([
          eb.and([eb('member_a', '=', viewerId), among('member_b', ids)]),
          eb.and([eb('member_b', '=', viewerId), among('member_a', ids)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('friend_requests')
      .select(['from_id', 'to_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('from_id', '=', viewerId), among('to_id', ids)]),
          eb.and([eb('to_id', '=', viewerId), among('from_id', ids)]),
        ]),
      )
      .execute(),
    db.selectFrom('profiles').select('member_id').where(among('member_id', ids)).where('visibility', '=', 'private').execute(),
  ]);
  for (const b of blocks) standing.blocked.add(b.blocker_id === viewerId ? b.blocked_id : b.blocker_id);
  for (const r of requests) {
    if (r.from_id === viewerId) standing.relation.set(r.to_id, 'outgoing');
    else standing.relation.set(r.from_id, 'incoming');
  }
  for (const f of friendships) standing.relation.set(f.member_a === viewerId ? f.member_b : f.member_a, 'friends');
  for (const p of privateRows) standing.privateIds.add(p.member_id);
  return standing;
}

/** Whether the viewer may see this member at all (blocks) and in full (friends-only). */
export function canSee(standing: Standing, id: string): boolean {
  return !standing.blocked.has(id);
}

export function seesProfile(standing: Standing, id: string): boolean {
  return !standing.privateIds.has(id) || standing.relation.get(id) === 'friends';
}
