import type { ConnectedTaste } from './profile';

// How much connected data makes an item weigh in the similarity score (docs/product.md, "Match score").
// A listed item weighs 1. A game the connected Steam account has played weighs 1 + hours / 100, at most 2
// (100 hours and more double it). A genre among the first five of the connected Spotify account's genres
// (ranked by how many top artists carry it, then by the best artist's rank) weighs 2, 1.8, 1.6, 1.4, 1.2.
// Only items the person lists count: connected data never adds an item on its own.

export const HOURS_FOR_DOUBLE_WEIGHT = 100;
export const WEIGHTED_GENRE_RANKS = 5;

function gameWeight(hours: number): number {
  return 1 + Math.min(Math.max(hours, 0), HOURS_FOR_DOUBLE_WEIGHT) / HOURS_FOR_DOUBLE_WEIGHT;
}

function genreWeight(rank: number): number {
  return rank < WEIGHTED_GENRE_RANKS ? 1 + (WEIGHTED_GENRE_RANKS - rank) / WEIGHTED_GENRE_RANKS : 1;
}

/** Each connected item with its weight above 1, in the service's spelling; matching is the engine's. */
export function connectedWeights(taste: ConnectedTaste | undefined): Array<readonly [string, number]> {
  if (!taste) return [];
  const games = (taste.steamGames ?? []).map((game) => [game.name, gameWeight(game.hours)] as const);
  const genres = (taste.spotifyGenres ?? []).map((genre, rank) => [genre, genreWeight(rank)] as const);
  return [...games, ...genres].filter(([, weight]) => weight > 1);
}
