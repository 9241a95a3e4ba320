import { describe, expect, it } from 'vitest';
import { matchLevel } from '../../src/domain/discover';
import { compareRanked, matchesSearch, sharedWith, type RankedPerson } from '../../src/domain/discoverRules';

// The rules both a guest's list and a member's rank by (docs/product.md, "Discover"; docs/api.md): highest
// similarity first, equal scores members before sample people, then by name in any case, then by id so a
// page never reshuffles; the badge's colour bands (75% and up strong, from 50% fair, below weak).

const person = (id: string, username: string, score: number, member = false): RankedPerson => ({ id, member, username, score });
const order = (people: RankedPerson[]) => [...people].sort(compareRanked).map((p) => p.id);

describe('compareRanked', () => {
  it('puts the higher score first, whatever the name or kind', () => {
    expect(order([person('a', 'Aaron', 40, true), person('z', 'Zed', 90)])).toEqual(['z', 'a']);
  });

  it('at equal scores puts members before sample people, either way round', () => {
    expect(order([person('s', 'Abe', 60), person('m', 'Zoe', 60, true)])).toEqual(['m', 's']);
    expect(order([person('m', 'Zoe', 60, true), person('s', 'Abe', 60)])).toEqual(['m', 's']);
  });

  it('then by name in any case', () => {
    expect(order([person('1', 'bravo', 60), person('2', 'Alpha', 60), person('3', 'charlie', 60)])).toEqual(['2', '1', '3']);
  });

  it('then by id, so two people of the same name and score keep one order in every page', () => {
    expect(order([person('user-9', 'Sam', 60), person('user-10', 'sam', 60), person('user-1', 'SAM', 60)])).toEqual(['user-1', 'user-10', 'user-9']);
    expect(compareRanked(person('x', 'Sam', 60), person('x', 'Sam', 60))).toBe(0);
  });

  it('orders names the same through a collator made for the sort as through localeCompare, accents included', () => {
    const people = ['zoë', 'Emma', 'bob', 'anna', 'Zack', 'émile', 'Bob', 'Ånge'].map((name, i) => person(`p${i}`, name, 60));
    const byCollator = new Intl.Collator().compare;
    const names = (sorted: RankedPerson[]) => sorted.map((p) => `${p.username}:${p.id}`);
    const expected = ['Ånge:p7', 'anna:p3', 'bob:p2', 'Bob:p6', 'émile:p5', 'Emma:p1', 'Zack:p4', 'zoë:p0'];
    expect(names([...people].sort((a, b) => compareRanked(a, b, byCollator)))).toEqual(expected);
    expect(names([...people].sort(compareRanked))).toEqual(expected);
  });
});

describe('matchesSearch', () => {
  it('a blank search finds everyone; otherwise the name or the bio must contain it, in any case', () => {
    const rock = { username: 'RiffLord', bio: 'Loves metal and vinyl' };
    expect(matchesSearch(rock, '   ')).toBe(true);
    expect(matchesSearch(rock, ' VINYL ')).toBe(true);
    expect(matchesSearch(rock, 'riff')).toBe(true);
    expect(matchesSearch(rock, 'jazz')).toBe(false);
  });
});

describe('sharedWith', () => {
  it('skips a blank item of the viewer even when the other person has a blank key too', () => {
    const viewer = { musicGenres: ['  ', 'Metal'], favoriteGames: [], favoriteShows: [] };
    expect(sharedWith(viewer, new Set(['', 'metal'])).shared).toEqual(['Metal']);
  });
});

describe('matchLevel', () => {
  it.each([
    [100, 'match-high'],
    [75, 'match-high'],
    [74, 'match-mid'],
    [50, 'match-mid'],
    [49, 'match-low'],
    [0, 'match-low'],
  ])('%i%% is %s', (score, level) => {
    expect(matchLevel(score)).toBe(level);
  });
});
