import type { z } from 'zod';
import { memberErrorBodySchema } from '../../domain/memberContract';
import { MemberApiError } from './errors';

// One way to call the members routes: same-origin cookies, JSON both ways, typed failures.
// 401 is always UNAUTHENTICATED, whatever the body says, so an ended session is recognised everywhere.

async function failureFrom(response: Response): Promise<MemberApiError> {
  const retryAfter = Number(response.headers.get('Retry-After'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page, an empty body): the status decides.
  }
  const parsed = memberErrorBodySchema.safeParse(body);
  const code = parsed.success ? parsed.data.error.code : response.status >= 500 ? 'SERVER' : `HTTP_${response.status}`;
  const field = parsed.success ? parsed.data.error.field : undefined;
  const serverMessage = parsed.success ? parsed.data.error.message : undefined;
  const suspendedUntil = parsed.success ? parsed.data.error.suspendedUntil : undefined;
  // A refused log-in (a password or a passkey) is no ended session.
  if (response.status === 401 && code !== 'INVALID_CREDENTIALS' && code !== 'WRONG_PASSWORD' && code !== 'PASSKEY_NOT_RECOGNISED') {
    return new MemberApiError('UNAUTHENTICATED', { status: 401 });
  }
  return new MemberApiError(code, { status: response.status, field, retryAfterSeconds, serverMessage, suspendedUntil });
}

/** Calls a members route; resolves with the validated body (undefined for 204) or throws MemberApiError. */
export async function memberCall<T>(
  url: string,
  schema: z.ZodType<T> | null,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (cause) {
    throw new MemberApiError('OFFLINE', { cause });
  }
  if (!response.ok) throw await failureFrom(response);
  if (schema === null) return undefined as T;
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new MemberApiError('SERVER', { status: response.status, cause });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new MemberApiError('SERVER', { status: response.status, cause: parsed.error });
  return parsed.data;
}
