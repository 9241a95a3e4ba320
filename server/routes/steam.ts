import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import { refuse } from '../lib/errors';
import { rateLimit } from '../lib/rateLimit';
import { badUpstream, callUpstream, parseOk, unavailable, upstreamRateLimited, type UpstreamResult } from '../lib/upstreamCall';
import { check } from '../lib/validate';
import { STEAM_ID_PATTERN } from '../../src/domain/steamId';

// The Steam Web API behind the server: the key is added here, input is checked before any call, and
// only the fields the app reads are passed on.

export const VANITY_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;

const steamId = z.string().regex(STEAM_ID_PATTERN, 'A Steam ID is exactly 17 digits.');
const vanity = z.string().regex(VANITY_PATTERN, 'A custom URL name is 2-32 letters, digits, underscores or hyphens.');
const flag = z.enum(['0', '1']).default('1');
const gamesQuery = z.object({ include_appinfo: flag, include_played_free_games: flag });

const resolveAnswer = z.object({
  response: z.object({ success: z.number(), steamid: z.string().optional() }),
});
const player = z.object({
  steamid: z.string(),
  communityvisibilitystate: z.number().optional(),
  profilestate: z.number().optional(),
  personaname: z.string().optional(),
  profileurl: z.string().optional(),
  avatar: z.string().optional(),
  avatarmedium: z.string().optional(),
  avatarfull: z.string().optional(),
  personastate: z.number().optional(),
});
const summariesAnswer = z.object({ response: z.object({ players: z.array(player) }) });
const ownedGame = z.object({ appid: z.number(), name: z.string().optional(), playtime_forever: z.number() });
const gamesAnswer = z.object({
  response: z.object({ game_count: z.number().optional(), games: z.array(ownedGame).optional() }),
});

const SERVICE = 'Steam';

function invalid(c: Context, message: string) {
  return refuse(c, { status: 400, code: 'INVALID_REQUEST', message: message });
}

export function steamRoutes(config: ServerConfig) {
  const app = new Hono();
  const { apiKey, apiUrl } = config.steam;

  const steamCall = (path: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ key: apiKey, ...params, format: 'json' });
    return callUpstream(`${apiUrl}${path}?${query.toString()}`, { headers: { Accept: 'application/json' } }, config.upstreamTimeoutMs);
  };

  app.use('/steam/*', rateLimit({ name: 'Steam', limit: config.rateLimits.steamPerMinute, windowMs: 60_000, trustProxyHops: config.trustProxyHops }));

  /** A failed call's answer (unreachable, timeout, Steam's own 429), or undefined when there is a body to check. */
  const failed = (c: Context, result: UpstreamResult) => {
    if (result.kind !== 'response') return unavailable(c, result, SERVICE);
    if (result.status === 429) return upstreamRateLimited(c, result, SERVICE);
    return undefined;
  };

  app.get('/steam/resolve/:vanity', async (c) => {
    const name = check(vanity, c.req.param('vanity'));
    if (!name.ok) return invalid(c, name.message);
    const result = await steamCall('/ISteamUser/ResolveVanityURL/v1/', { vanityurl: name.data });
    const failure = failed(c, result);
    if (failure || result.kind !== 'response') return failure;
    const ok = parseOk(result, resolveAnswer);
    if (!ok) return badUpstream(c, SERVICE);
    const id = ok.response.steamid;
    if (ok.response.success === 1 && id !== undefined && STEAM_ID_PATTERN.test(id)) {
      return c.json({ response: { steamid: id, success: 1 } });
    }
    return c.json({ response: { success: ok.response.success === 1 ? 42 : ok.response.success } });
  });

  app.get('/steam/player/summaries/:steamId', async (c) => {
    const id = check(steamId, c.req.param('steamId'));
    if (!id.ok) return invalid(c, id.message);
    const result = await steamCall('/ISteamUser/GetPlayerSummaries/v2/', { steamids: id.data });
    const failure = failed(c, result);
    if (failure || result.kind !== 'response') return failure;
    const ok = parseOk(result, summariesAnswer);
    if (!ok) return badUpstream(c, SERVICE);
    return c.json({ response: { players: ok.response.players.filter((p) => p.steamid === id.data) } });
  });

  app.get('/steam/player/games/:steamId', async (c) => {
    const id = check(steamId, c.req.param('steamId'));
    if (!id.ok) return invalid(c, id.message);
    const query = check(gamesQuery, {
      include_appinfo: c.req.query('include_appinfo'),
      include_played_free_games: c.req.query('include_played_free_games'),
    });
    if (!query.ok) return invalid(c, query.message);
    const result = await steamCall('/IPlayerService/GetOwnedGames/v1/', { steamid: id.data, ...query.data });
    const failure = failed(c, result);
    if (failure || result.kind !== 'response') return failure;
    const ok = parseOk(result, gamesAnswer);
    if (!ok) return badUpstream(c, SERVICE);
    // A private game list comes back as an empty `response`: the same as owning nothing visible.
    const games = (ok.response.games ?? []).map((g) =>
      g.name === undefined ? { appid: g.appid, playtime_forever: g.playtime_forever } : { appid: g.appid, name: g.name, playtime_forever: g.playtime_forever },
    );
    return c.json({ response: { game_count: ok.response.game_count ?? games.length, games } });
  });

  return app;
}
