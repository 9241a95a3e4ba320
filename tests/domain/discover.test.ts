import { describe, expect, it } from 'vitest';
import { avatarInitials, discoverCards, sharedLine } from '../../src/domain/discover';
import { matchesSearch, sharedWith } from '../../src/domain/discoverRules';
import { profileSchema } from '../../src/domain/profile';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import type { User } from '../../src/domain/user';

const profile: Profile = { ...emptyProfile(), username: 'me', hobbies: 'hiking', musicGenres: ['metal', 'Jazz'], favoriteGames: ['Elden Ring'], favoriteShows: [] };

const user = (id: string, username: string, interests: string[], communities: string[] = ['Seattle']): User => ({
  id,
  username,
  email: `${username}@example.com`,
  interests,
  personality: 'Friendly.',
  communities,
});

const users = [
  user('user-1', 'RiffLord', ['Metal', 'Elden Ring'], ['Seattle']),
  user('user-2', 'PixelPoet', ['Indie', 'Folk'], ['UW']),
  user('user-3', 'JazzCat', ['Jazz', 'Blues'], ['UW', 'Microsoft']),
  user('user-current', 'Myself', ['Metal']),
];
const scores = { RiffLord: 91, PixelPoet: 12, JazzCat: 55 };

describe('discover cards', () => {
  it('builds docs/product.md cards in the one card shape: a sample person, initials, bio = interests line, mutualFriends 0, score, shared items', () => {
    const [first] = discoverCards({ users, profile, scores, query: '', community: 'All Communities' });
    expect(first).toEqual({
      id: 'user-1',
      kind: 'sample',
      name: 'RiffLord',
      username: 'RiffLord',
      avatar: 'RI',
      profilePicture: '',
      bio: 'Metal, Elden Ring',
      mutualFriends: 0,
      communities: ['Seattle'],
      similarityScore: 91,
      // the viewer's items, in the viewer's spelling ('metal'), that RiffLord lists too
      shared: ['metal', 'Elden Ring'],
      sharedByCategory: { music: ['metal'], games: ['Elden Ring'], shows: [] },
      relation: 'none',
    });
  });

  it('sorts by similarity descending and never lists the current user', () => {
    const cards = discoverCards({ users, profile, scores, query: '', community: 'All Communities' });
    expect(cards.map((c) => c.username)).toEqual(['RiffLord', 'JazzCat', 'PixelPoet']);
  });

  it('gives a missing score the default 50', () => {
    const cards = discoverCards({ users, profile, scores: { RiffLord: 60 }, query: '', community: 'All Communities' });
    expect(cards.map((c) => c.similarityScore)).toEqual([60, 50, 50]);
  });

  it('searches case-insensitively in username or bio, ignoring surrounding blanks', () => {
    const names = (query: string) => discoverCards({ users, profile, scores, query, community: 'All Communities' }).map((c) => c.username);
    expect(names('jazz')).toEqual(['JazzCat']);
    expect(names('  POET ')).toEqual(['PixelPoet']);
    expect(names('elden')).toEqual(['RiffLord']);
    expect(names('   ')).toHaveLength(3);
    expect(names('nobody-has-this')).toEqual([]);
    expect(matchesSearch({ username: 'A', bio: 'Hip Hop, R&B' }, 'r&b')).toBe(true);
  });

  it('filters by community; All Communities keeps everyone', () => {
    const names = (community: 'UW' | 'Microsoft' | 'Seattle' | 'All Communities') =>
      discoverCards({ users, profile, scores, query: '', community }).map((c) => c.username);
    expect(names('UW')).toEqual(['JazzCat', 'PixelPoet']);
    expect(names('Microsoft')).toEqual(['JazzCat']);
    expect(names('Seattle')).toEqual(['RiffLord']);
    expect(names('All Communities')).toHaveLength(3);
  });

  it('combines search and community filter', () => {
    expect(discoverCards({ users, profile, scores, query: 'folk', community: 'Microsoft' })).toEqual([]);
    expect(discoverCards({ users, profile, scores, query: 'folk', community: 'UW' }).map((c) => c.id)).toEqual(['user-2']);
  });

  it('shows at most 50 cards, the best ones', () => {
    const many = Array.from({ length: 80 }, (_, i) => user(`user-${i + 1}`, `u${i + 1}`, ['Pop']));
    const manyScores = Object.fromEntries(many.map((u, i) => [u.username, i % 101]));
    const cards = discoverCards({ users: many, profile, scores: manyScores, query: '', community: 'All Communities' });
    expect(cards).toHaveLength(50);
    const all = Object.values(manyScores).sort((a, b) => b - a);
    expect(cards.map((c) => c.similarityScore)).toEqual(all.slice(0, 50));
  });

  it('orders equal scores by name in any case, so the list never reshuffles', () => {
    const cards = discoverCards({ users, profile, scores: {}, query: '', community: 'All Communities' });
    expect(cards.map((c) => c.username)).toEqual(['JazzCat', 'PixelPoet', 'RiffLord']);
    const cased = [user('u-1', 'bravo', ['Pop']), user('u-2', 'Alpha', ['Pop']), user('u-3', 'charlie', ['Pop'])];
    expect(discoverCards({ users: cased, profile, scores: {}, query: '', community: 'All Communities' }).map((c) => c.username)).toEqual(['Alpha', 'bravo', 'charlie']);
  });
});

describe('shared items and avatar', () => {
  it("names each shared item once, in the viewer's spelling, under the viewer's first category for it", () => {
    const viewer = profileSchema.parse({ musicGenres: [' Rock ', 'rock', '  ', 'Jazz'], favoriteGames: ['Hades', 'ROCK'], favoriteShows: ['Dune', 'Severance'] });
    expect(sharedWith(viewer, new Set(['rock', 'hades', 'severance', 'opera']))).toEqual({
      shared: ['Rock', 'Hades', 'Severance'],
      sharedByCategory: { music: ['Rock'], games: ['Hades'], shows: ['Severance'] },
    });
    expect(sharedWith(viewer, new Set())).toEqual({ shared: [], sharedByCategory: { music: [], games: [], shows: [] } });
    expect(sharedWith(emptyProfile(), new Set(['metal'])).shared).toEqual([]);
  });

  it('names up to three items in a short line', () => {
    expect(sharedLine([])).toBe('');
    expect(sharedLine(['Metal'])).toBe('You both like Metal');
    expect(sharedLine(['Metal', 'Jazz'])).toBe('You both like Metal and Jazz');
    expect(sharedLine(['Metal', 'Jazz', 'Elden Ring'])).toBe('You both like Metal, Jazz and Elden Ring');
    expect(sharedLine(['A', 'B', 'C', 'D', 'E'])).toBe('You both like A, B, C and 2 more');
  });

  it('takes the first two letters of the username, uppercased', () => {
    expect(avatarInitials('rifflord')).toBe('RI');
    expect(avatarInitials('x')).toBe('X');
  });
});
