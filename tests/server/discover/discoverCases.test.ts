import { describe, expect, it } from 'vitest';
import { emptyProfile, type Profile } from '../../../src/domain/profile';
import type { User } from '../../../src/domain/user';
import { guestDiscoverSource } from '../../../src/features/discover/services/guestDiscover';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember } from '../social/support/members';
import { runFakeGeminiAroundTests } from '../support/fakeGemini';

// One table of Discover cases, run through both sources of the feature: a guest's list, ranked on the
// device from people it keeps (the guest's Discover source, as the app gives it to the discover machine),
// and a member's, ranked by the server from members (GET /api/discover). The similarity scores are the
// table's in both: the guest is handed them, the member's server hears them from (fake) Gemini.
// Both must give the answers the table writes down, so the two sources cannot drift apart.

const KEY = 'discover-cases-key';

interface Person {
  username: string;
  music?: string[];
  games?: string[];
  shows?: string[];
}

interface Card {
  username: string;
  similarityScore: number;
  shared: string[];
}

interface DiscoverCase {
  name: string;
  viewer: Person;
  people: Person[];
  scores: Record<string, number>;
  query: string;
  /** the first page, in order: who, their score, what both like (in the viewer's spelling) */
  expected: Card[] | string[];
}

const viewer: Person = { username: 'Viewer', music: ['Jazz', 'Indie'], games: ['Hades'], shows: ['Dune'] };
const people: Person[] = [
  { username: 'Mara', music: ['jazz'], games: ['HADES'] },
  { username: 'bo', music: ['Indie'], shows: ['dune '] },
  { username: 'Cy', music: ['Jazz'], games: ['Hades'] },
  { username: 'Ari', music: ['Jazz'] },
  { username: 'Low', music: ['Jazz'], shows: ['Opera Nights'] },
];
const scores = { Mara: 80, bo: 60, Cy: 60, Ari: 60, Low: 5 };

/** 55 people who all like jazz, P55 closest (90%) down to P01 (36%): the closest are not first by name. */
const crowd: Person[] = Array.from({ length: 55 }, (_, i) => ({ username: `P${String(i + 1).padStart(2, '0')}`, music: ['Jazz'] }));
const crowdScores = Object.fromEntries(crowd.map((p, i) => [p.username, 36 + i]));

const CASES: DiscoverCase[] = [
  {
    name: 'closest first; equal scores by name in any case; under 10% is no match; shared items in the viewer’s spelling and order',
    viewer,
    people,
    scores,
    query: '',
    expected: [
      { username: 'Mara', similarityScore: 80, shared: ['Jazz', 'Hades'] },
      { username: 'Ari', similarityScore: 60, shared: ['Jazz'] },
      { username: 'bo', similarityScore: 60, shared: ['Indie', 'Dune'] },
      { username: 'Cy', similarityScore: 60, shared: ['Jazz', 'Hades'] },
    ],
  },
  {
    name: 'a search finds an item in any case, ignoring the blanks around it',
    viewer,
    people,
    scores,
    query: '  HAD ',
    expected: [
      { username: 'Mara', similarityScore: 80, shared: ['Jazz', 'Hades'] },
      { username: 'Cy', similarityScore: 60, shared: ['Jazz', 'Hades'] },
    ],
  },
  {
    name: 'a search of a name finds that person even under the 10% floor',
    viewer,
    people,
    scores,
    query: 'low',
    expected: [{ username: 'Low', similarityScore: 5, shared: ['Jazz'] }],
  },
  {
    name: 'a search of something only they list finds them too',
    viewer,
    people,
    scores,
    query: 'opera',
    expected: [{ username: 'Low', similarityScore: 5, shared: ['Jazz'] }],
  },
  {
    name: 'a page holds the 50 closest',
    viewer,
    people: crowd,
    scores: crowdScores,
    query: '',
    expected: crowd.slice(5).reverse().map((p) => p.username),
  },
];

function lists(person: Person) {
  return { musicGenres: person.music ?? [], favoriteGames: person.games ?? [], favoriteShows: person.shows ?? [] };
}

function observed(cards: readonly Card[], expected: DiscoverCase['expected']) {
  const asCards = cards.map(({ username, similarityScore, shared }) => ({ username, similarityScore, shared }));
  return expected.every((e) => typeof e === 'string') ? asCards.map((c) => c.username) : asCards;
}

/** The guest source over a device that keeps the case's people, with the scores handed in. */
async function guestPage(discoverCase: DiscoverCase): Promise<Card[]> {
  const profile: Profile = { ...emptyProfile(), username: discoverCase.viewer.username, hobbies: 'music', ...lists(discoverCase.viewer) };
  const users: User[] = discoverCase.people.map((person, index) => {
    const own = lists(person);
    return {
      id: `user-${index + 1}`,
      username: person.username,
      email: `${person.username.toLowerCase()}@example.com`,
      interests: [...own.musicGenres, ...own.favoriteGames, ...own.favoriteShows],
      personality: '',
      communities: [],
    };
  });
  const device = { profile: () => profile, people: () => users, friendIds: () => [], addFriend: () => true };
  const source = guestDiscoverSource(device, () => Promise.resolve({ scores: discoverCase.scores, breakdowns: {} }));
  const page = await source.loadPage({ community: 'All Communities', query: discoverCase.query, cursor: null });
  expect(page).toMatchObject({ complete: true, nextCursor: null });
  return page.cards;
}

describe('Discover cases, guest source', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, discoverCase) => {
    expect(observed(await guestPage(discoverCase), discoverCase.expected)).toEqual(discoverCase.expected);
  });
});

describe.each(DATABASE_KINDS)('Discover cases, member source on %s', (kind) => {
  const gemini = runFakeGeminiAroundTests(KEY);
  const setup = withMemberApp(kind, { env: () => ({ SAMPLE_PEOPLE: 'off', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.url() }) });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, discoverCase) => {
    const looking = await addMember(setup.database, setup.app, discoverCase.viewer.username, { hobbies: 'music', ...lists(discoverCase.viewer) });
    for (const person of discoverCase.people) await addMember(setup.database, setup.app, person.username, lists(person));
    gemini.fake.enqueue({ text: JSON.stringify(Object.entries(discoverCase.scores).map(([username, score]) => ({ username, score }))) });

    const response = await looking.browser.request('GET', `/api/discover?q=${encodeURIComponent(discoverCase.query)}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { cards: Card[] };
    expect(observed(page.cards, discoverCase.expected)).toEqual(discoverCase.expected);
    expect(gemini.fake.requests).toHaveLength(1);
  });
});
