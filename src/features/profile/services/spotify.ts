import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { BACKEND_URL } from '../../../shared/http/config';
import { isUnauthorized, requestJson } from '../../../shared/http/http';

// The music service's data calls, through the server's proxy (docs/product.md's doubled /api/api prefix).

export type TimeRange = 'short_term' | 'medium_term' | 'long_term';
export interface TopItemsOptions {
  timeRange?: TimeRange;
  limit?: number;
}

const artistsSchema = z.object({ items: z.array(z.object({ name: z.string(), genres: z.array(z.string()).default([]) })) });
const tracksSchema = z.object({
  items: z.array(z.object({ name: z.string(), artists: z.array(z.object({ name: z.string() })).default([]) })),
});

export interface TopTrack {
  name: string;
  artist: string;
}

function topUrl(kind: 'artists' | 'tracks', options: TopItemsOptions): string {
  const query = new URLSearchParams({ time_range: options.timeRange ?? 'medium_term', limit: String(options.limit ?? 20) });
  return `${BACKEND_URL}/api/spotify/me/top/${kind}?${query}`;
}

async function call<T>(url: string, schema: z.ZodType<T>, accessToken: string): Promise<T> {
  try {
    return await requestJson(url, schema, { headers: { Authorization: `Bearer ${accessToken}` } });
  } catch (error) {
    if (isUnauthorized(error)) throw new AppError('TOKEN_EXPIRED', { status: 401, cause: error });
    throw new AppError('MUSIC_FETCH_FAILED', { cause: error });
  }
}

export async function fetchTopArtists(accessToken: string, options: TopItemsOptions = {}): Promise<string[]> {
  const page = await call(topUrl('artists', options), artistsSchema, accessToken);
  return page.items.map((artist) => artist.name);
}

/** The top artists with their genres (for the taste import: the most frequent genres among them). */
export async function fetchTopArtistGenres(accessToken: string, options: TopItemsOptions = {}): Promise<{ name: string; genres: string[] }[]> {
  const page = await call(topUrl('artists', options), artistsSchema, accessToken);
  return page.items.map((artist) => ({ name: artist.name, genres: artist.genres }));
}

export async function fetchTopTracks(accessToken: string, options: TopItemsOptions = {}): Promise<TopTrack[]> {
  const page = await call(topUrl('tracks', options), tracksSchema, accessToken);
  return page.items.map((track) => ({ name: track.name, artist: track.artists[0]?.name ?? '' }));
}
