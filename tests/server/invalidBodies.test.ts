import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from './members/support/browser';
import { withMemberApp } from './members/support/memberApp';

// What each group of routes answers to a body that is no JSON or JSON of the wrong shape: the words
// each group's clients know (the social routes' one text is asserted in tests/server/social).

describe('refused JSON bodies', () => {
  const setup = withMemberApp('pglite');
  const post = (path: string, body: string) =>
    setup.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: APP_ORIGIN }, body });
  const cases: [string, string, string][] = [
    ['/api/ai/bio', '{"username":', 'The request body must be JSON.'],
    ['/api/ai/bio', '{"username":"sam","hobbies":"x","musicGenres":[1],"favoriteGames":[],"favoriteShows":[]}', 'The request body is not valid at musicGenres.0.'],
    ['/api/auth/signup', 'not json', 'Invalid request. The body must be JSON.'],
    ['/api/auth/login', '{"username":"sam"}', 'Invalid request. password: Invalid input: expected string, received undefined'],
    ['/api/spotify/auth/token', '{}', 'Invalid request. code: Invalid input: expected string, received undefined'],
  ];

  it.each(cases)('%s %s: 400 INVALID_REQUEST', async (path, body, message) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'INVALID_REQUEST', message } });
  });
});
