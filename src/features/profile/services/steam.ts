import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { BACKEND_URL } from '../../../shared/http/config';
import { NetworkError, requestJson } from '../../../shared/http/http';

// The game store's three calls, through our server (which holds the Steam key).

const resolveSchema = z.object({ response: z.object({ steamid: z.string().optional(), success: z.number().optional() }) });

const playerSchema = z.object({
  steamid: z.string(),
  personaname: z.string().default(''),
  communityvisibilitystate: z.number(),
  avatarfull: z.string().optional(),
  profileurl: z.string().optional(),
});
export type SteamPlayer = z.infer<typeof playerSchema>;
const summariesSchema = z.object({ response: z.object({ players: z.array(playerSchema).default([]) }) });

const gameSchema = z.object({ appid: z.number(), name: z.string().default(''), playtime_forever: z.number().default(0) });
export type SteamGame = z.infer<typeof gameSchema>;
const gamesSchema = z.object({
  response: z.object({ game_count: z.number().optional(), games: z.array(gameSchema).optional() }),
});

/** Steam's "public" community visibility; anything else hides the profile from us. */
export const PUBLIC_VISIBILITY = 3;

/**
 * The SteamID64 behind a custom (vanity) profile name, or undefined when Steam knows no such name.
 * A failed answer is STEAM_RESOLVE_HTTP; no answer at all is STEAM_RESOLVE_NETWORK.
 */
export async function resolveVanity(vanity: string): Promise<string | undefined> {
  try {
    const body = await requestJson(`${BACKEND_URL}/steam/resolve/${encodeURIComponent(vanity)}`, resolveSchema);
    return body.response.steamid || undefined;
  } catch (error) {
    if (error instanceof NetworkError) throw new AppError('STEAM_RESOLVE_NETWORK', { cause: error });
    throw new AppError('STEAM_RESOLVE_HTTP', { cause: error });
  }
}

/** The first player of the summary, or undefined when Steam has none for this id. */
export async function getPlayerSummary(steamId: string): Promise<SteamPlayer | undefined> {
  try {
    const body = await requestJson(`${BACKEND_URL}/steam/player/summaries/${encodeURIComponent(steamId)}`, summariesSchema);
    return body.response.players[0];
  } catch (error) {
    throw new AppError('STEAM_FETCH_FAILED', { cause: error });
  }
}

/** Owned games; a profile whose game details are private answers with none. */
export async function getOwnedGames(
  steamId: string,
  options: { includeAppInfo?: boolean; includePlayedFreeGames?: boolean } = {},
): Promise<SteamGame[]> {
  const query = new URLSearchParams({
    include_appinfo: options.includeAppInfo === false ? '0' : '1',
    include_played_free_games: options.includePlayedFreeGames === false ? '0' : '1',
  });
  try {
    const body = await requestJson(`${BACKEND_URL}/steam/player/games/${encodeURIComponent(steamId)}?${query}`, gamesSchema);
    return body.response.games ?? [];
  } catch (error) {
    throw new AppError('STEAM_FETCH_FAILED', { cause: error });
  }
}
