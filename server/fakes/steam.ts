import { Hono } from 'hono';
import { STEAM_PLAYERS, steamPlayerSummary, type DemoSteamPlayer } from './demoData';

// A stand-in for the three Steam Web API calls the app makes, with Steam's shapes and its 403 on a bad key.

export interface FakeSteamOptions {
  apiKey: string;
  players?: readonly DemoSteamPlayer[];
}

function forbidden(): Response {
  const page = '<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1><p>Access is denied. Check the key parameter.</p></body></html>';
  return new Response(page, { status: 403, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
}

// Steam answers with and without a trailing slash; spelled out because a parent app's strictness wins when mounted.
const both = (path: string) => [path, `${path}/`];

export function createSteamFake(options: FakeSteamOptions): { app: Hono } {
  const players = options.players ?? STEAM_PLAYERS;
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (c.req.query('key') !== options.apiKey) return forbidden();
    await next();
  });

  app.on('GET', both('/ISteamUser/ResolveVanityURL/v1'), (c) => {
    const name = c.req.query('vanityurl');
    if (!name) return c.html('<html><body><h1>Bad Request</h1><p>Required parameter vanityurl is missing</p></body></html>', 400);
    const match = players.find((p) => p.vanity.toLowerCase() === name.toLowerCase());
    return c.json(match ? { response: { steamid: match.steamid, success: 1 } } : { response: { success: 42, message: 'No match' } });
  });

  app.on('GET', both('/ISteamUser/GetPlayerSummaries/v2'), (c) => {
    const ids = (c.req.query('steamids') ?? '').split(',').filter((s) => s !== '').slice(0, 100);
    const found = ids.flatMap((id) => players.filter((p) => p.steamid === id)).map(steamPlayerSummary);
    return c.json({ response: { players: found } });
  });

  app.on('GET', both('/IPlayerService/GetOwnedGames/v1'), (c) => {
    const player = players.find((p) => p.steamid === c.req.query('steamid'));
    // Steam answers an empty response for unknown ids and for private game details alike.
    if (!player || player.communityvisibilitystate !== 3) return c.json({ response: {} });
    const withInfo = c.req.query('include_appinfo') === '1' || c.req.query('include_appinfo') === 'true';
    const withFree = c.req.query('include_played_free_games') === '1' || c.req.query('include_played_free_games') === 'true';
    const games = player.games
      .filter((g) => withFree || !g.free)
      .map((g) => ({
        appid: g.appid,
        ...(withInfo ? { name: g.name, img_icon_url: g.img_icon_url, has_community_visible_stats: true } : {}),
        playtime_forever: g.playtime_forever,
        ...(g.playtime_2weeks !== undefined ? { playtime_2weeks: g.playtime_2weeks } : {}),
        playtime_windows_forever: g.playtime_forever,
        playtime_mac_forever: 0,
        playtime_linux_forever: 0,
        rtime_last_played: 1_767_225_600,
      }));
    return c.json({ response: { game_count: games.length, games } });
  });

  return { app };
}
