import type { ApiError, Schema, Type } from '@google/genai';
import type { ServerConfig } from '../config';
import { readLimitedText } from '../lib/upstream';
import { explainScores, sharedItems } from './local/similarity';
import { scoresFor } from './output';
import {
  bioPrompt,
  chatReplyPrompt,
  firstResponsePrompt,
  hotTakesPromptPrompt,
  personaHotTakePrompt,
  similarityPrompt,
  type Prompt,
} from './prompts';
import { AiFailure, type AiProvider } from './provider';

// The Gemini provider. One generateContent call per feature, each bounded by the configured timeout;
// every upstream problem becomes an AiFailure so routes answer with a typed error, never the detail.
// The SDK is loaded only when a key is configured: a server without one never holds its code in memory.

function similaritySchema(type: typeof Type): Schema {
  return {
    type: type.ARRAY,
    items: {
      type: type.OBJECT,
      properties: { username: { type: type.STRING }, score: { type: type.INTEGER } },
      required: ['username', 'score'],
    },
  };
}

const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** Google's 429 body may carry RetryInfo ("retryDelay": "12s"); otherwise a conservative default. */
function retryAfterFrom(error: ApiError): number {
  const match = /"retryDelay"\s*:\s*"(\d+)(?:\.\d+)?s"/.exec(error.message);
  const seconds = match ? Number(match[1]) : DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(3600, Math.max(1, seconds));
}

/**
 * The SDK's network calls, held to the rules of every other outside call: a redirect is never followed
 * (the key rides in a header, and a followed redirect would hand it to whatever host the Location
 * names; the SDK then sees the 3xx as a failure), and the answer is cut at 1 MB.
 */
export async function guardedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, redirect: 'manual' });
  const text = await readLimitedText(response);
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

export function createGeminiProvider(gemini: ServerConfig['gemini'] & { apiKey: string }): AiProvider {
  const sdk = import('@google/genai');
  const client = sdk.then(
    ({ GoogleGenAI }) =>
      new GoogleGenAI({
        apiKey: gemini.apiKey,
        httpOptions: { fetch: guardedFetch, ...(gemini.baseUrl ? { baseUrl: gemini.baseUrl } : {}) },
      }),
  );

  async function generate(
    prompt: Prompt,
    options: { maxOutputTokens: number; temperature: number; json?: Schema },
  ): Promise<string> {
    const { ApiError } = await sdk;
    const ai = await client;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new AiFailure('timeout', `Gemini did not answer within ${gemini.timeoutMs} ms`));
      }, gemini.timeoutMs);
    });
    try {
      const call = ai.models.generateContent({
        model: gemini.model,
        contents: [{ role: 'user', parts: [{ text: prompt.user }] }],
        config: {
          systemInstruction: prompt.system,
          temperature: options.temperature,
          maxOutputTokens: options.maxOutputTokens,
          abortSignal: controller.signal,
          ...(options.json ? { responseMimeType: 'application/json', responseSchema: options.json } : {}),
        },
      });
      // The race guarantees the bound even if the SDK were to keep reading a stalled body.
      const result = await Promise.race([call, timeout]);
      return result.text ?? '';
    } catch (error) {
      if (error instanceof AiFailure) throw error;
      if (error instanceof ApiError && error.status === 429) {
        throw new AiFailure('rate_limited', 'Gemini rate limit', retryAfterFrom(error));
      }
      if (controller.signal.aborted) throw new AiFailure('timeout', 'Gemini call aborted by timeout');
      const status = error instanceof ApiError ? ` (HTTP ${error.status})` : '';
      throw new AiFailure('failed', `Gemini call failed${status}: ${(error as Error)?.message ?? String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  const text = (prompt: Prompt, maxOutputTokens: number) => generate(prompt, { maxOutputTokens, temperature: 0.9 });

  return {
    name: 'gemini',
    bio: (req) => text(bioPrompt(req), 256),
    hotTakesPrompt: (req) => text(hotTakesPromptPrompt(req), 256),
    personaHotTake: (req) => text(personaHotTakePrompt(req), 160),
    chatReply: (req) => text(chatReplyPrompt(req), 200),
    firstResponse: (req) => text(firstResponsePrompt(req), 200),
    async similarity(req) {
      const usernames = req.candidates.map((c) => c.username);
      if (usernames.length === 0) return { scores: {}, shared: {}, breakdowns: {} }; // nothing to ask about
      const raw = await generate(similarityPrompt(req), {
        maxOutputTokens: 64 + 24 * usernames.length,
        temperature: 0.2,
        json: similaritySchema((await sdk).Type),
      });
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new AiFailure('failed', 'Gemini similarity answer was not JSON');
      }
      // The model judges the score; the reasons shown beside it, and its split, come from the local overlap.
      const scores = scoresFor(usernames, parsed);
      return { scores, shared: sharedItems(req.user, req.candidates), breakdowns: explainScores(req.user, req.candidates, scores) };
    },
  };
}
