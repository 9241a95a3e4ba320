import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  bioRequestSchema,
  chatReplyRequestSchema,
  firstResponseRequestSchema,
  personaHotTakeRequestSchema,
  similarityRequestSchema,
  type BioRequest,
  type ChatReplyRequest,
} from '../../src/domain/aiContract';
import { AppError, isAppError } from '../../src/domain/errors';
import { messageFor } from '../../src/domain/errorText';
import {
  generateFirstResponse,
  generateFriendChatReply,
  generateHotTakesPrompt,
  generateMatchedChatReply,
  generatePersonaHotTake,
  generateProfileSummary,
  scoreSimilarity,
} from '../../src/shared/http/ai';

type FetchMock = Mock<(url: string, init?: RequestInit) => Promise<Response>>;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

let fetchMock: FetchMock;
let errorLog: ReturnType<typeof vi.spyOn>;

function answerWith(...responses: (Response | Error)[]): void {
  for (const r of responses) {
    if (r instanceof Error) fetchMock.mockRejectedValueOnce(r);
    else fetchMock.mockResolvedValueOnce(r);
  }
}

function sentBody(call = 0): unknown {
  return JSON.parse(fetchMock.mock.calls[call]![1]!.body as string);
}

// Every way an AI call can fail: server error, rate limit, network down, a 200 with the wrong shape or no JSON.
const failures: [string, () => Response | Error][] = [
  ['a 500', () => json({ error: { code: 'AI_UPSTREAM', message: 'x' } }, 500)],
  ['a 429', () => json({ error: { code: 'RATE_LIMITED', message: 'x' } }, 429, { 'Retry-After': '30' })],
  ['a network failure', () => new TypeError('fetch failed')],
  ['a malformed answer', () => json({ nope: true })],
  ['a non-JSON answer', () => new Response('<html>oops</html>', { status: 200 })],
];

const bio: BioRequest = {
  username: 'mika',
  hobbies: 'climbing',
  musicGenres: ['Metal'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Dark'],
};

const chat: ChatReplyRequest = {
  username: 'Jordan',
  personality: 'sarcastic gamer',
  interests: ['Halo'],
  messages: Array.from({ length: 8 }, (_, i) => ({ sender: i % 2 ? 'Jordan' : 'user', text: `m${i}` })),
  message: 'hello?',
};

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('generateProfileSummary (AI call 1)', () => {
  it('posts the bio input to the bio route and returns the text', async () => {
    answerWith(json({ text: '  A climber who loves Metal.  ' }));
    await expect(generateProfileSummary(bio)).resolves.toBe('A climber who loves Metal.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai/bio');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('POST');
    expect(bioRequestSchema.parse(sentBody())).toEqual(bio);
  });

  it("turns an empty answer into 'No summary generated'", async () => {
    answerWith(json({ text: '   ' }));
    await expect(generateProfileSummary(bio)).resolves.toBe('No summary generated');
  });

  it.each(failures)('logs and rethrows %s as AI_FAILED, shown as the docs/product.md text', async (_name, failure) => {
    answerWith(failure());
    const error = await generateProfileSummary(bio).catch((e: unknown) => e);
    expect(isAppError(error, 'AI_FAILED')).toBe(true);
    expect(messageFor(error, 'unused')).toBe('Failed to generate summary. Please try again.');
    expect(errorLog).toHaveBeenCalled();
  });

  it('keeps the status of a rate-limited call on the error', async () => {
    answerWith(json({ error: { code: 'RATE_LIMITED', message: 'x' } }, 429));
    const error = (await generateProfileSummary(bio).catch((e: unknown) => e)) as AppError;
    expect(error.status).toBe(429);
  });

  it('trims over-long input to the wire limits instead of failing the call', async () => {
    answerWith(json({ text: 'ok' }));
    const huge: BioRequest = {
      username: 'u'.repeat(500),
      hobbies: `${'h'.repeat(2999)}😀`,
      musicGenres: Array.from({ length: 80 }, (_, i) => `${'g'.repeat(300)}${i}`),
      favoriteGames: Array.from({ length: 60 }, (_, i) => `game ${i}`),
      favoriteShows: [],
      spotifyData: { topArtists: Array.from({ length: 20 }, () => 'a'), topTracks: ['t'] },
      steamData: { games: Array.from({ length: 20 }, (_, i) => ({ name: `g${i}`, hours: i })) },
      traktData: { shows: Array.from({ length: 15 }, () => 's'), movies: [] },
    };
    await expect(generateProfileSummary(huge)).resolves.toBe('ok');
    const sent = bioRequestSchema.safeParse(sentBody());
    expect(sent.success).toBe(true);
    expect(sent.data?.musicGenres).toHaveLength(50);
    expect(sent.data?.steamData?.games).toHaveLength(10);
  });

  it('never cuts an emoji in half when trimming', async () => {
    answerWith(json({ text: 'ok' }));
    await generateProfileSummary({ ...bio, hobbies: `${'h'.repeat(1999)}😀😀` });
    const hobbies = (sentBody() as BioRequest).hobbies;
    expect(hobbies).toBe('h'.repeat(1999));
  });
});

describe('generateHotTakesPrompt (AI call 2)', () => {
  it('returns the prompt text', async () => {
    answerWith(json({ text: 'Pineapple on pizza. Discuss.' }));
    await expect(generateHotTakesPrompt(['Pizza'])).resolves.toBe('Pineapple on pizza. Discuss.');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai/hot-takes/prompt');
    expect(sentBody()).toEqual({ interests: ['Pizza'] });
  });

  it('sends the prompt just played, so the server picks another', async () => {
    answerWith(json({ text: 'Topic: Jazz\nJazz is overrated.' }));
    await generateHotTakesPrompt(['Pizza'], 'Topic: Pizza\nPineapple on pizza. Discuss.');
    expect(sentBody()).toEqual({ interests: ['Pizza'], previous: 'Topic: Pizza\nPineapple on pizza. Discuss.' });
  });

  it("turns an empty answer into 'No game response generated'", async () => {
    answerWith(json({ text: '' }));
    await expect(generateHotTakesPrompt([])).resolves.toBe('No game response generated');
  });

  it.each(failures)('logs and rethrows %s', async (_name, failure) => {
    answerWith(failure());
    await expect(generateHotTakesPrompt(['Pizza'])).rejects.toSatisfy((e: unknown) => isAppError(e, 'AI_FAILED'));
    expect(errorLog).toHaveBeenCalled();
  });
});

describe('generatePersonaHotTake (AI call 3)', () => {
  const req = { username: 'Jordan', personality: 'contrarian', interests: ['Jazz'], prompt: 'Vinyl is overrated' };

  it('returns the persona take', async () => {
    answerWith(json({ text: 'Vinyl is a lifestyle, not a format.' }));
    await expect(generatePersonaHotTake(req)).resolves.toBe('Vinyl is a lifestyle, not a format.');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai/hot-takes/persona');
    expect(personaHotTakeRequestSchema.parse(sentBody())).toEqual(req);
  });

  it.each(['', '   ', undefined])('answers %j personality with the fallback and asks nothing', async (personality) => {
    const result = await generatePersonaHotTake({ ...req, personality: personality as string });
    expect(result).toBe("I'm honestly not sure what to think about that!");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(failures)('answers %s with the fallback, logged', async (_name, failure) => {
    answerWith(failure());
    await expect(generatePersonaHotTake(req)).resolves.toBe("I'm honestly not sure what to think about that!");
    expect(errorLog).toHaveBeenCalled();
  });

  it("turns an empty answer into 'No hot take generated'", async () => {
    answerWith(json({ text: '' }));
    await expect(generatePersonaHotTake(req)).resolves.toBe('No hot take generated');
  });
});

describe('generateFriendChatReply (AI call 4)', () => {
  it('sends only the last 5 messages and returns the reply', async () => {
    answerWith(json({ text: 'lol same' }));
    await expect(generateFriendChatReply(chat, () => 0)).resolves.toBe('lol same');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai/chat/reply');
    const sent = chatReplyRequestSchema.parse(sentBody());
    expect(sent.messages.map((m) => m.text)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect(sent.message).toBe('hello?');
  });

  it.each(failures)('answers %s with a canned reply chosen by the injected random', async (_name, failure) => {
    answerWith(failure());
    await expect(generateFriendChatReply(chat, () => 0.5)).resolves.toBe("That's interesting!");
    expect(errorLog).toHaveBeenCalled();
  });

  it('can pick each of the six canned replies, and nothing else', async () => {
    const picked = new Set<string>();
    for (const r of [0, 0.17, 0.34, 0.5, 0.67, 0.84, 0.999999, 1, -1, Number.NaN]) {
      answerWith(json({}, 500));
      picked.add(await generateFriendChatReply(chat, () => r));
    }
    expect([...picked].sort()).toEqual(['That sounds awesome! 😊', 'I totally agree!', 'Tell me more about that!', "That's interesting!", "Haha, that's funny!", 'I feel the same way!'].sort());
  });

  it("turns an empty answer into 'No conversation response generated'", async () => {
    answerWith(json({ text: ' ' }));
    await expect(generateFriendChatReply(chat, () => 0)).resolves.toBe('No conversation response generated');
  });
});

describe('generateFirstResponse (AI call 5) and generateMatchedChatReply', () => {
  const first = { username: 'Jordan', personality: 'brash', interests: [], prompt: 'Cats > dogs', partnerTake: 'Obviously', message: 'nah' };

  it('posts the first message to the first-response route', async () => {
    answerWith(json({ text: 'Excuse me?!' }));
    await expect(generateFirstResponse(first)).resolves.toBe('Excuse me?!');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai/chat/first-response');
    expect(firstResponseRequestSchema.parse(sentBody())).toEqual(first);
  });

  it.each(failures)('answers %s with the matched-chat fallback', async (_name, failure) => {
    answerWith(failure());
    await expect(generateFirstResponse(first)).resolves.toBe(
      "Hmm, I'm having trouble responding right now. Can you say that again?",
    );
    expect(errorLog).toHaveBeenCalled();
  });

  it('later matched-chat replies use the chat route and the same fallback', async () => {
    answerWith(json({ text: 'Fine, you win.' }), json({}, 503));
    await expect(generateMatchedChatReply(chat)).resolves.toBe('Fine, you win.');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai/chat/reply');
    await expect(generateMatchedChatReply(chat)).resolves.toBe("Hmm, I'm having trouble responding right now. Can you say that again?");
  });
});

describe('scoreSimilarity (AI call 6)', () => {
  const user = { hobbies: 'climbing', musicGenres: ['Metal'], favoriteGames: ['Elden Ring'], favoriteShows: [] };
  const candidates = ['ana', 'ben', 'cy', 'dee', 'eve', 'fay', 'gus'].map((username) => ({
    username,
    personality: 'friendly',
    interests: ['Rock'],
  }));

  it('makes one request for all candidates and keeps whole-number scores 0-100', async () => {
    answerWith(json({ scores: { ana: 0, ben: 100, cy: 73, dee: 12, eve: 50, fay: 99, gus: 1 }, shared: {} }));
    await expect(scoreSimilarity(user, candidates)).resolves.toEqual({ ana: 0, ben: 100, cy: 73, dee: 12, eve: 50, fay: 99, gus: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai/similarity');
    const sent = similarityRequestSchema.parse(sentBody());
    expect(sent.candidates.map((c) => c.username)).toEqual(candidates.map((c) => c.username));
    expect(sent.user).toEqual(user);
  });

  it('gives 50 to a score that is fractional, out of range, or missing', async () => {
    answerWith(json({ scores: { ana: 72.5, ben: 101, cy: -3, dee: 1e9, eve: 64, ghost: 90 } }));
    await expect(scoreSimilarity(user, candidates)).resolves.toEqual({
      ana: 50,
      ben: 50,
      cy: 50,
      dee: 50,
      eve: 64,
      fay: 50,
      gus: 50,
    });
  });

  it('treats non-numeric scores as a failed call: everyone 50', async () => {
    answerWith(json({ scores: { ana: 'high' } }));
    const scores = await scoreSimilarity(user, candidates);
    expect(Object.values(scores)).toEqual(candidates.map(() => 50));
  });

  it.each(failures)('answers %s with 50 for every candidate, logged', async (_name, failure) => {
    answerWith(failure());
    const scores = await scoreSimilarity(user, candidates);
    expect(scores).toEqual(Object.fromEntries(candidates.map((c) => [c.username, 50])));
    expect(errorLog).toHaveBeenCalled();
  });

  it('asks nothing when there are no candidates', async () => {
    await expect(scoreSimilarity(user, [])).resolves.toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a username such as __proto__ as an ordinary key', async () => {
    answerWith(json({ scores: { ['__proto__']: 80 } }));
    const scores = await scoreSimilarity(user, [{ username: '__proto__', personality: 'p', interests: [] }]);
    expect(Object.keys(scores)).toEqual(['__proto__']);
  });
});
