import { SIMILARITY_DEFAULT_SCORE } from './aiContract';
import type { CommunityFilter } from './community';
import { breakdownTotal, MATCH_FLOOR, type MatchBreakdown } from './matchBreakdown';
import { CURRENT_USER_ID } from './community';
import { compareRanked, DISCOVER_PAGE_SIZE, interestKey, matchesSearch, sharedWith } from './discoverRules';
import type { Profile } from './profile';
import type { DiscoverCard, Relation } from './socialContract';
import type { User } from './user';

/** What the similarity scoring is told of each stored person: their name, persona and interests. */
export function similarityCandidates(users: readonly User[]) {
  return users.map((u) => ({ username: u.username, personality: u.personality ?? '', interests: u.interests }));
}

export function avatarInitials(username: string): string {
  return username.slice(0, 2).toUpperCase();
}

/** The card's bio is the interests line (without its 'Interests: ' label), which search also matches. */
export function interestsLine(interests: readonly string[]): string {
  return interests.join(', ');
}

/** 'You both like A', 'A and B', 'A, B and C', 'A, B, C and 2 more'; '' when nothing is shared. */
export function sharedLine(shared: readonly string[]): string {
  if (shared.length === 0) return '';
  const named = shared.slice(0, 3);
  const rest = shared.length - named.length;
  let list: string;
  if (rest > 0) list = `${named.join(', ')} and ${rest} more`;
  else if (named.length === 1) list = named[0]!;
  else list = `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `You both like ${list}`;
}

export function inCommunity(card: Pick<DiscoverCard, 'communities'>, community: CommunityFilter): boolean {
  return community === 'All Communities' || card.communities.includes(community);
}

/** A person the device keeps (a sample person) as a card: no picture, and no relation but friendship, which the device records apart. */
export function toCard(
  user: User,
  profile: Profile,
  scores: Readonly<Record<string, number>>,
  breakdowns: Readonly<Record<string, MatchBreakdown>> = {},
): DiscoverCard {
  const similarityScore = scores[user.username] ?? SIMILARITY_DEFAULT_SCORE;
  const breakdown = Object.hasOwn(breakdowns, user.username) ? breakdowns[user.username] : undefined;
  return {
    id: user.id,
    kind: 'sample',
    name: user.username,
    username: user.username,
    avatar: avatarInitials(user.username),
    profilePicture: '',
    bio: interestsLine(user.interests),
    mutualFriends: 0,
    communities: user.communities ?? [],
    similarityScore,
    ...sharedWith(profile, new Set(user.interests.map(interestKey))),
    relation: 'none',
    // Only a breakdown whose parts add up to the percentage on the card is offered.
    ...(breakdown && breakdownTotal(breakdown) === similarityScore ? { breakdown } : {}),
  };
}

export interface DiscoverQuery {
  users: readonly User[];
  profile: Profile;
  scores: Readonly<Record<string, number>>;
  breakdowns?: Readonly<Record<string, MatchBreakdown>>;
  query: string;
  community: CommunityFilter;
  selfId?: string;
  limit?: number;
}

/** Without a search, people under the floor are no match; a search finds anyone it names. */
export function isListed(card: Pick<DiscoverCard, 'similarityScore'>, query: string): boolean {
  return query.trim() !== '' || card.similarityScore >= MATCH_FLOOR;
}

/**
 * Filtered by community and search, then in Discover's ranking order, at most a page (docs/product.md).
 * Without a search only matches of at least 10% are listed.
 */
export function discoverCards({ users, profile, scores, breakdowns = {}, query, community, selfId = CURRENT_USER_ID, limit = DISCOVER_PAGE_SIZE }: DiscoverQuery): DiscoverCard[] {
  const ranked = (card: DiscoverCard) => ({ id: card.id, member: card.kind === 'member', username: card.username, score: card.similarityScore });
  const byName = new Intl.Collator().compare;
  return users
    .filter((user) => user.id !== selfId)
    .map((user) => toCard(user, profile, scores, breakdowns))
    .filter((card) => inCommunity(card, community) && matchesSearch(card, query) && isListed(card, query))
    .sort((a, b) => compareRanked(ranked(a), ranked(b), byName))
    .slice(0, limit);
}

export type MatchLevel = 'match-high' | 'match-mid' | 'match-low';

/** The badge's colour: 75% and up is a strong match, from the default 50% a fair one, below that a weak one. */
export function matchLevel(score: number): MatchLevel {
  if (score >= 75) return 'match-high';
  if (score >= 50) return 'match-mid';
  return 'match-low';
}

/** What one page of Discover asks its source: the community filter, the search and where the last page ended. */
export interface DiscoverPageQuery {
  community: CommunityFilter;
  query: string;
  cursor: string | null;
}

/** One page of Discover as its source (the device for a guest, the server for a member) answers it. */
export interface DiscoverPage {
  /** docs/product.md's gate: the list shows only for a complete profile (the device copy is the viewer's). */
  complete: boolean;
  cards: DiscoverCard[];
  /** Where the next page starts; null on the last page (always for a guest, whose list is one page). */
  nextCursor: string | null;
  /** Sample people already befriended on this device (the server does not know those friendships). */
  sampleFriendIds: string[];
}

/** Whom an Add Friend (or Accept) is for. */
export type DiscoverPerson = Pick<DiscoverCard, 'id' | 'kind'>;

/** What befriending someone came to: friends at once, or a request waiting for the other member. */
export interface BefriendAnswer {
  relation: Extract<Relation, 'outgoing' | 'friends'>;
  /** They were friends before this asked (another tab got there first): shown as friends, without the notice. */
  alreadyFriends?: boolean;
}
