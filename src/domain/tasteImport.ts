import { MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS } from './catalog';
import { addChip, type ChipListKey } from './chips';
import type { ConnectedTaste, Profile, ServiceName } from './profile';

// Importing taste from a connected account, with consent: what each service offers, in which
// list it lands, and what an accepted import writes. Pure: the services fetch, this decides.

/** At most this many items are offered per service. */
export const MAX_OFFERED = 5;
/** At most this many items of each service's data are kept to weigh the score (src/domain/tasteWeights.ts). */
const KEPT_FOR_WEIGHTS = 10;

export const SERVICE_NAMES: Record<ServiceName, string> = { spotify: 'Spotify', steam: 'Steam', trakt: 'Trakt' };
export const OFFER_LIST: Record<ServiceName, ChipListKey> = { spotify: 'musicGenres', steam: 'favoriteGames', trakt: 'favoriteShows' };

export interface TasteOffer {
  service: ServiceName;
  /** new items, best first, none the profile's list already has (any letter case) */
  items: string[];
  /** what the service reported that weighs the score, kept when the person accepts */
  connected: ConnectedTaste;
}

const key = (item: string) => item.trim().toLocaleLowerCase();

/** The catalog's spelling when it knows the item ('ELDEN RING' → 'Elden Ring'), else the service's. */
function known(item: string, catalog: readonly string[]): string {
  return catalog.find((entry) => key(entry) === key(item)) ?? item.trim();
}

/** Spotify genres come in lower case: 'hip hop' → 'Hip Hop', 'r&b' → 'R&B' (from the catalog). */
function genreName(genre: string): string {
  const fromCatalog = known(genre, MUSIC_GENRES);
  if (fromCatalog !== genre.trim()) return fromCatalog;
  return genre.trim().replace(/(^|[\s-])(\p{Ll})/gu, (_, gap: string, letter: string) => gap + letter.toLocaleUpperCase());
}

/**
 * The genres of the top artists, most frequent first; equally frequent ones in the order of the best-ranked
 * artist carrying them. Each once, in display spelling.
 */
export function rankGenres(artists: readonly { genres: readonly string[] }[]): string[] {
  const seen = new Map<string, { name: string; count: number; first: number }>();
  artists.forEach((artist, rank) => {
    for (const genre of artist.genres) {
      const k = key(genre);
      if (k === '') continue;
      const entry = seen.get(k);
      if (entry) entry.count += 1;
      else seen.set(k, { name: genreName(genre), count: 1, first: rank });
    }
  });
  return [...seen.values()].sort((a, b) => b.count - a.count || a.first - b.first).map((g) => g.name);
}

/** Up to five of `ranked` the list does not have yet, compared case-insensitively, each once. */
export function newItems(ranked: readonly string[], existing: readonly string[]): string[] {
  const taken = new Set(existing.map(key));
  const out: string[] = [];
  for (const item of ranked) {
    const k = key(item);
    if (k === '' || taken.has(k)) continue;
    taken.add(k);
    out.push(item.trim());
    if (out.length === MAX_OFFERED) break;
  }
  return out;
}

export function spotifyOffer(profile: Profile, artists: readonly { genres: readonly string[] }[]): TasteOffer {
  const genres = rankGenres(artists);
  return { service: 'spotify', items: newItems(genres, profile.musicGenres), connected: { spotifyGenres: genres.slice(0, KEPT_FOR_WEIGHTS) } };
}

export function steamOffer(profile: Profile, games: readonly { name: string; playtime_forever: number }[]): TasteOffer {
  const played = [...games]
    .filter((game) => game.name.trim() !== '')
    .sort((a, b) => b.playtime_forever - a.playtime_forever)
    .map((game) => ({ name: known(game.name, POPULAR_GAMES), hours: Math.round((game.playtime_forever / 60) * 10) / 10 }));
  return {
    service: 'steam',
    items: newItems(played.map((game) => game.name), profile.favoriteGames),
    connected: { steamGames: played.slice(0, KEPT_FOR_WEIGHTS) },
  };
}

/** Watchlist titles, shows and movies taking turns so both kinds are offered. */
export function traktOffer(profile: Profile, watchlist: { shows: readonly string[]; movies: readonly string[] }): TasteOffer {
  const titles: string[] = [];
  for (let i = 0; i < Math.max(watchlist.shows.length, watchlist.movies.length); i++) {
    const show = watchlist.shows[i];
    const movie = watchlist.movies[i];
    if (show !== undefined) titles.push(known(show, POPULAR_SHOWS));
    if (movie !== undefined) titles.push(known(movie, POPULAR_SHOWS));
  }
  return { service: 'trakt', items: newItems(titles, profile.favoriteShows), connected: {} };
}

/** The profile with the accepted items added to the service's list and its connected data kept. */
export function withImport(profile: Profile, offer: TasteOffer, accepted: readonly string[]): Profile {
  const list = OFFER_LIST[offer.service];
  const items = accepted.reduce<readonly string[]>((current, item) => addChip(current, item), profile[list]);
  const connectedTaste = { ...profile.connectedTaste, ...offer.connected };
  const keep = Object.keys(connectedTaste).length > 0;
  return { ...profile, [list]: [...items], ...(keep ? { connectedTaste } : {}) };
}

/** The profile without what a disconnected service reported (its imported items stay: they are the person's now). */
export function withoutConnected(profile: Profile, service: ServiceName): Profile {
  const part = service === 'spotify' ? 'spotifyGenres' : service === 'steam' ? 'steamGames' : null;
  if (!part || !profile.connectedTaste || profile.connectedTaste[part] === undefined) return profile;
  const { [part]: _dropped, ...rest } = profile.connectedTaste;
  const { connectedTaste: _old, ...others } = profile;
  return Object.keys(rest).length > 0 ? { ...others, connectedTaste: rest } : others;
}
