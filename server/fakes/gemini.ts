import { Hono } from 'hono';

// A stand-in for the Gemini REST API (generateContent, v1beta) speaking the wire shapes of
// @google/genai 2.x, so tests drive the real SDK. Tests script answers per call and read back what
// was sent.

export type FakeGeminiAnswer =
  /** A normal answer; delayMs holds it back (beyond the timeout, for the slow case). */
  | { text: string; delayMs?: number }
  /** A candidate without any text parts. */
  | { empty: true }
  /** An error status with Google's error body; 429 may carry a RetryInfo delay. */
  | { status: number; retryDelaySeconds?: number };

export interface RecordedGeminiRequest {
  model: string;
  apiKey: string | undefined;
  body: GenerateContentBody;
  /** The text of systemInstruction (all parts joined). */
  system: string;
  /** The text of the user contents (all parts joined). */
  user: string;
}

interface Part {
  text?: string;
}
interface GenerateContentBody {
  contents?: { role?: string; parts?: Part[] }[];
  systemInstruction?: { parts?: Part[] } | string;
  generationConfig?: Record<string, unknown>;
}

export const FAKE_GEMINI_DEFAULT_TEXT = 'Fake Gemini answer.';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function partsText(parts: Part[] | undefined): string {
  return (parts ?? []).map((p) => p.text ?? '').join('\n');
}

function errorBody(status: number, message: string, retryDelaySeconds?: number) {
  const details =
    retryDelaySeconds === undefined
      ? undefined
      : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryDelaySeconds}s` }];
  return { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN', ...(details ? { details } : {}) } };
}

function answerBody(model: string, parts: Part[], id: number) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: model,
    responseId: `fake-response-${id}`,
  };
}

export function createFakeGemini(options: { apiKey: string }) {
  const requests: RecordedGeminiRequest[] = [];
  const queue: FakeGeminiAnswer[] = [];
  const app = new Hono();

  app.post('/v1beta/models/:target', async (c) => {
    const target = c.req.param('target');
    const [model, method] = target.split(':');
    if (method !== 'generateContent' || !model) {
      return c.json(errorBody(404, `Method ${target} not found.`), 404);
    }
    const apiKey = c.req.header('x-goog-api-key');
    if (apiKey !== options.apiKey) {
      return c.json(errorBody(400, 'API key not valid. Please pass a valid API key.'), 400);
    }
    let body: GenerateContentBody;
    try {
      body = await c.req.json<GenerateContentBody>();
    } catch {
      return c.json(errorBody(400, 'Invalid JSON payload received.'), 400);
    }
    const system = typeof body.systemInstruction === 'string' ? body.systemInstruction : partsText(body.systemInstruction?.parts);
    const user = (body.contents ?? []).map((content) => partsText(content.parts)).join('\n');
    requests.push({ model, apiKey, body, system, user });

    const answer = queue.shift() ?? { text: FAKE_GEMINI_DEFAULT_TEXT };
    if ('status' in answer) {
      const message = answer.status === 429 ? 'Resource has been exhausted (e.g. check quota).' : 'Internal error encountered.';
      return c.json(errorBody(answer.status, message, answer.retryDelaySeconds), answer.status as 400);
    }
    if ('empty' in answer) return c.json(answerBody(model, [], requests.length));
    if (answer.delayMs) {
      await new Promise<void>((resolve) => {
        // unref: a held-back answer must not keep a finished test run alive.
        setTimeout(resolve, answer.delayMs).unref();
      });
    }
    return c.json(answerBody(model, [{ text: answer.text }], requests.length));
  });

  app.all('*', (c) => c.json(errorBody(404, 'Not found.'), 404));

  return {
    app,
    /** Every generateContent call that passed the key check, oldest first. */
    requests,
    /** Answers for the next calls, in order; when empty the fake answers FAKE_GEMINI_DEFAULT_TEXT. */
    enqueue(...answers: FakeGeminiAnswer[]) {
      queue.push(...answers);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
  };
}
