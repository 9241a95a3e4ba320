import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createFakeGemini } from '../../../server/fakes/gemini';
import { listen, type Running } from './servers';

// The tests that configure Gemini talk to the in-process fake (server/fakes/gemini.ts) on a port of its own.

export interface FakeGeminiAroundTests {
  fake: ReturnType<typeof createFakeGemini>;
  /** Where the fake listens (GEMINI_BASE_URL); known once the block's tests have started. */
  url: () => string;
}

/** A fake Gemini that accepts `apiKey`, listening for the enclosing block's tests, with its queue and records emptied before each test. */
export function runFakeGeminiAroundTests(apiKey: string): FakeGeminiAroundTests {
  const fake = createFakeGemini({ apiKey });
  let running: Running | undefined;
  beforeAll(async () => {
    running = await listen(fake.app);
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => {
    fake.reset();
  });
  return {
    fake,
    url: () => {
      if (!running) throw new Error('the fake Gemini is not listening yet');
      return running.url;
    },
  };
}
