import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeGemini } from '../../server/fakes/gemini';

// The fake Gemini's wire answers as a client (the @google/genai SDK) sees them: generateContent
// bodies, Google's error bodies, scripted answers, and what it records of each call.

const KEY = 'fake-gemini-key';
const MODEL = 'gemini-2.5-flash-lite';

let fake: ReturnType<typeof createFakeGemini>;
beforeEach(() => {
  fake = createFakeGemini({ apiKey: KEY });
});
afterEach(() => {
  vi.useRealTimers();
});

function generate(body: unknown, { model = MODEL, key = KEY, method = 'generateContent' } = {}) {
  return fake.app.request(`/v1beta/models/${model}:${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-goog-api-key': key },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const answer = (text: string | undefined, id: number, model = MODEL) => ({
  candidates: [{ content: { role: 'model', parts: text === undefined ? [] : [{ text }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  modelVersion: model,
  responseId: `fake-response-${id}`,
});

const reply = async (response: Response) => [response.status, await response.json()];

describe('fake Gemini generateContent', () => {
  it('answers the default text in the generateContent shape, numbering the responses', async () => {
    expect(await reply(await generate({ contents: [] }))).toEqual([200, answer('Fake Gemini answer.', 1)]);
    expect(await reply(await generate({ contents: [] }, { model: 'gemini-3.1-flash-lite' }))).toEqual([200, answer('Fake Gemini answer.', 2, 'gemini-3.1-flash-lite')]);
  });

  it('records the model, key, body and the system and user text of each call', async () => {
    const first = {
      contents: [
        { role: 'user', parts: [{ text: 'a' }, {}, { text: 'b' }] },
        { role: 'user', parts: [{ text: 'c' }] },
      ],
      systemInstruction: { parts: [{ text: 's1' }, { text: 's2' }] },
      generationConfig: { temperature: 0.2 },
    };
    const second = { contents: [{ role: 'user' }], systemInstruction: 'plain system' };
    for (const body of [first, second, {}]) expect((await generate(body)).status).toBe(200);
    expect(fake.requests).toEqual([
      { model: MODEL, apiKey: KEY, body: first, system: 's1\ns2', user: 'a\n\nb\nc' },
      { model: MODEL, apiKey: KEY, body: second, system: 'plain system', user: '' },
      { model: MODEL, apiKey: KEY, body: {}, system: '', user: '' },
    ]);
  });

  it('plays scripted answers in order: text, an empty candidate, and errors with Google error bodies', async () => {
    fake.enqueue({ text: 'one' }, { empty: true }, { status: 429, retryDelaySeconds: 7 }, { status: 429 }, { status: 500 }, { status: 503 }, { status: 418 });
    const results = [];
    for (let i = 0; i < 8; i += 1) results.push(await reply(await generate({ contents: [] })));
    const exhausted = 'Resource has been exhausted (e.g. check quota).';
    expect(results).toEqual([
      [200, answer('one', 1)],
      [200, answer(undefined, 2)],
      [
        429,
        { error: { code: 429, message: exhausted, status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }] } },
      ],
      [429, { error: { code: 429, message: exhausted, status: 'RESOURCE_EXHAUSTED' } }],
      [500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }],
      [503, { error: { code: 503, message: 'Internal error encountered.', status: 'UNAVAILABLE' } }],
      [418, { error: { code: 418, message: 'Internal error encountered.', status: 'UNKNOWN' } }],
      [200, answer('Fake Gemini answer.', 8)],
    ]);
  });

  it('refuses a wrong key, another method, a missing model, a broken body and other paths, before using the script', async () => {
    fake.enqueue({ text: 'kept' });
    expect(await reply(await generate({}, { key: 'wrong' }))).toEqual([
      400,
      { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } },
    ]);
    expect(await reply(await generate({}, { method: 'countTokens' }))).toEqual([
      404,
      { error: { code: 404, message: `Method ${MODEL}:countTokens not found.`, status: 'NOT_FOUND' } },
    ]);
    expect(await reply(await generate({}, { model: '' }))).toEqual([404, { error: { code: 404, message: 'Method :generateContent not found.', status: 'NOT_FOUND' } }]);
    expect(await reply(await generate('{"contents": ['))).toEqual([400, { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } }]);
    expect(await reply(await fake.app.request('/v1/models'))).toEqual([404, { error: { code: 404, message: 'Not found.', status: 'NOT_FOUND' } }]);
    expect(fake.requests).toEqual([]);
    expect(await reply(await generate({}))).toEqual([200, answer('kept', 1)]);
  });

  it('holds back an answer with a delay for exactly that long', async () => {
    vi.useFakeTimers();
    fake.enqueue({ text: 'late', delayMs: 5000 });
    let answered = false;
    const pending = Promise.resolve(generate({ contents: [] })).then((response) => {
      answered = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toBe(true);
    expect(await reply(await pending)).toEqual([200, answer('late', 1)]);
  });

  it('reset forgets the recorded calls and the scripted answers', async () => {
    fake.enqueue({ text: 'scripted' });
    await generate({});
    fake.enqueue({ text: 'dropped' });
    fake.reset();
    expect(fake.requests).toEqual([]);
    expect(await reply(await generate({}))).toEqual([200, answer('Fake Gemini answer.', 1)]);
  });
});
