import type { Kysely } from 'kysely';
import { avatarInitials } from '../../src/domain/discover';
import { profileSchema } from '../../src/domain/profile';
import type { MemberView } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { canSee, seesProfile, standingWith } from './relations';

// GET /api/members/:id: someone's profile as the viewer may see it. Unknown people and people on
// either side of a block are not found; friends-only members show non-friends only their username.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function memberView(db: Kysely<Database>, viewerId: string, id: string): Promise<MemberView | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await db
    .selectFrom('members as m')
    .leftJoin('profiles as p', 'p.member_id', 'm.id')
    .select(['m.id', 'm.username', 'p.data', 'p.communities'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const standing = await standingWith(db, viewerId, [row.id]);
  if (!canSee(standing, row.id)) return undefined;
  const relation = standing.relation.get(row.id) ?? 'none';
  const base = { id: row.id, username: row.username, avatar: avatarInitials(row.username), relation };
  if (row.id !== viewerId && !seesProfile(standing, row.id)) return { ...base, visible: false, profile: null };
  const profile = profileSchema.parse(typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : (row.data ?? {}));
  return {
    ...base,
    visible: true,
    profile: {
      profilePicture: profile.profilePicture,
      hobbies: profile.hobbies,
      musicGenres: profile.musicGenres,
      favoriteGames: profile.favoriteGames,
      favoriteShows: profile.favoriteShows,
      communities: row.communities ?? [],
    },
  };
}
