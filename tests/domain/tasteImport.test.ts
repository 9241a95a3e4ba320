import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../../src/domain/profile';
import { rankGenres, spotifyOffer, steamOffer, traktOffer, withImport, withoutConnected } from '../../src/domain/tasteImport';

// What each connected service offers (up to 5, none the profile has in any letter case) and what an
// accepted import writes. The inputs are the demo providers' data (server/fakes/demoData.ts).

const demoArtists = [
  { genres: ['indie', 'folk'] },
  { genres: ['hip hop', 'rap'] },
  { genres: ['alternative', 'rock'] },
  { genres: ['electronic', 'dance'] },
  { genres: ['jazz', 'soul'] },
  { genres: ['psychedelic', 'indie'] },
  { genres: ['r&b', 'pop'] },
  { genres: ['rock', 'classic rock'] },
];
const demoGames = [
  { name: 'Stardew Valley', playtime_forever: 5410 },
  { name: 'Hades', playtime_forever: 3125 },
  { name: 'ELDEN RING', playtime_forever: 7840 },
  { name: 'The Witcher 3: Wild Hunt', playtime_forever: 4380 },
  { name: 'Terraria', playtime_forever: 2290 },
  { name: 'Dota 2', playtime_forever: 1260 },
  { name: 'Counter-Strike 2', playtime_forever: 640 },
];

describe('taste offers', () => {
  it('ranks Spotify genres by how many top artists carry them, then by the best artist, in display spelling', () => {
    expect(rankGenres(demoArtists)).toEqual([
      'Indie', 'Rock', 'Folk', 'Hip Hop', 'Rap', 'Alternative', 'Electronic', 'Dance', 'Jazz', 'Soul', 'Psychedelic', 'R&B', 'Pop', 'Classic Rock',
    ]);
  });

  it('offers five genres the profile lacks, whatever their letter case, and keeps the ranking to weigh', () => {
    const offer = spotifyOffer({ ...emptyProfile(), musicGenres: ['rock', 'FOLK'] }, demoArtists);
    expect(offer.items).toEqual(['Indie', 'Hip Hop', 'Rap', 'Alternative', 'Electronic']);
    expect(offer.connected.spotifyGenres?.slice(0, 3)).toEqual(['Indie', 'Rock', 'Folk']);
  });

  it('offers the most-played Steam games, in the catalog spelling, with their hours kept', () => {
    const offer = steamOffer({ ...emptyProfile(), favoriteGames: ['hades'] }, demoGames);
    expect(offer.items).toEqual(['Elden Ring', 'Stardew Valley', 'The Witcher 3: Wild Hunt', 'Terraria', 'Dota 2']);
    expect(offer.connected.steamGames?.slice(0, 2)).toEqual([
      { name: 'Elden Ring', hours: 130.7 },
      { name: 'Stardew Valley', hours: 90.2 },
    ]);
  });

  it('offers Trakt watchlist shows and movies in turns', () => {
    const offer = traktOffer(emptyProfile(), { shows: ['Severance', 'The Bear', 'Arcane'], movies: ['Past Lives', 'Dune: Part Two'] });
    expect(offer.items).toEqual(['Severance', 'Past Lives', 'The Bear', 'Dune: Part Two', 'Arcane']);
  });

  it('adds only the accepted items, without duplicates, and keeps what the service reported', () => {
    const offer = steamOffer(emptyProfile(), demoGames);
    const profile = withImport({ ...emptyProfile(), favoriteGames: ['Minecraft'] }, offer, ['Elden Ring', 'minecraft', 'Hades']);
    expect(profile.favoriteGames).toEqual(['Minecraft', 'Elden Ring', 'Hades']);
    expect(profile.connectedTaste?.steamGames).toHaveLength(7);
  });

  it('forgets what a disconnected service reported, and only that', () => {
    const profile = { ...emptyProfile(), connectedTaste: { steamGames: [{ name: 'Hades', hours: 52 }], spotifyGenres: ['Indie'] } };
    expect(withoutConnected(profile, 'steam').connectedTaste).toEqual({ spotifyGenres: ['Indie'] });
    expect(withoutConnected(withoutConnected(profile, 'steam'), 'spotify')).not.toHaveProperty('connectedTaste');
    expect(withoutConnected(profile, 'trakt')).toBe(profile);
  });
});
