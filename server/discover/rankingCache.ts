import { sql, type Kysely, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { SCORE_LIFETIME_MS } from '../../src/domain/discoverRules';
import type { Database } from '../db/schema';
import { boundedMemo } from '../lib/boundedMemo';
import type { Viewer } from './tastes';

// One member's ranking per view, kept for SPEC's hour (similarity cache lifetime) and only while
// nothing it was built from has changed since: the viewer's profile or settings, a ranked member's,
// any member sharing an item with the viewer (who may now rank), the viewer's friendships (friends-
// only members become visible). Blocks and privacy are applied when a page is read, so they need
// no invalidation here.


const entrySchema = z.object({ id: z.string(), kind: z.enum(['member', 'sample']), score: z.number() });
export type RankedEntry = z.infer<typeof entrySchema>;
const entriesSchema = z.array(entrySchema);

export interface Ranking {
  entries: RankedEntry[];
  computedAt: Date;
  open: boolean;
}

/** Whether any profile the ranking was built from, or any friendship of the viewer, changed since `since`. */
function staleSince(viewerId: string, since: Date | RawBuilder<Date>, open: boolean, memberIds: readonly string[]) {
  const changed = open
    ? sql<boolean>`exists (select 1 from profiles p where p.changed_at >= ${since} and p.member_id <> ${viewerId})`
    : sql<boolean>`exists (
        select 1 from profiles p where p.changed_at >= ${since} and p.member_id <> ${viewerId}
          and (p.member_id = any(${sql.val(memberIds)}::uuid[]) or exists (
            select 1 from member_interests theirs join member_interests mine on mine.item_key = theirs.item_key
            where theirs.member_id = p.member_id and mine.member_id = ${viewerId})))`;
  const befriended = sql<boolean>`exists (select 1 from friendships f where (f.member_a = ${viewerId} or f.member_b = ${viewerId}) and f.created_at >= ${since})`;
  return sql<boolean>`(${changed} or ${befriended})`;
}

/** What the viewer's own clock and profile alone say: past its hour, or the viewer changed since. */
function outlived(viewer: Viewer, computedAt: Date): boolean {
  return viewer.readAt.getTime() - computedAt.getTime() >= SCORE_LIFETIME_MS || viewer.taste.changedAt.getTime() >= computedAt.getTime();
}

const memberIdsOf = (ranking: Ranking) => ranking.entries.filter((e) => e.kind === 'member').map((e) => e.id);

async function stillTrue(db: Kysely<Database>, viewer: Viewer, ranking: Ranking): Promise<boolean> {
  if (outlived(viewer, ranking.computedAt)) return false;
  const result = await sql<{ stale: boolean }>`select ${staleSince(viewer.id, ranking.computedAt, ranking.open, memberIdsOf(ranking))} as stale`.execute(db);
  return result.rows[0]?.stale === false;
}

/**
 * The rankings this server last read or stored, parsed, by member and scope. Only a copy: it is used
 * when the stored row still has the same computed_at and entries (by md5) (another server's newer ranking
 * replaces the row, and then the row is read again), and checked for staleness like the row.
 */
interface Remembered {
  ranking: Ranking;
  /** computed_at as the database prints it (to the microsecond) and the md5 of the stored entries */
  stamp: string;
  digest: string;
  memberIds: string[];
}
const remembered = boundedMemo<Remembered>(5_000);
const rememberedKey = (viewer: Viewer, scope: string) => `${viewer.id}|${scope}`;

function remember(viewer: Viewer, scope: string, ranking: Ranking, stamp: string, digest: string): void {
  remembered.set(rememberedKey(viewer, scope), { ranking, stamp, digest, memberIds: memberIdsOf(ranking) });
}

export async function cachedRanking(db: Kysely<Database>, viewer: Viewer, scope: string): Promise<Ranking | undefined> {
  const known = remembered.get(rememberedKey(viewer, scope));
  if (known && !outlived(viewer, known.ranking.computedAt)) {
    // One statement: is the stored row still the remembered one, and is it still true? The entries
    // travel only when the row is another one.
    const same = sql<boolean>`(r.computed_at::text = ${known.stamp} and md5(r.entries) = ${known.digest})`;
    const row = (
      await sql<{ same: boolean; stale: boolean | null; computed_at: Date; stamp: string; digest: string; open: boolean; entries: string | null }>`
        select ${same} as same, case when ${same} then ${staleSince(viewer.id, sql<Date>`r.computed_at`, known.ranking.open, known.memberIds)} end as stale,
          r.computed_at, r.computed_at::text as stamp, md5(r.entries) as digest, r.open, case when ${same} then null else r.entries end as entries
        from discover_rankings r where r.member_id = ${viewer.id} and r.scope = ${scope}`.execute(db)
    ).rows[0];
    if (!row) return undefined;
    if (row.same) return row.stale === false ? known.ranking : undefined;
    return fromRow(db, viewer, scope, row);
  }
  const row = await db
    .selectFrom('discover_rankings')
    .select(['entries', 'computed_at', sql<string>`computed_at::text`.as('stamp'), sql<string>`md5(entries)`.as('digest'), 'open'])
    .where('member_id', '=', viewer.id)
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row ? fromRow(db, viewer, scope, row) : undefined;
}

async function fromRow(
  db: Kysely<Database>,
  viewer: Viewer,
  scope: string,
  row: { computed_at: Date; stamp: string; digest: string; open: boolean; entries: string | null },
): Promise<Ranking | undefined> {
  const ranking = { entries: entriesSchema.parse(JSON.parse(row.entries ?? '[]')), computedAt: new Date(row.computed_at), open: row.open };
  if (!(await stillTrue(db, viewer, ranking))) return undefined;
  remember(viewer, scope, ranking, row.stamp, row.digest);
  return ranking;
}

export async function storeRanking(db: Kysely<Database>, viewer: Viewer, scope: string, ranking: Ranking): Promise<void> {
  const entries = JSON.stringify(ranking.entries);
  const expired = new Date(viewer.readAt.getTime() - SCORE_LIFETIME_MS);
  // One statement: searches make one row each, and the member's rows past their hour go whenever a new one comes.
  const stored = await sql<{ stamp: string; digest: string }>`
    with expired as (delete from discover_rankings where member_id = ${viewer.id} and scope <> ${scope} and computed_at < ${expired})
    insert into discover_rankings (member_id, scope, computed_at, open, entries)
    values (${viewer.id}, ${scope}, ${ranking.computedAt}, ${ranking.open}, ${entries})
    on conflict (member_id, scope) do update set computed_at = excluded.computed_at, open = excluded.open, entries = excluded.entries
    returning computed_at::text as stamp, md5(entries) as digest`.execute(db);
  const row = stored.rows[0];
  if (row) remember(viewer, scope, ranking, row.stamp, row.digest);
}
