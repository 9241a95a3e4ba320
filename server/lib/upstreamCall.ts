import type { Context } from 'hono';
import type { z } from 'zod';
import { refuse } from './errors';
import { readLimitedText, UpstreamBodyTooLarge, upstreamFetch } from './upstream';

/** What an outside call came to, so a route can answer without ever passing upstream detail on. */
export type UpstreamResult =
  | { kind: 'response'; status: number; body: unknown; retryAfterSeconds?: number }
  | { kind: 'timeout' }
  | { kind: 'unreachable' }
  | { kind: 'tooLarge' };

const DEFAULT_RETRY_AFTER_SECONDS = 30;
const MAX_RETRY_AFTER_SECONDS = 3600;

/** Retry-After as whole seconds (it may be seconds or an HTTP date), kept within an hour. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds)));
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** Calls an outside service with the bounded wait and body cap; never throws (failures become results). */
export async function callUpstream(url: string, init: Omit<RequestInit, 'signal'>, timeoutMs: number): Promise<UpstreamResult> {
  let response: Response;
  try {
    response = await upstreamFetch(url, init, timeoutMs);
  } catch (error) {
    return isAbort(error) ? { kind: 'timeout' } : { kind: 'unreachable' };
  }
  let text: string;
  try {
    text = await readLimitedText(response);
  } catch (error) {
    if (error instanceof UpstreamBodyTooLarge) return { kind: 'tooLarge' };
    // The wait ran out while the body was still arriving: as much a timeout as no answer at all.
    return isAbort(error) ? { kind: 'timeout' } : { kind: 'unreachable' };
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, say): the routes treat it as an unusable answer.
  }
  const retryAfterSeconds = response.status === 429 ? (parseRetryAfter(response.headers.get('Retry-After')) ?? DEFAULT_RETRY_AFTER_SECONDS) : undefined;
  return { kind: 'response', status: response.status, body, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
}

/** The answer for a call that never produced a usable response. */
export function unavailable(c: Context, result: Exclude<UpstreamResult, { kind: 'response' }>, service: string) {
  if (result.kind === 'timeout') return refuse(c, { status: 504, code: 'UPSTREAM_TIMEOUT', message: `${service} did not answer in time. Please try again.` });
  if (result.kind === 'tooLarge') return badUpstream(c, service);
  return refuse(c, { status: 502, code: 'UPSTREAM_UNREACHABLE', message: `${service} could not be reached. Please try again.` });
}

/** The provider is limiting this app: pass its 429 on, with its Retry-After, so clients back off. */
export function upstreamRateLimited(c: Context, result: { retryAfterSeconds?: number }, service: string) {
  const seconds = result.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  return refuse(c, { status: 429, code: 'UPSTREAM_RATE_LIMITED', message: `${service} is busy right now. Try again in ${seconds} s.`, retryAfter: seconds });
}

/** A 2xx body checked against the expected shape; anything else is an upstream failure. */
export function parseOk<T extends z.ZodType>(result: { status: number; body: unknown }, schema: T): z.infer<T> | undefined {
  if (result.status < 200 || result.status >= 300) return undefined;
  const parsed = schema.safeParse(result.body);
  return parsed.success ? parsed.data : undefined;
}

export function badUpstream(c: Context, service: string) {
  return refuse(c, { status: 502, code: 'UPSTREAM_ERROR', message: `${service} did not answer as expected. Please try again later.` });
}
