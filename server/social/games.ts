import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import { answeredGameMessageCount, gameAward, isWinningGame } from '../../src/domain/gameAward';
import type { LeaderboardStats } from '../../src/domain/leaderboard';
import {
  HOT_TAKES_GAMES_SCORED_PER_HOUR,
  HOT_TAKES_GAMES_STARTED_PER_HOUR,
  HOT_TAKES_TURNS_COUNTED_MAX,
} from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { readSessionCookie } from '../members/sessionCookie';
import { hashSessionId } from '../members/sessions';
import { spendAction } from './actionLimits';
import { problem, type SocialProblem } from './errors';
import { isUuid } from './locks';
import { memberStats } from './stats';

// Hot Takes games against the AI, scored from what the server saw: a member starts a game and gets its
// id, the AI reply routes count each turn they answer for it, and its result scores once, from that
// count, never from what the client says the game was worth.

type Db = Kysely<Database>;

const HOUR_MS = 60 * 60 * 1000;
const GAME_STARTS = { action: 'hotTakesStart', limit: HOT_TAKES_GAMES_STARTED_PER_HOUR, windowMs: HOUR_MS };
const GAMES_SCORED = { action: 'hotTakesScore', limit: HOT_TAKES_GAMES_SCORED_PER_HOUR, windowMs: HOUR_MS };

/** Starts a game for `me` and answers its id; 429 past the hourly number of starts. */
export async function startHotTakesGame(db: Db, me: string, at: Date): Promise<{ gameId: string } | SocialProblem> {
  return db.transaction().execute(async (trx) => {
    const wait = await spendAction(trx, me, GAME_STARTS, at);
    if (wait !== undefined) return problem(429, 'TOO_MANY_REQUESTS', wait);
    const gameId = randomUUID();
    await trx.insertInto('game_sessions').values({ id: gameId, member_id: me, game: 'hottakes', started_at: at }).execute();
    return { gameId };
  });
}

/**
 * Counts one answered turn of `me`'s game `gameId`, up to HOT_TAKES_TURNS_COUNTED_MAX. A game that is
 * not theirs, unknown or already scored counts nothing (the reply itself is answered all the same).
 */
export async function countAnsweredTurn(db: Db, me: string, gameId: string): Promise<void> {
  await db
    .updateTable('game_sessions')
    .set({ answered_turns: sql<number>`least(answered_turns + 1, ${HOT_TAKES_TURNS_COUNTED_MAX})` })
    .where('id', '=', gameId)
    .where('member_id', '=', me)
    .where('scored_at', 'is', null)
    .execute();
}

/**
 * Scores `me`'s game `gameId` once, from the turns the server answered (docs/product.md's award), and
 * answers the new figures. 404 for a game not issued to `me`, 409 when it has scored already, 429 (the
 * game still waits) past the hourly number of scored games.
 */
export async function scoreHotTakesGame(db: Db, me: string, gameId: string, at: Date): Promise<LeaderboardStats | SocialProblem> {
  if (!isUuid(gameId)) return problem(404, 'GAME_NOT_FOUND');
  const outcome = await db.transaction().execute(async (trx) => {
    const game = await trx
      .selectFrom('game_sessions')
      .select(['answered_turns', 'scored_at'])
      .where('id', '=', gameId.toLowerCase())
      .where('member_id', '=', me)
      .forUpdate()
      .executeTakeFirst();
    if (!game) return problem(404, 'GAME_NOT_FOUND');
    if (game.scored_at !== null) return problem(409, 'GAME_ALREADY_COUNTED');
    const wait = await spendAction(trx, me, GAMES_SCORED, at);
    if (wait !== undefined) return problem(429, 'TOO_MANY_REQUESTS', wait);
    await trx.updateTable('game_sessions').set({ scored_at: at }).where('id', '=', gameId.toLowerCase()).execute();
    const messageCount = answeredGameMessageCount(game.answered_turns);
    const won = isWinningGame(messageCount);
    await trx
      .insertInto('game_results')
      .values({ id: randomUUID(), member_id: me, game: 'hottakes', won, points: won ? gameAward(messageCount) : 0, message_count: messageCount, created_at: at })
      .execute();
    return undefined;
  });
  return outcome ?? memberStats(db, me);
}

/** Counts turns for the AI routes: who is asking comes from the session cookie, when there is one. */
export type AnsweredTurnCounter = (c: Context, gameId: string) => Promise<void>;

/**
 * The AI routes serve guests too, so they do not require a session: a reply that names a game counts
 * for it only when the session cookie belongs to the member who started it. The session is only read
 * here (never extended), so the cookie and the stored expiry stay as the member routes left them.
 */
export function answeredTurnCounter(db: Db, now: () => number): AnsweredTurnCounter {
  return async (c, gameId) => {
    const cookie = readSessionCookie(c);
    if (!cookie) return;
    const session = await db
      .selectFrom('sessions')
      .select('member_id')
      .where('id_hash', '=', hashSessionId(cookie))
      .where('expires_at', '>', new Date(now()))
      .executeTakeFirst();
    if (session) await countAnsweredTurn(db, session.member_id, gameId);
  };
}
