import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { SCORE_LIFETIME_MS } from '../../src/domain/discoverRules';
import type { Database } from '../db/schema';
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

async function stillTrue(db: Kysely<Database>, viewer: Viewer, ranking: Ranking): Promise<boolean> {
  const since = ranking.computedAt;
  if (viewer.readAt.getTime() - since.getTime() >= SCORE_LIFETIME_MS) return false;
  if (viewer.taste.changedAt.getTime() >= since.getTime()) return false;
  const memberIds = ranking.entries.filter((e) => e.kind === 'member').map((e) => e.id);
  const changed = ranking.open
    ? sql<boolean>`exists (select 1 from profiles p where p.changed_at >= ${since} and p.member_id <> ${viewer.id})`
    : sql<boolean>`exists (
        select 1 from profiles p where p.changed_at >= ${since} and p.member_id <> ${viewer.id}
          and (p.member_id = any(${sql.val(memberIds)}::uuid[]) or exists (
            select 1 from member_interests theirs join member_interests mine on mine.item_key = theirs.item_key
            where theirs.member_id = p.member_id and mine.member_id = ${viewer.id})))`;
  const befriended = sql<boolean>`exists (select 1 from friendships f where (f.member_a = ${viewer.id} or f.member_b = ${viewer.id}) and f.created_at >= ${since})`;
  const result = await sql<{ stale: boolean }>`select (${changed} or ${befriended}) as stale`.execute(db);
  return result.rows[0]?.stale === false;
}

export async function cachedRanking(db: Kysely<Database>, viewer: Viewer, scope: string): Promise<Ranking | undefined> {
  const row = await db
    .selectFrom('discover_rankings')
    .select(['entries', 'computed_at', 'open'])
    .where('member_id', '=', viewer.id)
    .where('scope', '=', scope)
    .executeTakeFirst();
  if (!row) return undefined;
  const ranking = { entries: entriesSchema.parse(JSON.parse(row.entries)), computedAt: new Date(row.computed_at), open: row.open };
  return (await stillTrue(db, viewer, ranking)) ? ranking : undefined;
}

export async function storeRanking(db: Kysely<Database>, viewer: Viewer, scope: string, ranking: Ranking): Promise<void> {
  const entries = JSON.stringify(ranking.entries);
  const expired = new Date(viewer.readAt.getTime() - SCORE_LIFETIME_MS);
  // One statement: searches make one row each, and the member's rows past their hour go whenever a new one comes.
  await sql`
    with expired as (delete from discover_rankings where member_id = ${viewer.id} and scope <> ${scope} and computed_at < ${expired})
    insert into discover_rankings (member_id, scope, computed_at, open, entries)
    values (${viewer.id}, ${scope}, ${ranking.computedAt}, ${ranking.open}, ${entries})
    on conflict (member_id, scope) do update set computed_at = excluded.computed_at, open = excluded.open, entries = excluded.entries`.execute(db);
}
