// The client's one way to call /api (src/shared/http/http.ts): what it sends and the typed error for each
// way a call can fail, as the services and machines above it rely on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError, isUnauthorized, NetworkError, postJson, requestJson, ResponseShapeError } from '../../src/shared/http/http';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: string, status = 200, headers: Record<string, string> = {}) => new Response(body, { status, headers: { 'Content-Type': 'application/json', ...headers } });

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const schema = z.object({ n: z.number() });

describe('requestJson', () => {
  it('asks for JSON and returns the validated body', async () => {
    const fetchMock = stubFetch(answer('{"n":1}'));
    await expect(requestJson('/api/x', schema)).resolves.toEqual({ n: 1 });
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get('Accept')).toBe('application/json');
  });

  it("keeps the caller's own Accept and other headers, in any HeadersInit form", async () => {
    const fetchMock = stubFetch(answer('{"n":1}'));
    await requestJson('/api/x', schema, { headers: [['Accept', 'text/plain'], ['Authorization', 'Bearer t']] });
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get('Accept')).toBe('text/plain');
    expect(headers.get('Authorization')).toBe('Bearer t');
  });

  it('a network failure is a NetworkError carrying the cause', async () => {
    const offline = new TypeError('Failed to fetch');
    stubFetch(offline);
    const error = await failure(requestJson('/api/x', schema));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: 'NetworkError', message: 'Network request failed', cause: offline });
  });

  it('a non-2xx answer is an HttpError with the status, the server code and Retry-After', async () => {
    stubFetch(answer('{"error":{"code":"RATE_LIMITED","message":"slow down"}}', 429, { 'Retry-After': '30' }));
    const error = await failure(requestJson('/api/x', schema));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ name: 'HttpError', message: 'HTTP 429 RATE_LIMITED', status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 30 });
  });

  it('an error answer without a code, or not JSON, keeps just the status', async () => {
    stubFetch(answer('{"error":{"code":7}}', 502));
    expect(await failure(requestJson('/api/x', schema))).toMatchObject({ message: 'HTTP 502', status: 502, code: undefined, retryAfterSeconds: undefined });
    stubFetch(answer('<html>bad gateway</html>', 502, { 'Retry-After': '0' }));
    expect(await failure(requestJson('/api/x', schema))).toMatchObject({ message: 'HTTP 502', code: undefined, retryAfterSeconds: undefined });
    stubFetch(answer('null', 500, { 'Retry-After': 'soon' }));
    expect(await failure(requestJson('/api/x', schema))).toMatchObject({ message: 'HTTP 500', code: undefined, retryAfterSeconds: undefined });
  });

  it('a 2xx answer that is not JSON, or of the wrong shape, is a ResponseShapeError', async () => {
    stubFetch(answer('not json'));
    const notJson = await failure(requestJson('/api/x', schema));
    expect(notJson).toBeInstanceOf(ResponseShapeError);
    expect(notJson).toMatchObject({ name: 'ResponseShapeError', message: 'Unexpected response shape' });
    expect((notJson as Error).cause).toBeInstanceOf(SyntaxError);
    stubFetch(answer('{"n":"one"}'));
    const wrongShape = await failure(requestJson('/api/x', schema));
    expect(wrongShape).toBeInstanceOf(ResponseShapeError);
    expect((wrongShape as Error).cause).toBeInstanceOf(z.ZodError);
  });
});

describe('postJson', () => {
  it('POSTs the body as JSON with its content type', async () => {
    const fetchMock = stubFetch(answer('{"n":2}'));
    await expect(postJson('/api/y', { a: 1 }, schema)).resolves.toEqual({ n: 2 });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });
});

describe('isUnauthorized', () => {
  it('is true only for an HttpError with status 401', () => {
    expect(isUnauthorized(new HttpError(401))).toBe(true);
    expect(isUnauthorized(new HttpError(403))).toBe(false);
    expect(isUnauthorized(Object.assign(new Error('x'), { status: 401 }))).toBe(false);
  });
});
