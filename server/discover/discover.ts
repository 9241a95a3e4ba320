import type { Kysely } from 'kysely';
import type { Community } from '../../src/domain/community';
import { MATCH_FLOOR } from '../../src/domain/matchBreakdown';
import { compareRanked, DISCOVER_PAGE_SIZE, SCORE_LIFETIME_MS, searchNeedle } from '../../src/domain/discoverRules';
import type { DiscoverResponse } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import type { AiProvider } from '../ai/provider';
import type { DailyBudget } from '../lib/dailyBudget';
import type { Logger } from '../lib/log';
import { buildCards } from './cards';
import { candidatePool } from './pool';
import { cachedRanking, storeRanking, type RankedEntry, type Ranking } from './rankingCache';
import { standingWith, canSee, seesProfile } from './relations';
import { samplesFor, showsSamples, type SamplePeopleMode } from './samples';
import { scoreRanking } from './scoring';
import { loadViewer, type Viewer } from './tastes';

// GET /api/discover for a member: the cached ranking of this view, or a new one (prune in SQL, score
// the pruned set), then what the viewer may see of it now (blocks, friends-only, sample people), one
// page at a time.

export interface DiscoverDeps {
  db: Kysely<Database>;
  ai: AiProvider;
  log: Logger;
  budget: DailyBudget;
  samplePeople: SamplePeopleMode;
}

export interface DiscoverRequest {
  community?: Community;
  q?: string;
  /** the offset into the visible ranking; 0 for the first page */
  offset: number;
}

function scopeOf(community: Community | undefined, search: string): string {
  return community === undefined && search === '' ? '' : `${community ?? ''}|${search}`;
}

/** Discover's ranking order (compareRanked) over entries that carry ids, with the names looked up. */
function rankOrder(names: ReadonlyMap<string, string>) {
  const ranked = (entry: RankedEntry) => ({ id: entry.id, member: entry.kind === 'member', username: names.get(entry.id) ?? '', score: entry.score });
  const byName = new Intl.Collator().compare;
  return (a: RankedEntry, b: RankedEntry) => compareRanked(ranked(a), ranked(b), byName);
}

async function buildRanking(deps: DiscoverDeps, viewer: Viewer, community: Community | undefined, search: string): Promise<Ranking & { keep: boolean }> {
  const pruned = await candidatePool(deps.db, viewer, { community, search });
  const tastes = pruned.tastes;
  const samples = samplesFor(deps.samplePeople, { community, search });
  const scores = await scoreRanking(deps, viewer, tastes, samples);
  const names = new Map<string, string>([...tastes.map((t) => [t.id, t.username] as const), ...samples.map((s) => [s.id, s.username] as const)]);
  const entries: RankedEntry[] = [
    ...tastes.map((t) => ({ id: t.id, kind: 'member' as const, score: scores.members.get(t.id) ?? 0 })),
    ...samples.map((s) => ({ id: s.id, kind: 'sample' as const, score: scores.samples.get(s.id) ?? 0 })),
  ].sort(rankOrder(names));
  return { entries, computedAt: viewer.readAt, open: pruned.open, keep: scores.keep };
}

/** A page and how much longer the ranking it was cut from stays true if nothing behind it changes. */
export interface ServedPage {
  page: DiscoverResponse;
  /** undefined when the ranking was not kept (its scores were a stand-in): the page must not be kept either */
  keepsForMs: number | undefined;
}

export async function discoverPage(deps: DiscoverDeps, viewerId: string, request: DiscoverRequest): Promise<DiscoverResponse | undefined> {
  return (await servePage(deps, viewerId, request))?.page;
}

export async function servePage(deps: DiscoverDeps, viewerId: string, request: DiscoverRequest): Promise<ServedPage | undefined> {
  const viewer = await loadViewer(deps.db, viewerId);
  if (!viewer) return undefined;
  const search = searchNeedle(request.q ?? '');
  const scope = scopeOf(request.community, search);
  let ranking = await cachedRanking(deps.db, viewer, scope);
  let kept = true;
  if (!ranking) {
    const built = await buildRanking(deps, viewer, request.community, search);
    if (built.keep) await storeRanking(deps.db, viewer, scope, built);
    kept = built.keep;
    ranking = built;
  }
  const keepsForMs = kept ? ranking.computedAt.getTime() + SCORE_LIFETIME_MS - viewer.readAt.getTime() : undefined;

  const memberIds = ranking.entries.filter((e) => e.kind === 'member').map((e) => e.id);
  const [standing, withSamples] = await Promise.all([standingWith(deps.db, viewer.id, memberIds), showsSamples(deps.db, deps.samplePeople, viewer)]);
  // Without a search, someone sharing less than the floor is no match: the ranking keeps them,
  // the pages do not. A search looks for someone by name or item, so it finds them whatever they share.
  const floor = search === '' ? MATCH_FLOOR : 0;
  const visible = ranking.entries.filter(
    (e) => e.score >= floor && (e.kind === 'sample' ? withSamples : canSee(standing, e.id) && seesProfile(standing, e.id)),
  );
  const page = visible.slice(request.offset, request.offset + DISCOVER_PAGE_SIZE);
  const cards = await buildCards(deps.db, viewer, page, (id) => standing.relation.get(id) ?? 'none');
  const next = request.offset + DISCOVER_PAGE_SIZE;
  return { page: { cards, nextCursor: next < visible.length ? encodeCursor(next) : null }, keepsForMs };
}

/** The cursor is opaque to clients: where the next page starts, not meant to be built by hand. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return 0;
  const match = /^o(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}
