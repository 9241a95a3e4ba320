import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN, browser } from '../members/support/browser';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, putSettings, saveTaste, type Taste, type TestMember } from './support/members';

// GET /api/discover for members: who is listed (never yourself, blocked people either way, friends-only
// strangers), the card fields, the community filter, search, pages of 50, one score per pair whoever
// asks, rankings renewed when a profile changes, and sample people per SAMPLE_PEOPLE.

interface Card {
  id: string;
  kind: string;
  username: string;
  similarityScore: number;
  shared: string[];
  sharedByCategory: { music: string[]; games: string[]; shows: string[] };
  relation: string;
  breakdown?: Record<'music' | 'games' | 'shows' | 'hobbies', { points: number; items: string[] }>;
  [key: string]: unknown;
}
interface Page {
  cards: Card[];
  nextCursor: string | null;
}

async function discover(member: TestMember, query = ''): Promise<Page> {
  const response = await member.browser.request('GET', `/api/discover${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

const names = (page: Page) => page.cards.map((c) => c.username);
const cardOf = (page: Page, username: string) => page.cards.find((c) => c.username === username);

describe.each(DATABASE_KINDS)('discover on %s', (kind) => {
  const setup = withMemberApp(kind, { env: () => ({ SAMPLE_PEOPLE: 'off' }) });
  const add = (username: string, taste?: Taste) => addMember(setup.database, setup.app, username, taste);
  /** New members who all list the same taste (each scores 100 for every other), in the order named. */
  async function addAllWith<Names extends string[]>(taste: Taste, ...usernames: Names): Promise<{ [Index in keyof Names]: TestMember }> {
    const added: TestMember[] = [];
    for (const username of usernames) added.push(await add(username, taste));
    return added as { [Index in keyof Names]: TestMember };
  }

  async function befriend(a: TestMember, b: TestMember) {
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    await setup.database.db.insertInto('friendships').values({ member_a: low, member_b: high }).execute();
  }

  it('answers 401 without a session', async () => {
    const stranger = browser(setup.app);
    const response = await stranger.request('GET', '/api/discover');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' } });
  });

  it('shows the other members with the card fields, never yourself', async () => {
    const alice = await add('Alice', { musicGenres: ['Rock', 'Jazz'], favoriteGames: ['Celeste'], favoriteShows: ['Severance'] });
    const bob = await add('bob', { musicGenres: [' rock '], favoriteGames: ['CELESTE', 'Hades'] });
    await putSettings(bob, { communities: ['UW', 'Seattle'] });

    const page = await discover(alice);
    expect(names(page)).toEqual(['bob']);
    const card = page.cards[0] as Card;
    expect(card).toEqual({
      id: bob.id,
      kind: 'member',
      name: 'bob',
      username: 'bob',
      avatar: 'BO',
      profilePicture: '',
      bio: ' rock , CELESTE, Hades',
      mutualFriends: 0,
      communities: ['UW', 'Seattle'],
      similarityScore: card.similarityScore,
      shared: ['Rock', 'Celeste'],
      sharedByCategory: { music: ['Rock'], games: ['Celeste'], shows: [] },
      relation: 'none',
      breakdown: card.breakdown,
    });
    expect(card.similarityScore).toBeGreaterThan(0);
    // The explained match: what is shared by category, in Alice's spelling, and parts that add up to the score.
    expect(card.breakdown).toMatchObject({ music: { items: ['Rock'] }, games: { items: ['Celeste'] }, shows: { points: 0, items: [] } });
    const parts = card.breakdown!;
    expect(parts.music.points + parts.games.points + parts.shows.points + parts.hobbies.points).toBe(card.similarityScore);
    expect(page.nextCursor).toBeNull();
  });

  it('gives a pair the same score and the same shared items whichever of them asks', async () => {
    // Lopsided on purpose: one way Bob covers a third of Alice's list, the other way all of his.
    const alice = await add('Alice', {
      hobbies: 'jazz piano and climbing',
      musicGenres: ['Jazz', 'Rock', 'Metal', 'Pop'],
      favoriteGames: ['Celeste', 'Hades'],
      favoriteShows: ['Severance', 'The Bear'],
    });
    const bob = await add('Bob', { hobbies: 'metal', musicGenres: ['jazz'], favoriteGames: ['Hades'] });

    const seenByAlice = cardOf(await discover(alice), 'Bob') as Card;
    const seenByBob = cardOf(await discover(bob), 'Alice') as Card;
    expect(seenByBob.similarityScore).toBe(seenByAlice.similarityScore);
    expect(seenByAlice.shared).toEqual(['Jazz', 'Hades']);
    expect(seenByBob.shared).toEqual(['jazz', 'Hades']);

    // Asked in the other order, from cold caches, the pair still has that one score.
    await setup.database.db.deleteFrom('discover_pair_scores').execute();
    await setup.database.db.deleteFrom('discover_rankings').execute();
    expect((cardOf(await discover(bob), 'Alice') as Card).similarityScore).toBe(seenByAlice.similarityScore);
    expect((cardOf(await discover(alice), 'Bob') as Card).similarityScore).toBe(seenByAlice.similarityScore);
  });

  it('scores identical tastes 100 and ranks closer tastes first', async () => {
    const taste = { musicGenres: ['Jazz', 'Rock'], favoriteGames: ['Celeste'] };
    const alice = await add('Alice', taste);
    await add('Twin', taste);
    await add('Partial', { musicGenres: ['Jazz'], favoriteShows: ['Friends', 'Dune', 'Arcane'] });
    const page = await discover(alice);
    expect(names(page)).toEqual(['Twin', 'Partial']);
    expect(page.cards[0]?.similarityScore).toBe(100);
  });

  it('hides people blocked either way, friends-only strangers, and shows a friend who is friends-only', async () => {
    const [alice, blockedByAlice, blocksAlice, privateStranger, privateFriend] = await addAllWith({ musicGenres: ['Jazz'] }, 'Alice', 'Blocked', 'Blocker', 'Hidden', 'Friend', 'Open');
    await putSettings(privateStranger, { profileVisibility: 'private' });
    await putSettings(privateFriend, { profileVisibility: 'private' });
    await befriend(alice, privateFriend);
    expect(names(await discover(alice))).toEqual(['Blocked', 'Blocker', 'Friend', 'Open']);

    await setup.database.db.insertInto('blocks').values([
      { blocker_id: alice.id, blocked_id: blockedByAlice.id },
      { blocker_id: blocksAlice.id, blocked_id: alice.id },
    ]).execute();
    expect(names(await discover(alice))).toEqual(['Friend', 'Open']);
    expect(names(await discover(blocksAlice))).toEqual(['Blocked', 'Open']);
    expect(names(await discover(privateStranger))).toEqual(['Alice', 'Blocked', 'Blocker', 'Open']);
  });

  it('tells each card where the pair stands', async () => {
    const [alice, asked, asker, friend] = await addAllWith({ favoriteGames: ['Hades'] }, 'Alice', 'Asked', 'Asker', 'Pal');
    await setup.database.db.insertInto('friend_requests').values([
      { id: crypto.randomUUID(), from_id: alice.id, to_id: asked.id },
      { id: crypto.randomUUID(), from_id: asker.id, to_id: alice.id },
    ]).execute();
    await befriend(alice, friend);
    const page = await discover(alice);
    expect(page.cards.map((c) => [c.username, c.relation])).toEqual([
      ['Asked', 'outgoing'],
      ['Asker', 'incoming'],
      ['Pal', 'friends'],
    ]);
  });

  it('filters by the communities members chose', async () => {
    const [alice, uw, both] = await addAllWith({ musicGenres: ['Jazz'] }, 'Alice', 'Husky', 'Both', 'Nowhere');
    await putSettings(uw, { communities: ['UW'] });
    await putSettings(both, { communities: ['Microsoft', 'UW'] });
    expect(names(await discover(alice, '?community=UW'))).toEqual(['Both', 'Husky']);
    expect(names(await discover(alice, '?community=Microsoft'))).toEqual(['Both']);
    expect(names(await discover(alice, '?community=Seattle'))).toEqual([]);
    expect(names(await discover(alice))).toEqual(['Both', 'Husky', 'Nowhere']);
  });

  it('weighs a shared game by the hours Steam reported, and explains each card', async () => {
    const games = ['Hades', 'Terraria', 'Minecraft'];
    const alice = await add('Alice', { favoriteGames: games });
    await add('Miner', { favoriteGames: ['Terraria', 'Celeste'] });
    await add('Rogue', { favoriteGames: ['Hades', 'Celeste'] });
    const even = await discover(alice);
    expect(even.cards.map((c) => [c.username, c.similarityScore])).toEqual([
      ['Miner', 42],
      ['Rogue', 42],
    ]);
    await saveTaste(alice, { favoriteGames: games, connectedTaste: { steamGames: [{ name: 'Terraria', hours: 100 }] } });
    const weighed = await discover(alice);
    expect(weighed.cards.map((c) => [c.username, c.similarityScore])).toEqual([
      ['Miner', 62],
      ['Rogue', 42],
    ]);
    for (const card of weighed.cards) {
      const parts = card.breakdown!;
      expect(parts.music.points + parts.games.points + parts.shows.points + parts.hobbies.points).toBe(card.similarityScore);
    }
    expect(weighed.cards[0]!.breakdown!.games).toEqual({ points: 60, items: ['Terraria'] });
  });

  it('searches usernames and listed items case-insensitively, sharing or not', async () => {
    const alice = await add('Alice', { musicGenres: ['Jazz'] });
    await add('JazzCat', { musicGenres: ['Jazz'] });
    await add('Gamer', { favoriteGames: ['Portal 2'] });
    await add('Fan', { favoriteShows: ['The Bear'] });
    expect(names(await discover(alice, '?q=JAZZ'))).toEqual(['JazzCat']);
    expect(names(await discover(alice, '?q=portal'))).toEqual(['Gamer']);
    expect(names(await discover(alice, '?q=%20bear%20'))).toEqual(['Fan']);
    expect(names(await discover(alice, '?q=a'))).toEqual(['JazzCat', 'Fan', 'Gamer']);
    expect(names(await discover(alice, '?q=nobody'))).toEqual([]);
  });

  it('pages 60 members as 50 and then 10, with an opaque cursor', async () => {
    const alice = await add('Alice', { musicGenres: ['Jazz'] });
    for (let i = 0; i < 60; i++) await add(`m${String(i).padStart(2, '0')}`, { musicGenres: ['Jazz'] });
    // Enough members share an item with Alice: one who shares nothing is pruned, not scored.
    await add('Loner', { musicGenres: ['Polka'] });
    const first = await discover(alice);
    expect(first.cards).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await discover(alice, `?cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.cards).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...names(first), ...names(second)]).size).toBe(60);
    expect([...names(first), ...names(second)]).not.toContain('Loner');

    const bad = await alice.browser.request('GET', '/api/discover?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } });
  });

  it("picks up a candidate's profile change at once instead of serving the cached ranking", async () => {
    const taste = { musicGenres: ['Jazz', 'Rock'], favoriteGames: ['Celeste'] };
    const alice = await add('Alice', taste);
    const bob = await add('Bob', { musicGenres: ['Jazz'], favoriteShows: ['Dune'] });
    const before = cardOf(await discover(alice), 'Bob') as Card;
    expect(before.similarityScore).toBeLessThan(100);
    await saveTaste(bob, taste);
    const after = cardOf(await discover(alice), 'Bob') as Card;
    expect(after.similarityScore).toBe(100);
    expect(after.shared).toEqual(['Jazz', 'Rock', 'Celeste']);
  });

  it('picks up a new member who shares an item, and the viewer going private is no reason to drop anyone', async () => {
    const alice = await add('Alice', { musicGenres: ['Jazz'] });
    await add('Bob', { musicGenres: ['Jazz'] });
    expect(names(await discover(alice))).toEqual(['Bob']);
    await add('Carol', { musicGenres: ['jazz'] });
    expect(names(await discover(alice))).toEqual(['Bob', 'Carol']);
    await putSettings(alice, { profileVisibility: 'private' });
    expect(names(await discover(alice))).toEqual(['Bob', 'Carol']);
  });

  it('shows a friends-only member again once they become friends with the viewer', async () => {
    const alice = await add('Alice', { musicGenres: ['Jazz'] });
    const bob = await add('Bob', { musicGenres: ['Jazz'] });
    await putSettings(bob, { profileVisibility: 'private' });
    expect(names(await discover(alice))).toEqual([]);
    await befriend(alice, bob);
    expect(names(await discover(alice))).toEqual(['Bob']);
  });
});

describe.each(DATABASE_KINDS)('sample people in discover on %s', (kind) => {
  const setup = withMemberApp(kind);


  const appWith = (samplePeople?: string) =>
    createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, ...(samplePeople ? { SAMPLE_PEOPLE: samplePeople } : {}) }), { members: { db: setup.database.db } });

  it('with SAMPLE_PEOPLE=on lists sample people with the Sample kind and no relation', async () => {
    const app = appWith('on');
    const alice = await addMember(setup.database, app, 'Alice', { musicGenres: ['Metal'], favoriteGames: ['Elden Ring'] });
    const page = await discover(alice, '?q=rifflord');
    expect(page.cards).toEqual([
      {
        id: 'user-1',
        kind: 'sample',
        name: 'RiffLord',
        username: 'RiffLord',
        avatar: 'RI',
        profilePicture: '',
        bio: 'Metal, Elden Ring, Attack on Titan, Punk',
        mutualFriends: 0,
        communities: ['Seattle'],
        similarityScore: page.cards[0]?.similarityScore,
        shared: ['Metal', 'Elden Ring'],
        sharedByCategory: { music: ['Metal'], games: ['Elden Ring'], shows: [] },
        relation: 'none',
        breakdown: page.cards[0]?.breakdown,
      },
    ]);
    expect(page.cards[0]?.breakdown).toMatchObject({ music: { items: ['Metal', 'Punk (near Metal)'] }, games: { items: ['Elden Ring'] }, shows: { points: 0 } });
    expect(page.cards[0]?.similarityScore).toBeGreaterThan(0);
  });

  it('ranks sample people after members with the same score', async () => {
    const app = appWith('on');
    const alice = await addMember(setup.database, app, 'Alice', {});
    await addMember(setup.database, app, 'Zed', { musicGenres: ['Opera'] });
    // Nobody shares 10% with Alice: no matches; a search still finds people.
    expect((await discover(alice)).cards).toEqual([]);
    const page = await discover(alice, '?q=e');
    expect(page.cards.map((c) => c.similarityScore).every((s) => s === 0)).toBe(true);
    expect(page.cards[0]).toMatchObject({ username: 'Zed', kind: 'member' });
    expect(page.cards.slice(1).every((c) => c.kind === 'sample')).toBe(true);
    expect(page.cards.length).toBeGreaterThan(1);
  });

  it('with SAMPLE_PEOPLE=off lists none', async () => {
    const app = appWith('off');
    const alice = await addMember(setup.database, app, 'Alice', { musicGenres: ['Metal'] });
    expect((await discover(alice)).cards).toEqual([]);
  });

  it('by default (auto) lists them only while the community has fewer than 10 members', async () => {
    const app = appWith();
    const alice = await addMember(setup.database, app, 'Alice', { musicGenres: ['Metal'] });
    for (let i = 0; i < 8; i++) await addMember(setup.database, app, `m${i}`, { favoriteShows: ['Dune'] });
    expect((await discover(alice, '?q=rifflord')).cards.map((c) => c.id)).toEqual(['user-1']);
    await addMember(setup.database, app, 'Tenth', { favoriteShows: ['Dune'] });
    expect((await discover(alice, '?q=rifflord')).cards).toEqual([]);

    // A member who chose a community counts only its members: UW has two.
    await putSettings(alice, { communities: ['UW'] });
    const other = await addMember(setup.database, app, 'Husky', { favoriteShows: ['Dune'] });
    await putSettings(other, { communities: ['UW'] });
    expect((await discover(alice, '?q=pixelpoet')).cards.map((c) => c.id)).toEqual(['user-2']);
  });
});
