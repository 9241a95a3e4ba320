import { sql, type Kysely } from 'kysely';
import { avatarInitials, interestsLine, toCard } from '../../src/domain/discover';
import { sharedWith } from '../../src/domain/discoverRules';
import { profileSchema, type Profile } from '../../src/domain/profile';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import type { DiscoverCard, Relation } from '../../src/domain/socialContract';
import type { MatchBreakdown } from '../../src/domain/matchBreakdown';
import type { Database } from '../db/schema';
import { boundedMemo } from '../lib/boundedMemo';
import { memberBreakdown, sampleBreakdown } from './breakdown';
import type { RankedEntry } from './rankingCache';

// The cards of one page: fields read fresh (a renamed list shows at once), `shared` by Discover's own
// rule (src/domain/discoverRules.ts), as a guest's cards have it.

function parseProfile(data: unknown): Profile {
  return profileSchema.parse(typeof data === 'string' ? (JSON.parse(data) as unknown) : data);
}

/** What a member's card derives from both profiles and the score: the local engine's breakdown costs most of a page's CPU. */
interface Derived {
  bio: string;
  shared: ReturnType<typeof sharedWith>;
  breakdown: MatchBreakdown | undefined;
}

/**
 * Keyed by both profiles' versions (profiles.changed_at, moved by every write of a profile and its
 * interest rows, on whichever server) and the score, so a changed profile is never served from here.
 */
const derivedParts = boundedMemo<Derived>(10_000);

/** The viewer as a page's cards need them: `version` names their profile as stored (its changed_at). */
export interface CardViewer {
  id: string;
  profile: Profile;
  version: string;
}

export async function buildCards(
  db: Kysely<Database>,
  cardViewer: CardViewer,
  page: readonly RankedEntry[],
  relationOf: (id: string) => Relation,
): Promise<DiscoverCard[]> {
  const memberIds = page.filter((e) => e.kind === 'member').map((e) => e.id);
  const rows =
    memberIds.length === 0
      ? []
      : (
          await sql<{ id: string; username: string; data: unknown; communities: string[]; version: string; keys: string[] | null }>`
            select m.id, m.username, p.data, p.communities, p.changed_at::text as version,
              (select array_agg(i.item_key) from member_interests i where i.member_id = p.member_id) as keys
            from profiles p join members m on m.id = p.member_id
            where p.member_id = any(${sql.val(memberIds)}::uuid[])`.execute(db)
        ).rows;
  const keysOf = new Map(rows.map((r) => [r.id, new Set(r.keys ?? [])]));
  const people = new Map(rows.map((r) => [r.id, r]));
  const samples = new Map(SAMPLE_USERS.map((s) => [s.id, s]));
  const viewer = cardViewer.profile;

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
    const key = `${cardViewer.id}@${cardViewer.version}|${person.id}@${person.version}|${entry.score}`;
    let derived = derivedParts.get(key);
    if (!derived) {
      derived = {
        bio: interestsLine([...profile.musicGenres, ...profile.favoriteGames, ...profile.favoriteShows]),
        shared: sharedWith(viewer, keysOf.get(person.id) ?? new Set()),
        breakdown: memberBreakdown(viewer, profile, entry.score),
      };
      derivedParts.set(key, derived);
    }
    const { bio, shared, breakdown } = derived;
    return [{
      id: person.id,
      kind: 'member',
      name: person.username,
      username: person.username,
      avatar: avatarInitials(person.username),
      profilePicture: profile.profilePicture,
      bio,
      mutualFriends: 0,
      communities: person.communities,
      similarityScore: entry.score,
      ...shared,
      relation: relationOf(person.id),
      ...(breakdown ? { breakdown } : {}),
    }];
  });
}
