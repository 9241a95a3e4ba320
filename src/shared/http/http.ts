import type { z } from 'zod';

/** A non-2xx answer from our own /api. `code` is the server's error code when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly retryAfterSeconds?: number;
  constructor(status: number, code?: string, retryAfterSeconds?: number) {
    super(`HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The network failed (offline, refused, aborted) before any answer came. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** The answer was 2xx but its body did not have the expected shape. */
export class ResponseShapeError extends Error {
  constructor(cause: unknown) {
    super('Unexpected response shape', { cause });
    this.name = 'ResponseShapeError';
  }
}

async function errorFrom(response: Response): Promise<HttpError> {
  let code: string | undefined;
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    if (typeof body?.error?.code === 'string') code = body.error.code;
  } catch {
    // Not JSON: the status is all we have.
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new HttpError(response.status, code, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

/** The caller's headers (any HeadersInit form) plus the defaults it did not set itself. */
function withDefaultHeaders(given: HeadersInit | undefined, defaults: Record<string, string>): Headers {
  const headers = new Headers(given);
  for (const [name, value] of Object.entries(defaults)) if (!headers.has(name)) headers.set(name, value);
  return headers;
}

/** Fetches JSON and validates it. Throws NetworkError, HttpError or ResponseShapeError. */
export async function requestJson<T>(url: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: withDefaultHeaders(init.headers, { Accept: 'application/json' }) });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await errorFrom(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ResponseShapeError(error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ResponseShapeError(parsed.error);
  return parsed.data;
}

export function postJson<T>(url: string, body: unknown, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
  return requestJson(url, schema, {
    ...init,
    method: 'POST',
    headers: withDefaultHeaders(init.headers, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
}

/** True when a failure is a 401, which docs/product.md treats as an expired provider token. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}
