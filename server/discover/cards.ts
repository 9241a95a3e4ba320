import { sql, type Kysely } from 'kysely';
import { avatarInitials, interestsLine, toCard } from '../../src/domain/discover';
import { sharedWith } from '../../src/domain/discoverRules';
import { profileSchema, type Profile } from '../../src/domain/profile';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import type { DiscoverCard, Relation } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import { memberBreakdown, sampleBreakdown } from './breakdown';
import type { RankedEntry } from './rankingCache';

// The cards of one page: fields read fresh (a renamed list shows at once), `shared` by Discover's own
// rule (src/domain/discoverRules.ts), as a guest's cards have it.

function parseProfile(data: unknown): Profile {
  return profileSchema.parse(typeof data === 'string' ? (JSON.parse(data) as unknown) : data);
}

export async function buildCards(
  db: Kysely<Database>,
  viewer: Profile,
  page: readonly RankedEntry[],
  relationOf: (id: string) => Relation,
): Promise<DiscoverCard[]> {
  const memberIds = page.filter((e) => e.kind === 'member').map((e) => e.id);
  const rows =
    memberIds.length === 0
      ? []
      : (
          await sql<{ id: string; username: string; data: unknown; communities: string[]; keys: string[] | null }>`
            select m.id, m.username, p.data, p.communities,
              (select array_agg(i.item_key) from member_interests i where i.member_id = p.member_id) as keys
            from profiles p join members m on m.id = p.member_id
            where p.member_id = any(${sql.val(memberIds)}::uuid[])`.execute(db)
        ).rows;
  const keysOf = new Map(rows.map((r) => [r.id, new Set(r.keys ?? [])]));
  const people = new Map(rows.map((r) => [r.id, r]));
  const samples = new Map(SAMPLE_USERS.map((s) => [s.id, s]));

  return page.flatMap((entry): DiscoverCard[] => {
    if (entry.kind === 'sample') {
      const sample = samples.get(entry.id);
      if (!sample) return [];
      // A sample person's card is the one a guest's device builds (src/domain/discover.ts), with the server's score.
      const breakdown = sampleBreakdown(viewer, sample, entry.score);
      return [toCard(sample, viewer, { [sample.username]: entry.score }, breakdown ? { [sample.username]: breakdown } : {})];
    }
    const person = people.get(entry.id);
    if (!person) return []; // the account was deleted since the ranking was built
    const profile = parseProfile(person.data);
    const breakdown = memberBreakdown(viewer, profile, entry.score);
    return [{
      id: person.id,
      kind: 'member',
      name: person.username,
      username: person.username,
      avatar: avatarInitials(person.username),
      profilePicture: profile.profilePicture,
      bio: interestsLine([...profile.musicGenres, ...profile.favoriteGames, ...profile.favoriteShows]),
      mutualFriends: 0,
      communities: person.communities,
      similarityScore: entry.score,
      ...sharedWith(viewer, keysOf.get(person.id) ?? new Set()),
      relation: relationOf(person.id),
      ...(breakdown ? { breakdown } : {}),
    }];
  });
}
