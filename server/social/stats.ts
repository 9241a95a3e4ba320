import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { gameAward, isWinningGame } from '../../src/domain/gameAward';
import type { LeaderboardStats } from '../../src/domain/leaderboard';
import type { Community } from '../../src/domain/community';
import { LEADERBOARD_MAX_ROWS } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { keptApart } from './apart';

// A member's real figures, aggregated in SQL from game_results and friendships (never stored twice),
// and the leaderboard ranked the same way. A new member's figures are all zero.

type Db = Kysely<Database>;
export type LeaderboardTab = 'points' | 'games' | 'hottakes' | 'friends';

export interface RankedRow {
  id: string;
  username: string;
  isCurrentUser: boolean;
  stats: LeaderboardStats;
}

interface StatsRow {
  id: string;
  username: string;
  total_points: string | number;
  games: string | number;
  wins: string | number;
  hot_takes: string | number;
  streak: string | number;
  friends: string | number;
}

/** The SQL value each tab ranks by (column aliases of the `figures` CTE below). */
const RANKED_BY: Record<LeaderboardTab, RawBuilder<unknown>> = {
  points: sql`total_points`,
  games: sql`games`,
  hottakes: sql`hot_takes`,
  friends: sql`friends`,
};

function toStats(row: StatsRow): LeaderboardStats {
  const games = Number(row.games);
  return {
    totalPoints: Number(row.total_points),
    gamesPlayed: games,
    hotTakesScore: Number(row.hot_takes),
    friendsCount: Number(row.friends),
    winRate: games === 0 ? 0 : Math.round((Number(row.wins) / games) * 100),
    streak: Number(row.streak),
  };
}

/**
 * The figures of every member `scope` admits (a condition on `members m` and `profiles p`), ranked
 * by `tab`; the first `limit` rows plus the member `me` wherever they rank. Ties go by name.
 */
async function rankedFigures(db: Db, me: string, scope: RawBuilder<boolean>, tab: LeaderboardTab, limit: number): Promise<RankedRow[]> {
  const { rows } = await sql<StatsRow>`
    with candidates as (
      select m.id, m.username from members m left join profiles p on p.member_id = m.id
      where m.id = ${me} or (${scope})
    ),
    results as (
      select g.member_id,
        sum(g.points) as total_points,
        count(*) as games,
        count(*) filter (where g.won) as wins,
        coalesce(sum(g.points) filter (where g.game = 'hottakes'), 0) as hot_takes,
        max(g.created_at) filter (where not g.won) as last_loss
      from game_results g join candidates c on c.id = g.member_id
      group by g.member_id
    ),
    streaks as (
      select g.member_id, count(*) as streak
      from game_results g join results r on r.member_id = g.member_id
      where r.last_loss is null or g.created_at > r.last_loss
      group by g.member_id
    ),
    friend_counts as (
      select id, count(*) as friends from (
        select member_a as id from friendships where member_a in (select id from candidates)
        union all
        select member_b as id from friendships where member_b in (select id from candidates)
      ) ends group by id
    ),
    figures as (
      select c.id, c.username,
        coalesce(r.total_points, 0) as total_points, coalesce(r.games, 0) as games, coalesce(r.wins, 0) as wins,
        coalesce(r.hot_takes, 0) as hot_takes, coalesce(s.streak, 0) as streak, coalesce(fc.friends, 0) as friends
      from candidates c
      left join results r on r.member_id = c.id
      left join streaks s on s.member_id = c.id
      left join friend_counts fc on fc.id = c.id
    ),
    ranked as (
      select figures.*, row_number() over (order by ${RANKED_BY[tab]} desc, lower(username), id) as position from figures
    )
    select * from ranked where position <= ${limit} or id = ${me} order by position`.execute(db);
  return rows.map((row) => ({ id: row.id, username: row.username, isCurrentUser: row.id === me, stats: toStats(row) }));
}

export async function memberStats(db: Db, me: string): Promise<LeaderboardStats> {
  const [row] = await rankedFigures(db, me, sql<boolean>`false`, 'points', 1);
  if (!row) throw new Error('The member whose stats were asked for is gone.');
  return row.stats;
}

/** Records a finished Hot Takes game as the server values it (a win needs more than 4 messages). */
export async function recordHotTakesResult(db: Db, me: string, messageCount: number, at: Date): Promise<LeaderboardStats> {
  const won = isWinningGame(messageCount);
  await db
    .insertInto('game_results')
    .values({ id: randomUUID(), member_id: me, game: 'hottakes', won, points: won ? gameAward(messageCount) : 0, message_count: messageCount, created_at: at })
    .execute();
  return memberStats(db, me);
}

/**
 * The friends tab: the member and their friends. Any other tab: members of `community` (all when
 * absent) who are visible to the member: not blocked either way, and not private unless a friend.
 */
export function leaderboard(db: Db, me: string, tab: LeaderboardTab, community: Community | undefined): Promise<RankedRow[]> {
  const friendIds = sql`(select case when f.member_a = ${me} then f.member_b else f.member_a end from friendships f where f.member_a = ${me} or f.member_b = ${me})`;
  const notBlocked = sql`not ${keptApart(me, sql.ref('m.id'))}`;
  const scope =
    tab === 'friends'
      ? sql<boolean>`m.id in ${friendIds} and ${notBlocked}`
      : sql<boolean>`${community === undefined ? sql`true` : sql`p.communities @> array[${community}]::text[]`}
          and ${notBlocked}
          and (coalesce(p.visibility, 'public') <> 'private' or m.id in ${friendIds})`;
  return rankedFigures(db, me, scope, tab, LEADERBOARD_MAX_ROWS);
}
