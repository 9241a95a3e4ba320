import { z } from 'zod';

// An explained match: a score split into what music, games, shows and hobbies each add, so the
// parts of a card's percentage add up to the percentage itself.

export const MATCH_CATEGORIES = ['music', 'games', 'shows', 'hobbies'] as const;
export type MatchCategory = (typeof MATCH_CATEGORIES)[number];

const partSchema = z.object({
  /** whole percentage points of the score this category gives */
  points: z.number().int().min(0).max(100),
  /** what both people share here: items in the viewer's spelling, or words for hobbies */
  items: z.array(z.string().max(200)).max(30),
});
export type MatchPart = z.infer<typeof partSchema>;

export const matchBreakdownSchema = z.object({ music: partSchema, games: partSchema, shows: partSchema, hobbies: partSchema });
export type MatchBreakdown = z.infer<typeof matchBreakdownSchema>;

/** The engine's unrounded points per category (they add up to the unrounded score) and the shared items. */
export type RawContributions = Record<MatchCategory, { points: number; items: readonly string[] }>;

/** Below this a card is not shown as a match. */
export const MATCH_FLOOR = 10;

/**
 * Whole points per category that add up to `score` exactly: each category gets its share of the score in
 * proportion to its raw points, rounded by largest remainder (ties to the earlier category). With no raw
 * points at all there is nothing to explain the score by, so there is no breakdown.
 */
export function apportion(score: number, raw: RawContributions): MatchBreakdown | undefined {
  const total = MATCH_CATEGORIES.reduce((sum, c) => sum + Math.max(0, raw[c].points), 0);
  if (total <= 0) return score === 0 ? breakdownOf(raw, { music: 0, games: 0, shows: 0, hobbies: 0 }) : undefined;
  const exact = MATCH_CATEGORIES.map((c) => (score * Math.max(0, raw[c].points)) / total);
  const points = exact.map(Math.floor);
  let left = score - points.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    points[i]! += 1;
    left -= 1;
  }
  const [music, games, shows, hobbies] = points as [number, number, number, number];
  return breakdownOf(raw, { music, games, shows, hobbies });
}

function breakdownOf(raw: RawContributions, points: Record<MatchCategory, number>): MatchBreakdown {
  const part = (c: MatchCategory): MatchPart => ({ points: points[c], items: raw[c].items.slice(0, 30).map((item) => item.slice(0, 200)) });
  return { music: part('music'), games: part('games'), shows: part('shows'), hobbies: part('hobbies') };
}

/** The sum of the parts: equal to the card's percentage by construction. */
export function breakdownTotal(breakdown: MatchBreakdown): number {
  return MATCH_CATEGORIES.reduce((sum, c) => sum + breakdown[c].points, 0);
}
