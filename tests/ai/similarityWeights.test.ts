import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreAll, type CandidateTaste, type UserTaste } from '../../server/ai/local/similarity';

// Connected data weighs shared items (docs/product.md, "Match score"), and every score splits into music,
// games, shows and hobbies parts that add up to it. Expected orders and figures are literals.

const names = (scores: Record<string, number>) => Object.keys(scores).sort((a, b) => scores[b]! - scores[a]! || a.localeCompare(b));

describe('hours played and listening rank weigh a shared item', () => {
  const gamer: UserTaste = { hobbies: '', musicGenres: [], favoriteGames: ['Elden Ring', 'Hades', 'Terraria'], favoriteShows: [] };
  const players: CandidateTaste[] = [
    { username: 'miner', personality: '', interests: ['Terraria', 'Jazz'] },
    { username: 'rogue', personality: '', interests: ['Hades', 'Jazz'] },
    { username: 'souls', personality: '', interests: ['Elden Ring', 'Jazz'] },
  ];

  it('ranks the fan of the most-played game first once Steam reports the hours', () => {
    const before = scoreAll(gamer, players).scores;
    expect(before).toEqual({ miner: 42, rogue: 42, souls: 45 });
    const after = scoreAll({ ...gamer, connectedTaste: { steamGames: [{ name: 'ELDEN RING', hours: 130.7 }, { name: 'Hades', hours: 2 }] } }, players).scores;
    expect(after).toEqual({ miner: 42, rogue: 43, souls: 63 });
    expect(names(after)).toEqual(['souls', 'rogue', 'miner']);
  });

  it('weighs 100 hours and more alike (the weight stops at 2)', () => {
    const at = (hours: number) => scoreAll({ ...gamer, connectedTaste: { steamGames: [{ name: 'Elden Ring', hours }] } }, players).scores.souls;
    expect([at(0), at(50), at(100), at(5000)]).toEqual([45, 54, 63, 63]);
  });

  it('ranks the fan of the top genre first by the Spotify genre order', () => {
    const listener: UserTaste = { hobbies: '', musicGenres: ['Jazz', 'Indie', 'Metal'], favoriteGames: [], favoriteShows: [] };
    const fans: CandidateTaste[] = [
      { username: 'jazz', personality: '', interests: ['Jazz', 'Pop'] },
      { username: 'indie', personality: '', interests: ['Indie', 'Pop'] },
      { username: 'metal', personality: '', interests: ['Metal', 'Pop'] },
    ];
    expect(scoreAll(listener, fans).scores).toEqual({ jazz: 42, indie: 42, metal: 42 });
    const ranked = scoreAll({ ...listener, connectedTaste: { spotifyGenres: ['Indie', 'Rock', 'Folk', 'Hip Hop', 'Jazz'] } }, fans).scores;
    expect(names(ranked)).toEqual(['indie', 'jazz', 'metal']);
    expect(ranked).toEqual({ jazz: 46, indie: 62, metal: 42 });
  });

  it('lets connected data weigh only the items the person lists', () => {
    const noElden: UserTaste = { hobbies: '', musicGenres: [], favoriteGames: ['Hades'], favoriteShows: [] };
    const taste = { steamGames: [{ name: 'Elden Ring', hours: 300 }] };
    expect(scoreAll({ ...noElden, connectedTaste: taste }, players).scores).toEqual(scoreAll(noElden, players).scores);
  });

  it('weighs a member candidate by their own hours too', () => {
    const member = { username: 'souls', personality: '', interests: ['Elden Ring', 'Jazz'], connectedTaste: { steamGames: [{ name: 'Elden Ring', hours: 100 }] } };
    expect(scoreAll(gamer, [member]).scores.souls).toBe(63);
  });
});

describe('an explained score', () => {
  const fan: UserTaste = {
    hobbies: 'hiking and fantasy novels',
    musicGenres: ['Classical', 'Jazz'],
    favoriteGames: ['Elden Ring'],
    favoriteShows: ['The Witcher'],
    connectedTaste: { steamGames: [{ name: 'ELDEN RING', hours: 130.7 }] },
  };
  const dragonRider: CandidateTaste = {
    username: 'DragonRider',
    personality: 'Lore-obsessed fantasy fan who keeps a spreadsheet of family trees. Dramatic, but in a fun way.',
    interests: ['Game of Thrones', 'House of the Dragon', 'The Witcher', 'Elden Ring', 'Classical'],
  };

  it('lists what is shared by category, with parts that add up to the score', () => {
    const result = scoreAll(fan, [dragonRider], { explain: true });
    expect(result.scores.DragonRider).toBe(87);
    expect(result.breakdowns.DragonRider).toEqual({
      music: { points: 28, items: ['Classical'] },
      games: { points: 34, items: ['Elden Ring'] },
      shows: { points: 22, items: ['The Witcher'] },
      hobbies: { points: 3, items: ['fantasy'] },
    });
  });

  it('books a related genre to music', () => {
    const result = scoreAll({ hobbies: '', musicGenres: ['Metal'], favoriteGames: [], favoriteShows: [] }, [{ username: 'punk', personality: '', interests: ['Punk'] }], { explain: true });
    expect(result.breakdowns.punk).toEqual({
      music: { points: 50, items: ['Punk (near Metal)'] },
      games: { points: 0, items: [] },
      shows: { points: 0, items: [] },
      hobbies: { points: 0, items: [] },
    });
    expect(result.scores.punk).toBe(50);
  });

  it('always splits a score into parts that add up to it', () => {
    const pool = ['Metal', 'Punk', 'Rock', 'Jazz', 'Elden Ring', 'Hades', 'Terraria', 'The Witcher', 'Naruto', 'Arcane'];
    fc.assert(
      fc.property(
        fc.subarray(pool),
        fc.subarray(pool),
        fc.subarray(pool),
        fc.constantFrom('', 'hiking and fantasy novels', 'metal riffs and boss fights'),
        fc.array(fc.constantFrom(...pool), { maxLength: 6 }),
        fc.constantFrom('', 'Loud fantasy fan who loves boss fights'),
        fc.nat(400),
        (music, games, shows, hobbies, interests, personality, hours) => {
          const user = { hobbies, musicGenres: music, favoriteGames: games, favoriteShows: shows, connectedTaste: { steamGames: [{ name: 'Hades', hours }], spotifyGenres: ['Metal', 'Jazz'] } };
          const result = scoreAll(user, [{ username: 'x', personality, interests }], { explain: true });
          const parts = result.breakdowns.x;
          const score = result.scores.x!;
          if (score === 0 && parts === undefined) return;
          expect(parts).toBeDefined();
          expect(parts!.music.points + parts!.games.points + parts!.shows.points + parts!.hobbies.points).toBe(score);
        },
      ),
    );
  });
});
