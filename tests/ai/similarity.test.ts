import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreAll, type CandidateTaste, type UserTaste } from '../../server/ai/local/similarity';

// Properties of the local similarity engine (docs/product.md: whole numbers 0-100).

const GENRES = ['Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz', 'Classical',
  'Country', 'Metal', 'Punk', 'Folk', 'Blues', 'Soul', 'Funk', 'Reggae', 'Latin', 'K-Pop'];
const GAMES = ['Counter-Strike', 'Dota 2', 'League of Legends', 'Valorant', 'Fortnite', 'Minecraft', 'Elden Ring',
  'Stardew Valley', 'Terraria', 'Cyberpunk 2077', 'Rocket League', 'Among Us'];
const SHOWS = ['Breaking Bad', 'Game of Thrones', 'Stranger Things', 'The Office', 'Attack on Titan', 'Naruto',
  'Death Note', 'The Witcher', 'Wednesday', 'Rick and Morty'];
const POOL = [...GENRES, ...GAMES, ...SHOWS];

const score = (user: UserTaste, candidate: CandidateTaste) => scoreAll(user, [candidate]).scores[candidate.username] as number;

const items = (source: readonly string[], max: number) => fc.uniqueArray(fc.constantFrom(...source), { maxLength: max });
const anyText = fc.string({ maxLength: 40 });

const userArb = fc.record({
  hobbies: anyText,
  musicGenres: items(GENRES, 5),
  favoriteGames: items(GAMES, 5),
  favoriteShows: items(SHOWS, 5),
});
const candidateArb = fc.record({
  username: fc.string({ minLength: 1, maxLength: 12 }),
  personality: anyText,
  interests: fc.array(fc.oneof(fc.constantFrom(...POOL), fc.string({ maxLength: 20 })), { maxLength: 6 }),
});

/** Restyles an item the way people type it: other case, extra or missing spaces. */
function restyle(item: string, style: number): string {
  if (style === 1) return item.toUpperCase();
  if (style === 2) return ` ${item.toLowerCase()} `;
  if (style === 3) return item.replace(/ /g, '');
  return item;
}

describe('local similarity engine', () => {
  it('gives whole numbers from 0 to 100 for any input', () => {
    fc.assert(
      fc.property(userArb, fc.array(candidateArb, { maxLength: 8 }), (user, candidates) => {
        const { scores, shared } = scoreAll(user, candidates);
        for (const c of candidates) {
          const s = scores[c.username];
          expect(Number.isInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(100);
          expect(Array.isArray(shared[c.username])).toBe(true);
        }
      }),
    );
  });

  it('scores identical interests at least 90, whatever the case and spacing', () => {
    fc.assert(
      fc.property(userArb, anyText, fc.nat(3), (user, personality, style) => {
        const all = [...user.musicGenres, ...user.favoriteGames, ...user.favoriteShows];
        fc.pre(all.length > 0);
        const candidate = { username: 'twin', personality, interests: all.map((i) => restyle(i, style)) };
        expect(score(user, candidate)).toBeGreaterThanOrEqual(90);
      }),
    );
  });

  it('scores nothing in common at most 20', () => {
    // Split the pool so user and candidate share no item, no related genre and no word.
    const mine = ['Metal', 'Punk', 'Elden Ring', 'Minecraft', 'Naruto', 'The Office'];
    const theirs = ['Classical', 'K-Pop', 'Valorant', 'Among Us', 'Wednesday', 'Death Note'];
    fc.assert(
      fc.property(
        fc.subarray(mine, { minLength: 1 }),
        fc.subarray(theirs, { minLength: 1 }),
        fc.constantFrom('', 'hiking and baking', 'chess'),
        fc.constantFrom('', 'quiet violinist', 'dancer who sings'),
        (a, b, hobbies, personality) => {
          const user = { hobbies, musicGenres: a.slice(0, 2), favoriteGames: a.slice(2, 4), favoriteShows: a.slice(4) };
          expect(score(user, { username: 'x', personality, interests: b })).toBeLessThanOrEqual(20);
        },
      ),
    );
  });

  it('never lowers a score when a shared item is added to both sides', () => {
    fc.assert(
      fc.property(userArb, candidateArb, fc.constantFrom(...POOL), fc.nat(2), (user, candidate, item, list) => {
        const before = score(user, candidate);
        const lists = ['musicGenres', 'favoriteGames', 'favoriteShows'] as const;
        const key = lists[list] as (typeof lists)[number];
        const richerUser = { ...user, [key]: [...user[key], item] };
        const richerCandidate = { ...candidate, interests: [...candidate.interests, item] };
        expect(score(richerUser, richerCandidate)).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('scores a related genre above an unrelated one', () => {
    const pairs: [string, string, string][] = [
      ['Metal', 'Rock', 'Jazz'],
      ['Metal', 'Punk', 'Country'],
      ['Hip Hop', 'R&B', 'Classical'],
      ['Soul', 'Funk', 'Metal'],
      ['Electronic', 'Dance', 'Folk'],
      ['Indie', 'Alternative', 'Reggae'],
      ['Folk', 'Country', 'Electronic'],
      ['Jazz', 'Blues', 'K-Pop'],
    ];
    const rest = [...GAMES, ...SHOWS];
    fc.assert(
      fc.property(
        fc.constantFrom(...pairs),
        fc.uniqueArray(fc.constantFrom(...rest), { maxLength: 4 }),
        fc.uniqueArray(fc.constantFrom(...rest), { maxLength: 3 }),
        ([genre, near, far], userExtras, candidateExtras) => {
          const user = { hobbies: '', musicGenres: [genre], favoriteGames: userExtras, favoriteShows: [] };
          const related = score(user, { username: 'near', personality: '', interests: [near, ...candidateExtras] });
          const unrelated = score(user, { username: 'far', personality: '', interests: [far, ...candidateExtras] });
          expect(related).toBeGreaterThan(unrelated);
        },
      ),
    );
  });

  it('gives the same output for the same input', () => {
    fc.assert(
      fc.property(userArb, fc.array(candidateArb, { maxLength: 6 }), (user, candidates) => {
        expect(scoreAll(user, candidates)).toEqual(scoreAll(structuredClone(user), structuredClone(candidates)));
      }),
    );
  });

  it('ranks candidates sharing Metal, Elden Ring and Attack on Titan above those sharing none', () => {
    const user = { hobbies: 'gaming late at night', musicGenres: ['Metal'], favoriteGames: ['Elden Ring'], favoriteShows: ['Attack on Titan'] };
    const sharing: CandidateTaste[] = [
      { username: 'all3', personality: 'Intense and loyal.', interests: ['Metal', 'Elden Ring', 'Attack on Titan', 'Pop'] },
      { username: 'two', personality: 'Quiet.', interests: ['elden ring', 'attack on titan', 'Jazz'] },
      { username: 'one', personality: 'Chatty.', interests: ['METAL', 'Stardew Valley', 'Friends', 'Pop'] },
    ];
    const none: CandidateTaste[] = [
      { username: 'pop', personality: 'Loves karaoke.', interests: ['Pop', 'K-Pop', 'Friends'] },
      { username: 'cozy', personality: 'Calm baker.', interests: ['Stardew Valley', 'Country', 'The Office'] },
    ];
    const { scores, shared } = scoreAll(user, [...none, ...sharing]);
    const lowestSharing = Math.min(...sharing.map((c) => scores[c.username] as number));
    const highestNone = Math.max(...none.map((c) => scores[c.username] as number));
    expect(lowestSharing).toBeGreaterThan(highestNone);
    expect(scores.all3).toBeGreaterThan(scores.two as number);
    expect(scores.two).toBeGreaterThan(scores.one as number);
    expect(shared.all3).toEqual(['Metal', 'Elden Ring', 'Attack on Titan']);
    expect(shared.pop).toEqual([]);
  });

  it('explains related-genre credit in the shared items', () => {
    const user = { hobbies: '', musicGenres: ['Metal'], favoriteGames: [], favoriteShows: [] };
    const { shared } = scoreAll(user, [{ username: 'r', personality: '', interests: ['Rock'] }]);
    expect(shared.r).toEqual(['Rock (near Metal)']);
  });

  it('keeps unusual usernames as ordinary keys', () => {
    const user = { hobbies: '', musicGenres: ['Pop'], favoriteGames: [], favoriteShows: [] };
    const { scores } = scoreAll(user, [
      { username: '__proto__', personality: '', interests: ['Pop'] },
      { username: 'constructor', personality: '', interests: [] },
    ]);
    expect(Object.keys(scores)).toEqual(['__proto__', 'constructor']);
    expect(JSON.parse(JSON.stringify(scores))).toEqual({ ['__proto__']: 100, constructor: 0 });
  });
});
