import { sql, type Kysely } from 'kysely';
import type { SampleUser } from '../../src/domain/sampleUsers';
import { similarityScoreOrDefault } from '../../src/domain/aiContract';
import { SCORE_LIFETIME_MS } from '../../src/domain/discoverRules';
import type { Database } from '../db/schema';
import { scoreAll } from '../ai/local/similarity';
import type { AiProvider } from '../ai/provider';
import type { DailyBudget } from '../lib/dailyBudget';
import type { Logger } from '../lib/log';
import { allItems, asCandidate, loadTastes, loadViewer, memberAsCandidate, memberAsUser, type MemberTaste, type Viewer } from './tastes';

// Scores for one ranking. A pair of members has ONE score, whoever asks: the local engine's is the
// mean of both directions over the same normalised tastes; a Gemini score (one direction) is stored
// (discover_pair_scores) and reused by either member while it is younger than an hour and newer than
// both profiles, so it is also the one the other member sees. Whatever is not stored goes to Gemini in
// ONE similarity call together with the sample people (SPEC's batch rule).

export interface Scores {
  members: Map<string, number>;
  samples: Map<string, number>;
  /** false when Gemini failed and the local engine stood in: nothing of it should be kept */
  keep: boolean;
}

export interface ScoringDeps {
  db: Kysely<Database>;
  ai: AiProvider;
  log: Logger;
  /** The app's daily Gemini budget: each similarity call spends one; when it is spent the local engine scores. */
  budget: DailyBudget;
}

function ordered(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

async function storedPairScores(db: Kysely<Database>, viewer: Viewer, candidates: readonly MemberTaste[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (candidates.length === 0) return found;
  const ids = candidates.map((c) => c.id);
  const rows = await db
    .selectFrom('discover_pair_scores')
    .select(['member_low', 'member_high', 'score', 'computed_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('member_low', '=', viewer.id), sql<boolean>`member_high = any(${sql.val(ids)}::uuid[])`]),
        eb.and([eb('member_high', '=', viewer.id), sql<boolean>`member_low = any(${sql.val(ids)}::uuid[])`]),
      ]),
    )
    .execute();
  const changedAt = new Map(candidates.map((c) => [c.id, c.changedAt.getTime()]));
  const viewerChanged = viewer.taste.changedAt.getTime();
  for (const row of rows) {
    const other = row.member_low === viewer.id ? row.member_high : row.member_low;
    const computed = new Date(row.computed_at).getTime();
    const fresh = computed > viewer.readAt.getTime() - SCORE_LIFETIME_MS && computed > viewerChanged && computed > (changedAt.get(other) ?? Infinity);
    if (fresh) found.set(other, row.score);
  }
  return found;
}

const KEY = '\u0000them';

/** How well `from`'s taste matches `to`, by the local engine. */
function oneWay(from: MemberTaste, to: MemberTaste): number {
  return scoreAll(memberAsUser(from), [memberAsCandidate(KEY, to)]).scores[KEY] ?? 0;
}

/** The local engine's score of a pair: the same number whichever of the two is `a`. */
export function localPairScore(a: MemberTaste, b: MemberTaste): number {
  return Math.round((oneWay(a, b) + oneWay(b, a)) / 2);
}

/** localPairScore of the viewer with each candidate, the viewer's side prepared once for all of them. */
function localPairScores(viewer: MemberTaste, candidates: readonly MemberTaste[]): Map<string, number> {
  const forward = scoreAll(memberAsUser(viewer), candidates.map((c) => memberAsCandidate(c.id, c))).scores;
  return new Map(candidates.map((c) => [c.id, Math.round(((forward[c.id] ?? 0) + oneWay(c, viewer)) / 2)]));
}

/** Sample ids keyed by the name the AI sees: a member who took a sample person's name keeps it. */
function sampleKeys(samples: readonly SampleUser[], members: readonly MemberTaste[]): Map<string, string> {
  const taken = new Set(members.map((m) => m.username));
  return new Map(samples.map((s) => [s.id, taken.has(s.username) ? `${s.username} (sample)` : s.username]));
}

async function askProvider(deps: ScoringDeps, viewer: Viewer, missing: readonly MemberTaste[], samples: readonly SampleUser[]) {
  const keys = sampleKeys(samples, missing);
  const user = memberAsUser(viewer.taste);
  const request = {
    user: {
      hobbies: user.hobbies,
      musicGenres: [...user.musicGenres],
      favoriteGames: [...user.favoriteGames],
      favoriteShows: [...user.favoriteShows],
      ...(user.connectedTaste ? { connectedTaste: user.connectedTaste } : {}),
    },
    candidates: [
      ...missing.map((c) => asCandidate(c.username, c.hobbies, allItems(c.items))),
      ...samples.map((s) => asCandidate(keys.get(s.id) ?? s.username, s.personality, s.interests)),
    ],
  };
  const local = () => {
    const sampleScores = scoreAll(request.user, samples.map((s) => asCandidate(keys.get(s.id) ?? s.username, s.personality, s.interests))).scores;
    return {
      members: localPairScores(viewer.taste, missing),
      samples: new Map(samples.map((s) => [s.id, similarityScoreOrDefault(sampleScores[keys.get(s.id) ?? s.username])])),
    };
  };
  if (deps.ai.name === 'local' || request.candidates.length === 0) return { ...local(), keep: true };
  // Nothing of a budget-spent ranking is kept, so the first ranking after midnight UTC asks Gemini again.
  if (deps.budget.take() > 0) {
    deps.log.info('the daily AI budget is spent; the local engine scores this discover ranking');
    return { ...local(), keep: false };
  }
  try {
    const { scores } = await deps.ai.similarity(request);
    return {
      members: new Map(missing.map((c) => [c.id, similarityScoreOrDefault(scores[c.username])])),
      samples: new Map(samples.map((s) => [s.id, similarityScoreOrDefault(scores[keys.get(s.id) ?? s.username])])),
      keep: true,
    };
  } catch (error) {
    deps.log.warn('discover similarity failed; the local engine stands in', { error: error instanceof Error ? error.message : String(error) });
    return { ...local(), keep: false };
  }
}

export async function scoreRanking(deps: ScoringDeps, viewer: Viewer, candidates: readonly MemberTaste[], samples: readonly SampleUser[]): Promise<Scores> {
  const stored = deps.ai.name === 'local' ? new Map<string, number>() : await storedPairScores(deps.db, viewer, candidates);
  const missing = candidates.filter((c) => !stored.has(c.id));
  const answer = await askProvider(deps, viewer, missing, samples);
  // The local engine is symmetric by itself; only a one-way (Gemini) score must be kept for the other member.
  if (answer.keep && deps.ai.name !== 'local' && missing.length > 0) {
    await deps.db
      .insertInto('discover_pair_scores')
      .values(
        missing.map((c) => {
          const [low, high] = ordered(viewer.id, c.id);
          return { member_low: low, member_high: high, score: answer.members.get(c.id) ?? 0, computed_at: viewer.readAt };
        }),
      )
      .onConflict((oc) => oc.columns(['member_low', 'member_high']).doUpdateSet((eb) => ({ score: eb.ref('excluded.score'), computed_at: eb.ref('excluded.computed_at') })))
      .execute();
  }
  return { members: new Map([...stored, ...answer.members]), samples: answer.samples, keep: answer.keep };
}

/**
 * The viewer's score with each of these members as Discover shows it, without asking Gemini (so a list
 * that shows it stays quick and spends no budget): the local engine's pair score, or with Gemini the
 * stored pair score while it is fresh. A member not scored yet, or either side without a profile, is missing.
 */
export async function knownPairScores(db: Kysely<Database>, engine: AiProvider['name'], viewerId: string, memberIds: readonly string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const [viewer, tastes] = await Promise.all([loadViewer(db, viewerId), loadTastes(db, memberIds)]);
  // A viewer without a profile has no taste to match yet: no score, like a member without one.
  if (!viewer?.changedAt) return new Map();
  return engine === 'local' ? localPairScores(viewer.taste, tastes) : storedPairScores(db, viewer, tastes);
}
