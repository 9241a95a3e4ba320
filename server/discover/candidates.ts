import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Community } from '../../src/domain/community';
import { DISCOVER_PAGE_SIZE } from '../../src/domain/discoverRules';
import type { Database } from '../db/schema';

// Candidate pruning: discovery never scores every member. Postgres picks the members who share at
// least one item with the viewer (through the member_interests (item_key, item_count, member_id)
// index), ranks them as the local score does, by the items shared over both lists' lengths (a short
// list that is all shared before a long one that shares more but proportionally less), and hands over
// the best MEMBER_CANDIDATES; with a search, the members whose username or one of whose items contains
// it. Friends-only members who are not the viewer's friends are left out here already; blocks are
// applied when a page is read.

/** Members scored per ranking: with the 25 sample people, one batch within the AI contract's 200. */
export const MEMBER_CANDIDATES = 175;
/**
 * Holders read per item of the viewer, shortest lists first (a shared item counts most on a short
 * list). A popular item can be held by a third of everyone; reading every holder would make one
 * request cost as much as the member count. At 100,000 members this reads every holder of all but the
 * most popular items, and of those the lists short enough to rank high.
 */
export const HOLDERS_PER_ITEM = 20_000;
/** Members a search reads at most before ranking them (a search as common as 'a' need not read everyone). */
const SEARCH_MATCHES = 2_000;
/** Ranked by likeness first, then checked for community and privacy: enough left over when some fail. */
const SHORTLIST_FACTOR = 4;
/** A community can be a small part of everyone: its members need a longer shortlist to fill a ranking. */
const COMMUNITY_SHORTLIST_FACTOR = 40;

export interface CandidateFilter {
  community?: Community;
  /** trimmed, lower-cased; '' for none */
  search: string;
}

export interface PrunedCandidate {
  id: string;
  overlap: number;
}

function visibleTo(viewerId: string) {
  return sql<SqlBool>`(p.visibility = 'public' or exists (
    select 1 from friendships f
    where (f.member_a = ${viewerId} and f.member_b = p.member_id) or (f.member_b = ${viewerId} and f.member_a = p.member_id)))`;
}

function inCommunity(community: Community | undefined) {
  return community === undefined ? sql<SqlBool>`true` : sql<SqlBool>`p.communities @> array[${community}]::text[]`;
}

/**
 * Members sharing at least one item with the viewer, likest first: the items shared over the sum of
 * both lists' lengths (what the local score's list part comes to without related genres and weights),
 * then the most shared, then id.
 */
async function sharingCandidates(db: Kysely<Database>, viewerId: string, filter: CandidateFilter, limit: number, holdersPerItem: number): Promise<PrunedCandidate[]> {
  const result = await sql<{ member_id: string; overlap: string | number }>`
    with mine as (select distinct item_key from member_interests where member_id = ${viewerId}),
    mine_count as (select count(*)::float8 as n from mine),
    holders as (
      select h.member_id, h.item_count from mine cross join lateral (
        select mi.member_id, mi.item_count from member_interests mi
        where mi.item_key = mine.item_key and mi.member_id <> ${viewerId}
        order by mi.item_count, mi.member_id
        limit ${holdersPerItem}
      ) h
    ),
    counted as (
      -- A list is never shorter than what it shares (rows written without a count hold 0).
      select member_id, count(*) as overlap, count(*) / ((select n from mine_count) + greatest(max(item_count), count(*))) as likeness
      from holders group by member_id
      order by likeness desc, overlap desc, member_id limit ${filter.community === undefined ? limit * SHORTLIST_FACTOR : limit * COMMUNITY_SHORTLIST_FACTOR}
    )
    select c.member_id, c.overlap from counted c
    join profiles p on p.member_id = c.member_id
    where ${inCommunity(filter.community)} and ${visibleTo(viewerId)}
    order by c.likeness desc, c.overlap desc, c.member_id
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({ id: row.member_id, overlap: Number(row.overlap) }));
}

/**
 * The search as a LIKE pattern matching what contains it: the wildcards % and _ and the escape
 * character \ are escaped, so 'a_b' finds 'a_b' only, as a plain substring test would.
 */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Members whose username or one of whose items contains the search, most shared items first. */
async function searchCandidates(db: Kysely<Database>, viewerId: string, filter: CandidateFilter, limit: number): Promise<PrunedCandidate[]> {
  // LIKE on the lower-cased username and on the item key goes through their trigram indexes (migration
  // 020_search_trigrams) when the search has three characters or more; shorter ones read the rows.
  // UNION ALL with a LIMIT lets a common search stop early, and only the matches found are ranked by
  // what they share.
  const pattern = containsPattern(filter.search);
  const result = await sql<{ member_id: string; overlap: string | number }>`
    with matched as (
      select member_id from (
        select m.id as member_id from members m where lower(m.username) like ${pattern}
        union all
        select s.member_id from member_interests s where s.item_key like ${pattern}
      ) found
      where member_id <> ${viewerId}
      limit ${SEARCH_MATCHES}
    ),
    distinct_matched as (select distinct member_id from matched),
    shared as (
      -- What each match shares with the viewer, counted for all matches in one join rather than one
      -- subquery per match (as many as SEARCH_MATCHES).
      select b.member_id, count(*) as overlap
      from member_interests a join member_interests b on b.item_key = a.item_key
      where a.member_id = ${viewerId} and b.member_id in (select member_id from distinct_matched)
      group by b.member_id
    )
    select p.member_id, coalesce(s.overlap, 0) as overlap
    from distinct_matched d
    join profiles p on p.member_id = d.member_id
    join members m on m.id = p.member_id
    left join shared s on s.member_id = d.member_id
    where ${inCommunity(filter.community)} and ${visibleTo(viewerId)}
    order by overlap desc, lower(m.username)
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({ id: row.member_id, overlap: Number(row.overlap) }));
}

/** The most recently changed profiles not already listed: so a small community is not empty to someone with unusual taste. */
async function newcomers(db: Kysely<Database>, viewerId: string, filter: CandidateFilter, exclude: readonly string[], limit: number): Promise<PrunedCandidate[]> {
  const result = await sql<{ member_id: string }>`
    select p.member_id from profiles p
    where p.member_id <> ${viewerId} and p.updated_at > 0
      and not (p.member_id = any(${sql.val(exclude)}::uuid[]))
      and ${inCommunity(filter.community)} and ${visibleTo(viewerId)}
    order by p.changed_at desc, p.member_id
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({ id: row.member_id, overlap: 0 }));
}

export interface PrunedSet {
  candidates: PrunedCandidate[];
  /** true when members sharing nothing were added, so any profile change may alter the set */
  open: boolean;
}

export async function pruneCandidates(
  db: Kysely<Database>,
  viewerId: string,
  filter: CandidateFilter,
  options: { limit?: number; holdersPerItem?: number } = {},
): Promise<PrunedSet> {
  const limit = options.limit ?? MEMBER_CANDIDATES;
  if (filter.search !== '') return { candidates: await searchCandidates(db, viewerId, filter, limit), open: true };
  const sharing = await sharingCandidates(db, viewerId, filter, limit, options.holdersPerItem ?? HOLDERS_PER_ITEM);
  if (sharing.length >= DISCOVER_PAGE_SIZE) return { candidates: sharing, open: false };
  const more = await newcomers(db, viewerId, filter, sharing.map((c) => c.id), DISCOVER_PAGE_SIZE - sharing.length);
  return { candidates: [...sharing, ...more], open: true };
}
