import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { memberCall } from '../../src/shared/http/api';
import { MemberApiError } from '../../src/shared/http/errors';

// The one way the client calls the members routes (members/api.ts): same-origin cookies, JSON both ways,
// and every failure a MemberApiError whose code comes from the body, or else from the status. A 401 is
// always UNAUTHENTICATED, except the log-in's and the password check's own refusals.

const okSchema = z.object({ ok: z.literal(true) });

function reply(status: number, body: string | null, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<MemberApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MemberApiError);
  return error as MemberApiError;
}

const errorBody = (code: string, extra: Record<string, unknown> = {}) => JSON.stringify({ error: { code, message: `said ${code}`, ...extra } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('memberCall requests', () => {
  it('a GET sends cookies and asks for JSON, with no body', async () => {
    const fetchMock = reply(200, '{"ok":true}');
    await expect(memberCall('/api/me', okSchema)).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/me', {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: undefined,
    });
  });

  it('a call with a body sends it as JSON with its content type', async () => {
    const fetchMock = reply(201, '{"ok":true}');
    await memberCall('/api/auth/login', okSchema, { method: 'POST', body: { username: 'mira', password: 'pw' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"username":"mira","password":"pw"}',
    });
  });

  it('without a schema resolves with nothing (204)', async () => {
    reply(204, null);
    await expect(memberCall('/api/auth/logout', null, { method: 'POST' })).resolves.toBeUndefined();
  });
});

describe('memberCall failures', () => {
  it('no network is OFFLINE, with the cause kept', async () => {
    const cause = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(cause)));
    const error = await failure(memberCall('/api/me', okSchema));
    expect([error.code, error.status, error.cause]).toEqual(['OFFLINE', 0, cause]);
  });

  it('a success whose body is not JSON, or off the contract, is SERVER', async () => {
    reply(200, 'not json');
    expect(await failure(memberCall('/api/me', okSchema))).toMatchObject({ code: 'SERVER', status: 200 });
    reply(200, '{"ok":false}');
    const off = await failure(memberCall('/api/me', okSchema));
    expect(off).toMatchObject({ code: 'SERVER', status: 200 });
    expect(off.cause).toBeInstanceOf(z.ZodError);
  });

  it('takes the code, field and message from an error body', async () => {
    reply(409, errorBody('USERNAME_TAKEN', { field: 'username' }));
    const error = await failure(memberCall('/api/auth/signup', okSchema, { method: 'POST', body: {} }));
    expect(error).toMatchObject({ code: 'USERNAME_TAKEN', status: 409, field: 'username', serverMessage: 'said USERNAME_TAKEN', retryAfterSeconds: undefined });
  });

  it('without an error body, a 5xx is SERVER and anything else HTTP_<status>', async () => {
    reply(500, '<html>proxy</html>');
    expect(await failure(memberCall('/api/me', okSchema))).toMatchObject({ code: 'SERVER', status: 500, field: undefined, serverMessage: undefined });
    reply(502, '');
    expect(await failure(memberCall('/api/me', okSchema))).toMatchObject({ code: 'SERVER', status: 502 });
    reply(499, '{"message":"not ours"}');
    expect(await failure(memberCall('/api/me', okSchema))).toMatchObject({ code: 'HTTP_499', status: 499 });
    reply(404, '');
    expect(await failure(memberCall('/api/me', okSchema))).toMatchObject({ code: 'HTTP_404', status: 404 });
  });

  it('a 401 is UNAUTHENTICATED whatever it says, except wrong credentials and a wrong password', async () => {
    reply(401, errorBody('SOMETHING_ELSE', { field: 'password' }));
    const ended = await failure(memberCall('/api/me', okSchema));
    expect(ended).toMatchObject({ code: 'UNAUTHENTICATED', status: 401, field: undefined, serverMessage: undefined });
    reply(401, '');
    expect(await failure(memberCall('/api/me', okSchema))).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    reply(401, errorBody('INVALID_CREDENTIALS'));
    expect(await failure(memberCall('/api/auth/login', okSchema))).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401, serverMessage: 'said INVALID_CREDENTIALS' });
    reply(401, errorBody('WRONG_PASSWORD', { field: 'password' }));
    expect(await failure(memberCall('/api/me', okSchema))).toMatchObject({ code: 'WRONG_PASSWORD', status: 401, field: 'password' });
    // A refused passkey is a refused log-in, not an ended session.
    reply(401, errorBody('PASSKEY_NOT_RECOGNISED'));
    expect(await failure(memberCall('/api/auth/passkey', okSchema))).toMatchObject({ code: 'PASSKEY_NOT_RECOGNISED', status: 401 });
  });

  it('reads a positive Retry-After in seconds; a missing, zero or unreadable one is none', async () => {
    reply(429, errorBody('TOO_MANY_ATTEMPTS'), { 'Retry-After': '120' });
    expect(await failure(memberCall('/api/auth/login', okSchema))).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status: 429, retryAfterSeconds: 120 });
    const headers: Array<Record<string, string>> = [{}, { 'Retry-After': '0' }, { 'Retry-After': '-5' }, { 'Retry-After': 'soon' }, { 'Retry-After': 'Infinity' }];
    for (const header of headers) {
      reply(429, errorBody('TOO_MANY_ATTEMPTS'), header);
      expect((await failure(memberCall('/api/auth/login', okSchema))).retryAfterSeconds).toBeUndefined();
    }
  });
});
