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

const pictureSchema = profileSchema.shape.profilePicture;

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

/** A member's profile as last read here (picture left out: it is read on every page) and their item keys. */
interface Person {
  version: string;
  profile: Profile;
  keys: ReadonlySet<string>;
}

/** By member id; an entry is used only while the stored profile's changed_at is its version. */
const lastRead = boundedMemo<Person>(10_000);

interface PersonRow {
  id: string;
  username: string;
  communities: string[];
  version: string;
  picture: unknown;
  /** null when this server already holds this version of the profile */
  data: unknown;
  keys: string[] | null;
}

/** The page's members as stored now: the profile and item keys travel only for a version not held here. */
async function readPeople(db: Kysely<Database>, memberIds: readonly string[]): Promise<Map<string, { row: PersonRow; person: Person }>> {
  if (memberIds.length === 0) return new Map();
  // What this server holds now: another request may replace or drop entries while the query runs.
  const holding = new Map(memberIds.flatMap((id) => {
    const person = lastRead.get(id);
    return person ? [[id, person] as const] : [];
  }));
  const held = [...holding].map(([id, person]) => `${id}@${person.version}`);
  const isHeld = sql<boolean>`(p.member_id::text || '@' || p.changed_at::text) = any(${sql.val(held)}::text[])`;
  const { rows } = await sql<PersonRow>`
    select m.id, m.username, p.communities, p.changed_at::text as version, p.data -> 'profilePicture' as picture,
      case when ${isHeld} then null else p.data end as data,
      case when ${isHeld} then null else (select array_agg(i.item_key) from member_interests i where i.member_id = p.member_id) end as keys
    from profiles p join members m on m.id = p.member_id
    where p.member_id = any(${sql.val(memberIds)}::uuid[])`.execute(db);
  const people = new Map<string, { row: PersonRow; person: Person }>();
  for (const row of rows) {
    let person = row.data === null ? holding.get(row.id) : undefined;
    if (!person || person.version !== row.version) {
      person = { version: row.version, profile: { ...parseProfile(row.data), profilePicture: '' }, keys: new Set(row.keys ?? []) };
      lastRead.set(row.id, person);
    }
    people.set(row.id, { row, person });
  }
  return people;
}

export async function buildCards(
  db: Kysely<Database>,
  cardViewer: CardViewer,
  page: readonly RankedEntry[],
  relationOf: (id: string) => Relation,
): Promise<DiscoverCard[]> {
  const people = await readPeople(db, page.filter((e) => e.kind === 'member').map((e) => e.id));
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
    const read = people.get(entry.id);
    if (!read) return []; // the account was deleted since the ranking was built
    const { row: person, person: { profile, keys } } = read;
    const key = `${cardViewer.id}@${cardViewer.version}|${person.id}@${person.version}|${entry.score}`;
    let derived = derivedParts.get(key);
    if (!derived) {
      derived = {
        bio: interestsLine([...profile.musicGenres, ...profile.favoriteGames, ...profile.favoriteShows]),
        shared: sharedWith(viewer, keys),
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
      profilePicture: pictureSchema.parse(person.picture ?? ''),
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
