import { AppError, isAppError } from '../../../domain/errors';
import { accessTokenKey, type OAuthProvider } from '../../../shared/storage/tokens';
import { logoutProvider, refreshAccessToken } from './oauth';
import { fetchTopArtistGenres, fetchTopArtists, fetchTopTracks, type TopItemsOptions, type TopTrack } from './spotify';
import { getOwnedGames as fetchOwnedGames } from './steam';
import { fetchWatchlist, type Watchlist } from './trakt';

// The outside-service data other features use (the AI bio among them), with the stored tokens.

/**
 * Runs a data call with the stored access token. An expired token is refreshed once and the call
 * retried once; when that refresh fails the provider is logged out and the TOKEN_EXPIRED rethrown.
 */
async function withAccessToken<T>(provider: OAuthProvider, call: (accessToken: string) => Promise<T>): Promise<T> {
  const accessToken = accessTokenKey(provider).read();
  if (!accessToken) throw new AppError('SERVICE_NOT_CONNECTED', { message: `${provider} is not connected` });
  try {
    return await call(accessToken);
  } catch (error) {
    if (!isAppError(error, 'TOKEN_EXPIRED')) throw error;
    let fresh: string;
    try {
      fresh = await refreshAccessToken(provider);
    } catch {
      logoutProvider(provider);
      throw error;
    }
    return call(fresh);
  }
}

export function getTopArtists(options?: TopItemsOptions): Promise<string[]> {
  return withAccessToken('spotify', (token) => fetchTopArtists(token, options));
}

export function getTopArtistGenres(options?: TopItemsOptions): Promise<{ name: string; genres: string[] }[]> {
  return withAccessToken('spotify', (token) => fetchTopArtistGenres(token, options));
}

export function getTopTracks(options?: TopItemsOptions): Promise<TopTrack[]> {
  return withAccessToken('spotify', (token) => fetchTopTracks(token, options));
}

export function getWatchlist(): Promise<Watchlist> {
  return withAccessToken('trakt', fetchWatchlist);
}

export async function getOwnedGames(steamId: string): Promise<{ name: string; playtime_forever: number }[]> {
  const games = await fetchOwnedGames(steamId);
  return games.map((game) => ({ name: game.name, playtime_forever: game.playtime_forever }));
}
