import type { BioRequest } from '../../../domain/aiContract';
import type { Profile } from '../../../domain/profile';
import { steamIdKey } from '../storage/steamId';
import { accessTokenKey } from '../../../shared/storage/tokens';
import * as providerData from './providerData';

// docs/product.md sections 7 and 9: what the bio is written from.
export const BIO_TOP_ARTISTS = 5;
export const BIO_TOP_TRACKS = 3;
export const BIO_TOP_GAMES = 5;
export const BIO_TRACKING_TITLES = 5;
/** docs/product.md section 7: for the bio the music service is asked for short_term, limit 5. */
const MUSIC_QUERY = { timeRange: 'short_term', limit: 5 } as const;

export type BioSources = Pick<typeof providerData, 'getTopArtists' | 'getTopTracks' | 'getWatchlist' | 'getOwnedGames'>;

/** Which services to pull from: the profile flag, or the credential a fetch needs being present. */
export interface BioConnections {
  spotify: boolean;
  trakt: boolean;
  steamId: string;
}

export function storedConnections(profile: Profile): BioConnections {
  return {
    spotify: profile.connectedServices.spotify || accessTokenKey('spotify').read() !== '',
    trakt: profile.connectedServices.trakt || accessTokenKey('trakt').read() !== '',
    steamId: steamIdKey.read(),
  };
}

// A connected service whose fetch fails is only logged and left out: the bio is made without it (section 8).
async function optional<T>(service: string, load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    console.error(`Bio generation: could not fetch ${service} data; writing the bio without it.`, error);
    return undefined;
  }
}

async function musicData(sources: BioSources): Promise<BioRequest['spotifyData']> {
  const [artists, tracks] = await Promise.all([sources.getTopArtists(MUSIC_QUERY), sources.getTopTracks(MUSIC_QUERY)]);
  return {
    topArtists: artists.slice(0, BIO_TOP_ARTISTS),
    topTracks: tracks.slice(0, BIO_TOP_TRACKS).map((t) => `${t.name} by ${t.artist}`),
  };
}

async function gameData(sources: BioSources, steamId: string): Promise<BioRequest['steamData']> {
  const games = await sources.getOwnedGames(steamId);
  return {
    games: [...games]
      .sort((a, b) => b.playtime_forever - a.playtime_forever)
      .slice(0, BIO_TOP_GAMES)
      .map((g) => ({ name: g.name, hours: Math.round(g.playtime_forever / 60) })),
  };
}

async function trackingData(sources: BioSources): Promise<BioRequest['traktData']> {
  const { shows, movies } = await sources.getWatchlist();
  return { shows: shows.slice(0, BIO_TRACKING_TITLES), movies: movies.slice(0, BIO_TRACKING_TITLES) };
}

/** The bio input: the profile plus whatever the connected services give; the three fetches run in parallel. */
export async function assembleBioInput(
  profile: Profile,
  connections: BioConnections = storedConnections(profile),
  sources: BioSources = providerData,
): Promise<BioRequest> {
  const [spotifyData, steamData, traktData] = await Promise.all([
    connections.spotify ? optional('Spotify', () => musicData(sources)) : undefined,
    connections.steamId ? optional('Steam', () => gameData(sources, connections.steamId)) : undefined,
    connections.trakt ? optional('Trakt', () => trackingData(sources)) : undefined,
  ]);
  const input: BioRequest = {
    username: profile.username,
    hobbies: profile.hobbies,
    musicGenres: profile.musicGenres,
    favoriteGames: profile.favoriteGames,
    favoriteShows: profile.favoriteShows,
  };
  if (spotifyData) input.spotifyData = spotifyData;
  if (steamData) input.steamData = steamData;
  if (traktData) input.traktData = traktData;
  return input;
}
