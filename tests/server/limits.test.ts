import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswers } from '../support/answers';
import { createApp } from '../../server/app';
import { createFakeGemini } from '../../server/fakes/gemini';
import { loadConfig } from '../../server/config';
import { rateLimitKey } from '../../server/lib/clientAddress';
import { dailyBudget } from '../../server/lib/dailyBudget';
import { tokenBuckets } from '../../server/lib/rateLimit';
import { SAME_ORIGIN_JSON, listen, testConfig, type Running } from './support/servers';

// Every route that spends an outside credential is limited per client, Gemini also by a daily budget
// for the whole app, and the provider's own 429 reaches the client with its Retry-After.

describe('the token-bucket limiter', () => {
  it('allows a burst of `limit`, then one request per limit-th of the window, with the wait to the next one', () => {
    let now = 0;
    const buckets = tokenBuckets({ limit: 3, windowMs: 60_000, now: () => now });
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBe(20_000);
    now = 10_000;
    expect(buckets.take('a')).toBe(10_000);
    now = 20_000;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(20_000);
    // Another client has its own bucket.
    expect(buckets.take('b')).toBe(0);
  });

  it('has no window edge: a burst at the end of a minute is not followed by a fresh one', () => {
    let now = 59_000;
    const buckets = tokenBuckets({ limit: 10, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 10; i += 1) expect(buckets.take('a')).toBe(0);
    now = 61_000;
    const granted = Array.from({ length: 10 }, () => buckets.take('a')).filter((wait) => wait === 0);
    expect(granted).toHaveLength(0);
  });

  it('keeps at most maxKeys clients, dropping the least recently seen', () => {
    const now = 0;
    const buckets = tokenBuckets({ limit: 1, windowMs: 60_000, maxKeys: 100, now: () => now });
    buckets.take('regular');
    for (let i = 0; i < 10_000; i += 1) {
      buckets.take(`flood-${i}`);
      if (i % 50 === 0) buckets.take('regular');
    }
    expect(buckets.size()).toBe(100);
    // The regular client was seen recently, so it kept its (empty) bucket.
    expect(buckets.take('regular')).toBeGreaterThan(0);
  });
});

describe('rate-limit keys', () => {
  it('IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64', () => {
    expectAnswers(rateLimitKey, [
      ['203.0.113.9', '203.0.113.9'],
      ['::ffff:203.0.113.9', '203.0.113.9'],
      ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
      ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
      ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
      ['::1', '0:0:0:0::/64'],
      // `::` in the first four groups: the groups after it still land where they belong.
      ['1::2:3:4:5:6:7', '1:0:2:3::/64'],
      ['::ffff:192.168.100.200', '192.168.100.200'],
      // ffff in the sixth group alone does not make an address IPv4-mapped.
      ['2001:db8::ffff:1:2', '2001:db8:0:0::/64'],
    ]);
  });
});

describe('TRUST_PROXY: the client behind a reverse proxy', () => {
  async function statuses(env: Record<string, string>, forwardedFor: string[]) {
    const server = await listen(createApp(loadConfig({ RATE_LIMIT_STEAM_PER_MINUTE: '1', ...env })));
    try {
      const out: number[] = [];
      for (const xff of forwardedFor) out.push((await fetch(`${server.url}/api/steam/resolve/!`, { headers: { 'X-Forwarded-For': xff } })).status);
      return out;
    } finally {
      await server.close();
    }
  }

  it('with TRUST_PROXY=1 each forwarded client has its own bucket', async () => {
    // 400: let through (and refused by validation); 429: limited.
    expect(await statuses({ TRUST_PROXY: '1' }, ['198.51.100.1', '198.51.100.2', '198.51.100.1'])).toEqual([400, 400, 429]);
  });

  it('only the entry the trusted proxy appended counts: a client cannot pick its key', async () => {
    expect(await statuses({ TRUST_PROXY: '1' }, ['1.1.1.1, 198.51.100.1', '2.2.2.2, 198.51.100.1'])).toEqual([400, 429]);
  });

  it('without TRUST_PROXY the header is ignored', async () => {
    expect(await statuses({}, ['198.51.100.1', '198.51.100.2'])).toEqual([400, 429]);
  });
});

describe('limits on the routes that spend this server\'s credentials', () => {
  let provider: Running;
  let hits = 0;
  beforeAll(async () => {
    // Answers every call, so only the limiter can refuse.
    const app = new Hono()
      .post('/api/token', (c) => {
        hits += 1;
        return c.json({ error: 'invalid_grant' }, 400);
      })
      .post('/oauth/token', (c) => {
        hits += 1;
        return c.json({ error: 'invalid_grant' }, 400);
      })
      .get('/v1/me/top/:type', (c) => {
        hits += 1;
        return c.json({ limit: 20, offset: 0, total: 0, items: [] });
      });
    provider = await listen(app);
  });
  afterAll(() => provider.close());

  const post = (app: Hono, path: string, body: object) => app.request(path, { method: 'POST', headers: SAME_ORIGIN_JSON, body: JSON.stringify(body) });

  it('token and refresh: 429 with Retry-After past RATE_LIMIT_AUTH_PER_MINUTE, without calling the provider', async () => {
    const app = createApp(testConfig({ spotify: provider.url, trakt: provider.url }, { RATE_LIMIT_AUTH_PER_MINUTE: '2' }));
    expect((await post(app, '/api/spotify/auth/token', { code: 'a', code_verifier: 'v'.repeat(43) })).status).toBe(400);
    expect((await post(app, '/api/trakt/auth/token', { code: 'a' })).status).toBe(400);
    const before = hits;
    for (const [path, body] of [
      ['/api/spotify/auth/token', { code: 'a', code_verifier: 'v'.repeat(43) }],
      ['/api/spotify/auth/refresh', { refresh_token: 'r' }],
      ['/api/trakt/auth/token', { code: 'a' }],
      ['/api/trakt/auth/refresh', { refresh_token: 'r' }],
    ] as const) {
      const response = await post(app, path, body);
      expect(response.status, path).toBe(429);
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
    expect(hits).toBe(before);
  });

  it('data proxies: 429 past RATE_LIMIT_DATA_PER_MINUTE', async () => {
    const app = createApp(testConfig({ spotify: provider.url }, { RATE_LIMIT_DATA_PER_MINUTE: '2' }));
    const get = () => app.request('/api/api/spotify/me/top/artists', { headers: { Authorization: 'Bearer t' } });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('30');
  });
});

describe('a provider\'s own 429 passes through with its Retry-After', () => {
  let busy: Running;
  beforeAll(async () => {
    const app = new Hono()
      .post('/api/token', (c) => c.json({ error: 'rate_limited' }, 429, { 'Retry-After': '17' }))
      .get('/v1/me/top/:type', (c) => c.json({ error: { status: 429 } }, 429, { 'Retry-After': '42' }))
      .get('/api/sync/watchlist/:kind', (c) => c.body(null, 429))
      .get('/ISteamUser/ResolveVanityURL/v1/', (c) => c.text('Too Many Requests', 429, { 'Retry-After': new Date(Date.now() + 90_000).toUTCString() }));
    busy = await listen(app);
  });
  afterAll(() => busy.close());

  it('token, data and Steam routes answer 429 UPSTREAM_RATE_LIMITED', async () => {
    const app = createApp(testConfig({ spotify: busy.url, trakt: busy.url, steam: busy.url }));
    const token = await app.request('/api/spotify/auth/token', { method: 'POST', headers: SAME_ORIGIN_JSON, body: JSON.stringify({ code: 'a', code_verifier: 'v'.repeat(43) }) });
    expect(token.status).toBe(429);
    expect(token.headers.get('Retry-After')).toBe('17');
    expect(((await token.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_RATE_LIMITED');

    const top = await app.request('/api/api/spotify/me/top/tracks', { headers: { Authorization: 'Bearer t' } });
    expect([top.status, top.headers.get('Retry-After')]).toEqual([429, '42']);
    // No Retry-After upstream: a conservative default.
    const watchlist = await app.request('/api/api/trakt/sync/watchlist/shows', { headers: { Authorization: 'Bearer t' } });
    expect([watchlist.status, watchlist.headers.get('Retry-After')]).toEqual([429, '30']);
    // An HTTP date becomes seconds.
    const steam = await app.request('/api/steam/resolve/someone');
    expect(steam.status).toBe(429);
    expect(Number(steam.headers.get('Retry-After'))).toBeGreaterThanOrEqual(88);
    expect(Number(steam.headers.get('Retry-After'))).toBeLessThanOrEqual(90);
  });
});

describe('AI_DAILY_LIMIT: one budget of Gemini calls for the whole app', () => {
  const KEY = 'GEMINI-BUDGET-KEY-1';
  const gemini = createFakeGemini({ apiKey: KEY });
  let server: Running;
  beforeAll(async () => {
    server = await listen(gemini.app);
  });
  afterAll(() => server.close());

  it('past the budget every client gets 429 AI_RATE_LIMITED until midnight UTC, and Gemini is not called', async () => {
    const app = createApp(loadConfig({ GEMINI_API_KEY: KEY, GEMINI_BASE_URL: server.url, AI_DAILY_LIMIT: '2', RATE_LIMIT_AI_PER_MINUTE: '1000' }));
    const ask = () => app.request('/api/ai/hot-takes/prompt', { method: 'POST', headers: SAME_ORIGIN_JSON, body: JSON.stringify({ interests: ['Metal'] }) });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const spent = await ask();
    expect(spent.status).toBe(429);
    expect(((await spent.json()) as { error: { code: string } }).error.code).toBe('AI_RATE_LIMITED');
    const retryAfter = Number(spent.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(gemini.requests).toHaveLength(2);
  });

  it('renews at midnight UTC', () => {
    let now = Date.UTC(2026, 0, 1, 23, 59, 0);
    const budget = dailyBudget(1, () => now);
    expect(budget.take()).toBe(0);
    expect(budget.take()).toBe(60_000);
    now = Date.UTC(2026, 0, 2, 0, 0, 0);
    expect(budget.take()).toBe(0);
  });

  it('the local engine spends nothing and is not held to it', async () => {
    const app = createApp(loadConfig({ AI_DAILY_LIMIT: '1', RATE_LIMIT_AI_PER_MINUTE: '1000' }));
    for (let i = 0; i < 3; i += 1) {
      const response = await app.request('/api/ai/hot-takes/prompt', { method: 'POST', headers: SAME_ORIGIN_JSON, body: JSON.stringify({ interests: ['Metal'] }) });
      expect(response.status).toBe(200);
    }
  });
});
