import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { BACKEND_URL } from '../../../shared/http/config';
import { isUnauthorized, requestJson } from '../../../shared/http/http';

// The tracking service's watchlists, through the server's proxy (docs/product.md's doubled /api/api prefix).

const showsSchema = z.array(z.object({ show: z.object({ title: z.string() }) }));
const moviesSchema = z.array(z.object({ movie: z.object({ title: z.string() }) }));

export interface Watchlist {
  shows: string[];
  movies: string[];
}

async function call<T>(url: string, schema: z.ZodType<T>, accessToken: string): Promise<T> {
  try {
    return await requestJson(url, schema, { headers: { Authorization: `Bearer ${accessToken}` } });
  } catch (error) {
    if (isUnauthorized(error)) throw new AppError('TOKEN_EXPIRED', { status: 401, cause: error });
    throw new AppError('TRACKING_FETCH_FAILED', { cause: error });
  }
}

/** Both watchlists, fetched in parallel. */
export async function fetchWatchlist(accessToken: string): Promise<Watchlist> {
  const [shows, movies] = await Promise.all([
    call(`${BACKEND_URL}/api/trakt/sync/watchlist/shows`, showsSchema, accessToken),
    call(`${BACKEND_URL}/api/trakt/sync/watchlist/movies`, moviesSchema, accessToken),
  ]);
  return { shows: shows.map((item) => item.show.title), movies: movies.map((item) => item.movie.title) };
}
