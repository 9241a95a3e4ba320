import type { Context } from 'hono';
import type { z } from 'zod';
import { jsonError } from './errors';
import { upstreamFetch } from './upstream';

/** What an outside call came to, so a route can answer without ever passing upstream detail on. */
export type UpstreamResult =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'unreachable' };

/** Calls an outside service with the bounded wait; never throws (timeouts and network errors become results). */
export async function callUpstream(url: string, init: RequestInit, timeoutMs: number): Promise<UpstreamResult> {
  let response: Response;
  try {
    response = await upstreamFetch(url, init, timeoutMs);
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    return name === 'TimeoutError' || name === 'AbortError' ? { kind: 'timeout' } : { kind: 'unreachable' };
  }
  let body: unknown;
  try {
    const text = await response.text();
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, say): the routes treat it as an unusable answer.
  }
  return { kind: 'response', status: response.status, body };
}

/** The answer for a call that never produced a usable response. */
export function unavailable(c: Context, result: Exclude<UpstreamResult, { kind: 'response' }>, service: string) {
  return result.kind === 'timeout'
    ? jsonError(c, 504, 'UPSTREAM_TIMEOUT', `${service} did not answer in time. Please try again.`)
    : jsonError(c, 502, 'UPSTREAM_UNREACHABLE', `${service} could not be reached. Please try again.`);
}

/** A 2xx body checked against the expected shape; anything else is an upstream failure. */
export function parseOk<T extends z.ZodType>(result: { status: number; body: unknown }, schema: T): z.infer<T> | undefined {
  if (result.status < 200 || result.status >= 300) return undefined;
  const parsed = schema.safeParse(result.body);
  return parsed.success ? parsed.data : undefined;
}

export function badUpstream(c: Context, service: string) {
  return jsonError(c, 502, 'UPSTREAM_ERROR', `${service} did not answer as expected. Please try again later.`);
}
