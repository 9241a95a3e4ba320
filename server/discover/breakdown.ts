import { apportion, MATCH_CATEGORIES, type MatchBreakdown, type RawContributions } from '../../src/domain/matchBreakdown';
import type { Profile } from '../../src/domain/profile';
import type { SampleUser } from '../../src/domain/sampleUsers';
import { contributions, prepareUser, type CandidateTaste, type UserTaste } from '../ai/local/similarity';
import { asCandidate } from './tastes';

// A card's explained match: its score split by category in proportion to what the local engine
// finds in common, so the parts add up to the card's percentage whoever computed the score. A pair of
// members has one score, the mean of both directions, so its parts are the mean of both directions'; the
// shared items are named as the viewer spells them.

function asUser(profile: Profile): UserTaste {
  const user: UserTaste = { hobbies: profile.hobbies, musicGenres: profile.musicGenres, favoriteGames: profile.favoriteGames, favoriteShows: profile.favoriteShows };
  return profile.connectedTaste ? { ...user, connectedTaste: profile.connectedTaste } : user;
}

function asProfileCandidate(key: string, profile: Profile): CandidateTaste {
  const candidate = asCandidate(key, profile.hobbies, [...profile.musicGenres, ...profile.favoriteGames, ...profile.favoriteShows]);
  return profile.connectedTaste ? { ...candidate, connectedTaste: profile.connectedTaste } : candidate;
}

function mean(forward: RawContributions, backward: RawContributions): RawContributions {
  const part = (c: (typeof MATCH_CATEGORIES)[number]) => ({ points: (forward[c].points + backward[c].points) / 2, items: forward[c].items });
  return { music: part('music'), games: part('games'), shows: part('shows'), hobbies: part('hobbies') };
}

export function memberBreakdown(viewer: Profile, them: Profile, score: number): MatchBreakdown | undefined {
  const forward = contributions(prepareUser(asUser(viewer)), asProfileCandidate('them', them));
  const backward = contributions(prepareUser(asUser(them)), asProfileCandidate('viewer', viewer));
  return apportion(score, mean(forward, backward));
}

export function sampleBreakdown(viewer: Profile, sample: SampleUser, score: number): MatchBreakdown | undefined {
  return apportion(score, contributions(prepareUser(asUser(viewer)), asCandidate(sample.username, sample.personality, sample.interests)));
}
