import { describe, expect, it } from 'vitest';
import { explainScores, scoreAll, sharedItems, type CandidateTaste, type UserTaste } from '../../server/ai/local/similarity';

// Exact scores of the local similarity engine, worked out by hand from the rule in its header:
// each shared item earns 1 on each side, a related genre 0.5 on each side; the list score is that
// credit over both sides' item counts (at most 1); each of the user's word stems that starts a word of
// the candidate's interests or personality adds 4% of what is left, at most 20%.

const user = (taste: Partial<UserTaste>): UserTaste => ({ hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [], ...taste });
const candidate = (interests: string[], personality = '', username = 'them'): CandidateTaste => ({ username, personality, interests });
const scoreOf = (u: UserTaste, c: CandidateTaste) => scoreAll(u, [c]).scores[c.username];

describe('local similarity, exact scores', () => {
  it('shared, related and unrelated items: (1+1 + 0.5) / 6 plus one matching stem', () => {
    // Metal shared (1 + 1), Rock near Metal (0.5; Metal's own near credit is not added again), Opera nothing:
    // 2.5 / (3 + 3) = 0.4167; the stem "metal" starts a word of the interests: + 0.5833 * 0.04 -> 44.
    const result = scoreAll(user({ musicGenres: ['Metal', 'Jazz'], favoriteGames: ['Hades'] }), [candidate(['Metal', 'Rock', 'Opera'])]);
    expect(result.scores.them).toBe(44);
    expect(result.shared.them).toEqual(['Metal', 'Rock (near Metal)']);
  });

  it('a related genre earns half on both sides', () => {
    // 0.5 + 0.5 over 1 + 1.
    const result = scoreAll(user({ musicGenres: ['Rock'] }), [candidate(['Metal'])]);
    expect(result.scores.them).toBe(50);
    expect(result.shared.them).toEqual(['Metal (near Rock)']);
  });

  it('a candidate item near two of the user genres credits both user genres once', () => {
    // Punk is near Metal and Rock: 0.5 (theirs) + 0.5 + 0.5 (mine) over 2 + 1 = 0.5.
    expect(scoreOf(user({ musicGenres: ['Metal', 'Rock'] }), candidate(['Punk']))).toBe(50);
  });

  it('counts an item listed twice once, on either side', () => {
    expect(scoreOf(user({ musicGenres: ['Metal', ' metal '] }), candidate(['METAL', 'Metal']))).toBe(100);
    // 2 / (1 + 2) = 0.667, and the stem "metal" adds 4% of the rest.
    expect(scoreOf(user({ musicGenres: ['Metal'] }), candidate(['Metal', 'Polka']))).toBe(68);
  });

  it('scores nothing at all 0, and empty keys are no items', () => {
    expect(scoreOf(user({}), candidate([]))).toBe(0);
    expect(scoreOf(user({ musicGenres: ['...'] }), candidate(['!!', 'Polka']))).toBe(0);
    expect(scoreOf(user({ musicGenres: ['Metal', '...'] }), candidate(['Metal']))).toBe(100);
    expect(scoreOf(user({ musicGenres: ['Metal'] }), candidate(['Metal', '!!']))).toBe(100);
  });

  it('adds 4% per stem of the hobbies that starts a word of the personality, up to 20%', () => {
    expect(scoreOf(user({ hobbies: 'hiking and climbing' }), candidate([], 'A hiker who climbs'))).toBe(8);
    expect(scoreOf(user({ hobbies: 'hiking' }), candidate([], 'Likes un-hiking, not unhiking'))).toBe(4);
    expect(scoreOf(user({ hobbies: 'hiking' }), candidate([], 'unhiking'))).toBe(0);
    expect(scoreOf(user({ hobbies: 'hiking' }), candidate([], '9hiking zhiking'))).toBe(0);
    expect(scoreOf(user({ hobbies: 'hiking climbing baking chess piano poetry running' }), candidate([], 'hike climb bake chess piano poetry run'))).toBe(20);
    // A stem met in both the interests and the personality counts once.
    expect(scoreOf(user({ hobbies: 'hiking' }), candidate(['Hiking'], 'hiking'))).toBe(4);
  });

  it('adds the stem bonus on top of the list score, never past 100', () => {
    // Identical lists: base 1, the bonus has nothing left to add.
    expect(scoreOf(user({ hobbies: 'metal', musicGenres: ['Metal'] }), candidate(['Metal'], 'metal'))).toBe(100);
  });

  it('keeps the first entry of a username listed twice', () => {
    const result = scoreAll(user({ musicGenres: ['Metal'] }), [candidate(['Metal'], '', 'x'), candidate(['Polka'], '', 'x')]);
    expect(result.scores).toEqual({ x: 100 });
    expect(result.shared).toEqual({ x: ['Metal'] });
  });

  it('scores each candidate on its own in a batch', () => {
    const result = scoreAll(user({ hobbies: 'hiking', musicGenres: ['Metal'] }), [candidate(['Metal'], 'hiker', 'a'), candidate(['Polka'], 'hiker', 'b'), candidate([], '', 'c')]);
    // a: 1 + 0.2 * 0 = 100; b: 0 over 2, two stems? only "hik" starts "hiker": 4; c: nothing: 0 over 1.
    expect(result.scores).toEqual({ a: 100, b: 4, c: 0 });
    expect(result.shared).toEqual({ a: ['Metal'], b: [], c: [] });
  });

  it("explains its own score: items in the user's spelling, hobby words that are not already listed", () => {
    // Elden Ring shared of 3 items: 2/3; stems "elden", "ring" (from the item) and "hik" (the hobby) start words: +12% of the rest -> 71.
    const result = scoreAll(user({ hobbies: 'hiking', favoriteGames: ['Elden Ring', 'Tetris'] }), [candidate(['elden ring'], 'A hiker')], { explain: true });
    expect(result.scores.them).toBe(71);
    expect(result.shared.them).toEqual(['elden ring']);
    expect(result.breakdowns.them).toEqual({ music: { points: 0, items: [] }, games: { points: 67, items: ['Elden Ring'] }, shows: { points: 0, items: [] }, hobbies: { points: 4, items: ['hiking'] } });
    expect(scoreAll(user({}), [candidate([])], { explain: true }).breakdowns.them).toEqual({
      music: { points: 0, items: [] },
      games: { points: 0, items: [] },
      shows: { points: 0, items: [] },
      hobbies: { points: 0, items: [] },
    });
  });

  it('gives shared items alone, and explains outside scores only when something is shared', () => {
    const u = user({ musicGenres: ['Metal'], favoriteGames: ['Hades'] });
    const cs = [candidate(['Metal', 'Hades'], '', 'both'), candidate(['Polka'], '', 'none'), candidate(['Hades'], '', 'game')];
    expect(sharedItems(u, cs)).toEqual({ both: ['Metal', 'Hades'], none: [], game: ['Hades'] });
    const explained = explainScores(u, cs, { both: 60, none: 30, game: 41 });
    expect(explained.both).toEqual({ music: { points: 30, items: ['Metal'] }, games: { points: 30, items: ['Hades'] }, shows: { points: 0, items: [] }, hobbies: { points: 0, items: [] } });
    // Hades alone: 2/3 of the list score and the stem "had" (1.33 of 68 points): 41 splits 40 + 1.
    expect(explained.game).toEqual({ music: { points: 0, items: [] }, games: { points: 40, items: ['Hades'] }, shows: { points: 0, items: [] }, hobbies: { points: 1, items: [] } });
    expect(explained.none).toBeUndefined();
    expect(Object.keys(explainScores(u, cs, { both: 60 }))).toEqual(['both']);
    // A username listed twice is explained by its first entry.
    expect(explainScores(u, [candidate(['Hades'], '', 'x'), candidate(['Metal'], '', 'x')], { x: 50 }).x?.games.items).toEqual(['Hades']);
  });
});
