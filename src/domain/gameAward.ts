import type { LeaderboardStats } from './leaderboard';

// The win of a Hot Takes matched game (docs/product.md): the award and the stats update.

export const BASE_AWARD = 100;
export const AWARD_PER_EXTRA_MESSAGE = 10;
/** Messages a game needs before each further one earns extra points; also the win threshold (more than 4). */
export const FREE_MESSAGES = 4;

/**
 * 100 + 10 per message beyond 4. `messageCount` is every message in the chat as the user left it: the welcome,
 * the user's texts and emojis, the 'Great! Here's what ...' system line, the partner's take and every reply.
 * A minimal won game (welcome, first take, system line, partner's take, brash reply) has 5, so it earns 110.
 */
export function gameAward(messageCount: number): number {
  const extra = Number.isFinite(messageCount) ? Math.max(0, Math.floor(messageCount) - FREE_MESSAGES) : 0;
  return BASE_AWARD + AWARD_PER_EXTRA_MESSAGE * extra;
}

/** A game against the AI holds these before the player's first answered message: the welcome, the reveal line and the partner's take. */
const MESSAGES_BEFORE_FIRST_TURN = 3;

/**
 * The messages of a game as the server counts it: those before the first turn, then each message the AI
 * answered with its reply. One answered turn is the minimal win (5 messages, 110 points).
 */
export function answeredGameMessageCount(answeredTurns: number): number {
  return MESSAGES_BEFORE_FIRST_TURN + 2 * Math.max(0, Math.floor(answeredTurns));
}

/** docs/product.md: a matched chat left in conversation with more than 4 messages is a win. */
export function isWinningGame(messageCount: number): boolean {
  return messageCount > FREE_MESSAGES;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The win rate after one more won game. Stats keep only a percentage, so the past wins are recovered from it:
 *   wins       = round(winRate% × gamesPlayed)            (clamped to 0..gamesPlayed)
 *   newWinRate = round((wins + 1) / (gamesPlayed + 1) × 100)  (clamped to 0..100)
 * e.g. the defaults 65% of 12 games → 8 wins → 9 of 13 → 69%. With no games yet the first win makes it 100%.
 */
export function winRateAfterWin(winRate: number, gamesPlayed: number): number {
  const played = Math.max(0, Math.floor(gamesPlayed));
  const wins = clamp(Math.round((clamp(winRate, 0, 100) / 100) * played), 0, played);
  return clamp(Math.round(((wins + 1) / (played + 1)) * 100), 0, 100);
}

/** docs/product.md "Per finished game stat update": gamesPlayed +1, points and hotTakesScore + award, winRate, streak +1. */
export function applyWin(stats: LeaderboardStats, award: number): LeaderboardStats {
  return {
    ...stats,
    gamesPlayed: stats.gamesPlayed + 1,
    totalPoints: stats.totalPoints + award,
    hotTakesScore: stats.hotTakesScore + award,
    winRate: winRateAfterWin(stats.winRate, stats.gamesPlayed),
    streak: stats.streak + 1,
  };
}
