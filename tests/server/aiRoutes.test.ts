import { describe, expect, it } from 'vitest';
import { AI_ROUTES, similarityResponseSchema, textResponseSchema } from '../../src/domain/aiContract';
import { createApp } from '../../server/app';
import { createLocalProvider } from '../../server/ai/local';
import { loadConfig } from '../../server/config';
import { SAME_ORIGIN_JSON } from './support/servers';

// The AI routes with no Gemini key: the local engine answers every route; bodies are validated and
// each client is rate limited.

function appWith(env: Record<string, string> = {}) {
  return createApp(loadConfig({ RATE_LIMIT_AI_PER_MINUTE: '1000', ...env }));
}

function post(app: ReturnType<typeof createApp>, path: string, body: unknown) {
  return app.request(path, {
    method: 'POST',
    headers: SAME_ORIGIN_JSON,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const persona = { username: 'neon_nova', personality: 'Upbeat and energetic party starter.', interests: ['Dance', 'Fall Guys', 'Wednesday'] };

describe('AI routes on the local engine', () => {
  const app = appWith();

  it('writes a bio from the profile and service data', async () => {
    const res = await post(app, AI_ROUTES.bio, {
      username: 'sam',
      hobbies: 'bouldering',
      musicGenres: ['Metal'],
      favoriteGames: ['Elden Ring'],
      favoriteShows: ['Attack on Titan'],
      spotifyData: { topArtists: ['Gojira'], topTracks: ['Stranded'] },
      steamData: { games: [{ name: 'Hades', hours: 40 }] },
    });
    expect(res.status).toBe(200);
    const { text } = textResponseSchema.parse(await res.json());
    expect(text).toContain('Gojira');
    expect(text).toContain('Hades (40 hours in)');
  });

  it('answers the Hot Takes prompt, persona hot take, chat reply and first response', async () => {
    const cases: [string, unknown, RegExp][] = [
      [AI_ROUTES.hotTakesPrompt, { interests: ['Elden Ring'] }, /^Topic: Elden Ring\n/],
      [AI_ROUTES.personaHotTake, { ...persona, prompt: 'Topic: Fall Guys\nFall Guys is overrated.' }, /Fall Guys/],
      [AI_ROUTES.chatReply, { ...persona, messages: [{ sender: 'user', text: 'hi' }], message: 'Do you like Wednesday?' }, /Wednesday/],
      [AI_ROUTES.firstResponse, { ...persona, prompt: 'Topic: Dance', partnerTake: 'Dance rules.', message: 'Dance is boring' }, /"Dance is boring"/],
    ];
    for (const [path, body, expected] of cases) {
      const res = await post(app, path, body);
      expect(res.status).toBe(200);
      expect(textResponseSchema.parse(await res.json()).text).toMatch(expected);
    }
  });

  it('scores every candidate in one answer, with the shared items', async () => {
    const res = await post(app, AI_ROUTES.similarity, {
      user: { hobbies: 'parties', musicGenres: ['Dance'], favoriteGames: ['Fall Guys'], favoriteShows: [] },
      candidates: [persona, { username: 'quiet', personality: 'Reads a lot.', interests: ['Classical'] }],
    });
    expect(res.status).toBe(200);
    const body = similarityResponseSchema.parse(await res.json());
    expect(body.scores.neon_nova).toBeGreaterThan(body.scores.quiet as number);
    expect(body.shared.neon_nova).toEqual(['Dance', 'Fall Guys']);
  });

  it('answers 400 INVALID_REQUEST for a body that breaks the contract or is not JSON', async () => {
    for (const [path, body] of [
      [AI_ROUTES.bio, { username: 3 }],
      [AI_ROUTES.chatReply, { ...persona, messages: 'nope', message: 'hi' }],
      [AI_ROUTES.similarity, { user: {}, candidates: [] }],
      [AI_ROUTES.hotTakesPrompt, '{not json'],
    ] as const) {
      const res = await post(app, path, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('INVALID_REQUEST');
    }
  });

  it('refuses a body over 64 KB', async () => {
    const res = await post(app, AI_ROUTES.chatReply, { ...persona, messages: [], message: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it('answers only POST', async () => {
    const res = await app.request(AI_ROUTES.bio);
    expect(res.status).toBe(404);
  });
});

describe('AI rate limit', () => {
  it('answers 429 with Retry-After once a client passes the per-minute limit', async () => {
    const app = appWith({ RATE_LIMIT_AI_PER_MINUTE: '2' });
    const body = { interests: ['Metal'] };
    expect((await post(app, AI_ROUTES.hotTakesPrompt, body)).status).toBe(200);
    expect((await post(app, AI_ROUTES.bio, { username: 'a', musicGenres: [], favoriteGames: [], favoriteShows: [] })).status).toBe(200);
    const limited = await post(app, AI_ROUTES.hotTakesPrompt, body);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe('RATE_LIMITED');
  });
});

describe('the AI engine the app is given', () => {
  it('answers the /api/ai routes, so the live layer and the routes share the one built at start', async () => {
    const given = createLocalProvider();
    const app = createApp(loadConfig({ RATE_LIMIT_AI_PER_MINUTE: '1000' }), {
      ai: { ...given, bio: () => Promise.resolve('Written by the engine built at start.') },
    });
    const res = await post(app, AI_ROUTES.bio, { username: 'sam', hobbies: 'bouldering', musicGenres: [], favoriteGames: [], favoriteShows: [] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: 'Written by the engine built at start.' });
  });
});
