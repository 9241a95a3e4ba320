import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { listBlocked } from './blocks';
import { listFriendRequests } from './friendRequests';
import { listFriends } from './friends';
import { readPrivacySafety } from './privacySafety';

// What GET /api/me/export adds about the member's connections and games. Reports they filed stay
// with the operators: they are about someone else.

export async function socialExport(db: Kysely<Database>, me: string) {
  const gameResults = await db
    .selectFrom('game_results')
    .select(['game', 'won', 'points', 'message_count', 'created_at'])
    .where('member_id', '=', me)
    .orderBy('created_at')
    .execute();
  return {
    friends: await listFriends(db, me),
    friendRequests: await listFriendRequests(db, me),
    blocked: await listBlocked(db, me),
    privacySafety: await readPrivacySafety(db, me),
    /** The members whose chats the member keeps muted. */
    mutedChats: (await db.selectFrom('conversation_mutes').select('other_id').where('member_id', '=', me).orderBy('muted_at').execute()).map((row) => row.other_id),
    gameResults: gameResults.map((row) => ({
      game: row.game,
      won: row.won,
      points: row.points,
      messageCount: row.message_count,
      playedAt: new Date(row.created_at).toISOString(),
    })),
  };
}
