import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { DEMO_STEAM_ID, DEMO_STEAM_VANITY, PRIVATE_STEAM_ID, STEAM_PLAYERS } from '../../server/fakes/demoData';
import { createSteamFake } from '../../server/fakes/steam';
import { SECRETS, deadUrl, hangingServer, listen, testConfig, type Running } from './support/servers';

let steam: Running;
let wrongKeySteam: Running;

beforeAll(async () => {
  steam = await listen(createSteamFake({ apiKey: SECRETS.steamApiKey }).app);
  wrongKeySteam = await listen(createSteamFake({ apiKey: 'a-different-key' }).app);
});
afterAll(async () => {
  await Promise.all([steam.close(), wrongKeySteam.close()]);
});

const app = (env: Record<string, string> = {}, url = steam.url) => createApp(testConfig({ steam: url }, env));

async function json(response: Response) {
  expect(response.headers.get('Content-Type')).toContain('application/json');
  const text = await response.text();
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  return JSON.parse(text) as Record<string, unknown>;
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await json(response)) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body;
}

describe('GET /api/steam/resolve/:vanity', () => {
  it('resolves the demo vanity name (any case) to its id', async () => {
    const a = app();
    for (const name of [DEMO_STEAM_VANITY, 'MyceliusDemo']) {
      const response = await a.request(`/api/steam/resolve/${name}`);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ response: { steamid: DEMO_STEAM_ID, success: 1 } });
    }
  });

  it('answers success 42 and no steamid when nothing matches', async () => {
    const response = await app().request('/api/steam/resolve/nobody-here');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ response: { success: 42 } });
  });
});

describe('GET /api/steam/player/summaries/:steamId', () => {
  it('returns the public player with its visibility', async () => {
    const body = (await json(await app().request(`/api/steam/player/summaries/${DEMO_STEAM_ID}`))) as {
      response: { players: Array<Record<string, unknown>> };
    };
    expect(body.response.players).toHaveLength(1);
    expect(body.response.players[0]).toMatchObject({ steamid: DEMO_STEAM_ID, personaname: 'MyceliusDemo', communityvisibilitystate: 3 });
  });

  it('returns the private player marked communityvisibilitystate 1', async () => {
    const body = (await json(await app().request(`/api/steam/player/summaries/${PRIVATE_STEAM_ID}`))) as {
      response: { players: Array<Record<string, unknown>> };
    };
    expect(body.response.players[0]).toMatchObject({ steamid: PRIVATE_STEAM_ID, communityvisibilitystate: 1 });
  });

  it('returns an empty list for an unknown id', async () => {
    expect(await json(await app().request('/api/steam/player/summaries/76561198999999999'))).toEqual({ response: { players: [] } });
  });
});

describe('GET /api/steam/player/games/:steamId', () => {
  const demo = STEAM_PLAYERS.find((p) => p.steamid === DEMO_STEAM_ID)!;

  it('defaults include_appinfo and include_played_free_games to 1', async () => {
    const body = (await json(await app().request(`/api/steam/player/games/${DEMO_STEAM_ID}`))) as {
      response: { game_count: number; games: Array<Record<string, unknown>> };
    };
    expect(body.response.game_count).toBe(demo.games.length);
    expect(body.response.games).toHaveLength(demo.games.length);
    for (const game of body.response.games) expect(Object.keys(game).sort()).toEqual(['appid', 'name', 'playtime_forever']);
    expect(body.response.games).toContainEqual({ appid: 413150, name: 'Stardew Valley', playtime_forever: 5410 });
    expect(body.response.games.map((g) => g.name)).toContain('Dota 2');
  });

  it('passes include_appinfo=0 and include_played_free_games=0 on', async () => {
    const body = (await json(
      await app().request(`/api/steam/player/games/${DEMO_STEAM_ID}?include_appinfo=0&include_played_free_games=0`),
    )) as { response: { game_count: number; games: Array<Record<string, unknown>> } };
    const paid = demo.games.filter((g) => !g.free);
    expect(body.response.game_count).toBe(paid.length);
    for (const game of body.response.games) expect(Object.keys(game).sort()).toEqual(['appid', 'playtime_forever']);
  });

  it('answers an empty list for a private profile (Steam sends an empty response)', async () => {
    expect(await json(await app().request(`/api/steam/player/games/${PRIVATE_STEAM_ID}`))).toEqual({ response: { game_count: 0, games: [] } });
  });
});

describe('Steam input validation happens before any upstream call', () => {
  it.each([
    '/api/steam/resolve/a',
    '/api/steam/resolve/has%20space',
    '/api/steam/resolve/dots.not.allowed',
    `/api/steam/resolve/${'x'.repeat(33)}`,
    '/api/steam/player/summaries/7656119800000000',
    '/api/steam/player/summaries/765611980000000011',
    '/api/steam/player/summaries/7656119800000000x',
    '/api/steam/player/games/abc',
    `/api/steam/player/games/${DEMO_STEAM_ID}?include_appinfo=2`,
    `/api/steam/player/games/${DEMO_STEAM_ID}?include_played_free_games=true`,
  ])('%s → 400', async (path) => {
    const before = steam.hits();
    await expectError(await app().request(path), 400, 'INVALID_REQUEST');
    expect(steam.hits()).toBe(before);
  });
});

describe('Steam failures become JSON errors', () => {
  it('a rejected key (Steam 403 HTML) gives 502 with no detail', async () => {
    const a = app({}, wrongKeySteam.url);
    await expectError(await a.request(`/api/steam/resolve/${DEMO_STEAM_VANITY}`), 502, 'UPSTREAM_ERROR');
    await expectError(await a.request(`/api/steam/player/summaries/${DEMO_STEAM_ID}`), 502, 'UPSTREAM_ERROR');
    await expectError(await a.request(`/api/steam/player/games/${DEMO_STEAM_ID}`), 502, 'UPSTREAM_ERROR');
  });

  it('a Steam that never answers gives 504; an unreachable one 502', async () => {
    const hanging = await hangingServer();
    try {
      await expectError(await app({ UPSTREAM_TIMEOUT_MS: '150' }, hanging.url).request(`/api/steam/player/summaries/${DEMO_STEAM_ID}`), 504, 'UPSTREAM_TIMEOUT');
    } finally {
      await hanging.close();
    }
    await expectError(await app({}, await deadUrl()).request(`/api/steam/resolve/${DEMO_STEAM_VANITY}`), 502, 'UPSTREAM_UNREACHABLE');
  });
});

describe('Steam rate limit', () => {
  it('answers 429 with Retry-After past the per-minute limit, per client', async () => {
    const server = await listen(createApp(testConfig({ steam: steam.url }, { RATE_LIMIT_STEAM_PER_MINUTE: '3' })));
    try {
      const path = `${server.url}/api/steam/player/summaries/${DEMO_STEAM_ID}`;
      for (let i = 0; i < 3; i += 1) expect((await fetch(path)).status).toBe(200);
      const before = steam.hits();
      const limited = await fetch(path);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await expectError(limited, 429, 'RATE_LIMITED');
      // Bad input counts too, and nothing reaches Steam while limited.
      expect((await fetch(`${server.url}/api/steam/resolve/x`)).status).toBe(429);
      expect(steam.hits()).toBe(before);
      // Other routes are not limited.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
