import { describe, expect, it } from 'vitest';
import { scoreAll } from '../../server/ai/local/similarity';
import { discoverCards } from '../../src/domain/discover';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import { similarityCandidates } from '../../src/domain/discover';

// The demo server answers similarity with this local engine, so its ranking of the seeded users is what a
// new user sees first: people who share the profile's items must come before people who share nothing.
const profile: Profile = {
  ...emptyProfile(),
  username: 'newcomer',
  hobbies: 'Going to concerts and playing games',
  musicGenres: ['Metal'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Attack on Titan'],
};
const users = SAMPLE_USERS.map((u) => ({ ...u }));
const mine = ['metal', 'elden ring', 'attack on titan'];

function ranked() {
  const { scores } = scoreAll(profile, similarityCandidates(users));
  return { scores, cards: discoverCards({ users, profile, scores, query: '', community: 'All Communities' }) };
}

describe('local engine ranking of the sample users', () => {
  it('puts every user who shares Metal, Elden Ring or Attack on Titan above every user who shares none', () => {
    const { cards, scores } = ranked();
    const sharers = cards.filter((c) => c.shared.length > 0);
    const others = cards.filter((c) => c.shared.length === 0);
    expect(sharers.map((c) => c.username).sort()).toEqual(['DragonRider', 'MoshPitMia', 'RiffLord', 'ShonenSam', 'SouledOut', 'TitanSlayer']);
    for (const c of sharers) expect(c.shared.every((s) => mine.includes(s.toLowerCase()))).toBe(true);
    const lowestSharer = Math.min(...sharers.map((c) => scores[c.username]!));
    const highestOther = Math.max(...others.map((c) => scores[c.username]!));
    expect(lowestSharer).toBeGreaterThan(highestOther);
    expect(cards.slice(0, sharers.length).every((c) => c.shared.length > 0)).toBe(true);
  });

  it('ranks the user who shares all three first, and sharing more ranks higher', () => {
    const { cards } = ranked();
    expect(cards[0]!.username).toBe('RiffLord');
    expect(cards[0]!.shared).toEqual(['Metal', 'Elden Ring', 'Attack on Titan']);
    const titan = cards.findIndex((c) => c.username === 'TitanSlayer');
    const shonen = cards.findIndex((c) => c.username === 'ShonenSam');
    expect(titan).toBeLessThan(shonen);
  });

  it('spreads the scores: the sample users do not all score alike', () => {
    const { scores } = ranked();
    const values = Object.values(scores);
    expect(values).toHaveLength(25);
    expect(new Set(values).size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThanOrEqual(40);
    for (const v of values) expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
  });
});
