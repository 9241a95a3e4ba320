import { describe, expect, it } from 'vitest';
import { createLocalProvider } from '../../../server/ai/local';

// The provider used without a Gemini key: every feature answered by the local engine, made in each test.

const persona = { username: 'riff_lord', personality: 'Sarcastic.', interests: ['Metal'] };

describe('local provider', () => {
  it('is named local and answers each text feature', async () => {
    const local = createLocalProvider();
    expect(local.name).toBe('local');
    expect(await local.bio({ username: 'sam', hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [] })).toBe(
      "sam is new to Mycelius and still adding favorites. Say hi and be the first to find out what they're into.",
    );
    expect(await local.personaHotTake({ ...persona, prompt: 'Topic: Pizza' })).toContain('Pizza');
    expect(await local.chatReply({ ...persona, messages: [], message: 'I love metal' })).toMatch(/ Metal\? /);
    expect(await local.firstResponse({ ...persona, prompt: 'Topic: Pizza', partnerTake: '', message: 'Pizza rules' })).toContain('"Pizza rules"');
  });

  it('never repeats the previous Hot Takes prompt', async () => {
    const local = createLocalProvider();
    const first = await local.hotTakesPrompt({ interests: ['Metal'] });
    expect(first).toMatch(/^Topic: Metal\n/);
    for (let i = 0; i < 5; i++) expect(await local.hotTakesPrompt({ interests: ['Metal'], previous: first })).not.toBe(first);
  });

  it('scores similarity with shared items and breakdowns', async () => {
    const local = createLocalProvider();
    const answer = await local.similarity({ user: { hobbies: '', musicGenres: ['Metal'], favoriteGames: [], favoriteShows: [] }, candidates: [persona] });
    expect(answer).toEqual({
      scores: { riff_lord: 100 },
      shared: { riff_lord: ['Metal'] },
      breakdowns: { riff_lord: { music: { points: 100, items: ['Metal'] }, games: { points: 0, items: [] }, shows: { points: 0, items: [] }, hobbies: { points: 0, items: [] } } },
    });
  });
});
