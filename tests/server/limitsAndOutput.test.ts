import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { similarityScoreOrDefault } from '../../src/domain/aiContract';
import { scoresFor, textOrFallback } from '../../server/ai/output';
import { rateLimit } from '../../server/lib/rateLimit';

// The per-client rate limit (a bucket of `limit` refilled over the window, 429 with Retry-After) and the AI output rules of
// docs/product.md: empty text gets the feature's fallback, a score counts only as a whole
// number from 0 to 100, anything missing or invalid is 50.
describe('rateLimit', () => {
  function appWithLimit(limit: number, clock: { t: number }) {
    const app = new Hono();
    app.use('*', rateLimit({ limit, windowMs: 60_000, now: () => clock.t, name: 'AI' }));
    app.get('/', (c) => c.text('ok'));
    return (address: string) => app.request('/', {}, { incoming: { socket: { remoteAddress: address } } });
  }

  it('lets a burst of `limit` through, then answers 429 with the whole seconds until the next request', async () => {
    const clock = { t: 0 };
    const from = appWithLimit(2, clock);
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(200);
    const refused = await from('10.0.0.1');
    expect(refused.status).toBe(429);
    // 2 per minute refill one request every 30 s.
    expect(refused.headers.get('Retry-After')).toBe('30');
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many AI requests. Try again in 30 s.' } });
  });

  it('counts each client on its own', async () => {
    const clock = { t: 0 };
    const from = appWithLimit(1, clock);
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.2')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(429);
  });

  it('allows the next request once its share of the window has passed, not before', async () => {
    const clock = { t: 1_000 };
    const from = appWithLimit(1, clock);
    await from('10.0.0.1');
    clock.t = 60_999;
    const early = await from('10.0.0.1');
    expect(early.status).toBe(429);
    expect(early.headers.get('Retry-After')).toBe('1');
    clock.t = 61_000;
    expect((await from('10.0.0.1')).status).toBe(200);
  });
});

describe('AI output', () => {
  it('empty or blank text becomes the fallback of its feature; other text is trimmed', () => {
    expect(textOrFallback('bio', '   ')).toBe('No summary generated');
    expect(textOrFallback('hotTakesPrompt', null)).toBe('No game response generated');
    expect(textOrFallback('personaHotTake', undefined)).toBe('No hot take generated');
    expect(textOrFallback('chatReply', '')).toBe('No conversation response generated');
    expect(textOrFallback('firstResponse', '')).toBe('No conversation response generated');
    expect(textOrFallback('bio', '  A bio.  ')).toBe('A bio.');
  });

  it('a score counts only as a whole number from 0 to 100', () => {
    expect(similarityScoreOrDefault(0)).toBe(0);
    expect(similarityScoreOrDefault(100)).toBe(100);
    expect(similarityScoreOrDefault(73)).toBe(73);
    for (const bad of [-1, 101, 50.5, '80', null, undefined, Number.NaN]) expect(similarityScoreOrDefault(bad)).toBe(50);
  });

  it('scores exactly the asked usernames: first entry per name wins, junk ignored, missing is 50', () => {
    const entries = [
      { username: 'ana', score: 91 },
      { username: 'ana', score: 10 },
      'junk',
      null,
      { username: 7, score: 80 },
      { username: 'ben', score: 'high' },
      { username: 'zed', score: 99 },
    ];
    expect(scoresFor(['ana', 'ben', 'cy'], entries)).toEqual({ ana: 91, ben: 50, cy: 50 });
    expect(scoresFor(['ana'], { ana: 91 })).toEqual({ ana: 50 });
  });
});
