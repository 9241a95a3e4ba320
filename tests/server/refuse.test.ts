import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { refuse } from '../../server/lib/errors';

// The one error envelope of /api: `{ error: { code, message } }`, the message from the contracts'
// code -> text table unless the refusal brings its own words.

async function answer(write: Parameters<typeof refuse>[1]) {
  const app = new Hono();
  app.get('/', (c) => refuse(c, write));
  const response = await app.request('/');
  return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: (await response.json()) as unknown };
}

describe('refuse', () => {
  it("writes a contract code with the contract's text, from whichever contract names it", async () => {
    expect(await answer({ status: 409, code: 'EMAIL_TAKEN', field: 'email' })).toEqual({
      status: 409,
      retryAfter: null,
      body: { error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists', field: 'email' } },
    });
    expect((await answer({ status: 404, code: 'REQUEST_NOT_FOUND' })).body).toEqual({ error: { code: 'REQUEST_NOT_FOUND', message: 'That friend request no longer exists.' } });
    expect((await answer({ status: 403, code: 'BLOCKED' })).body).toEqual({ error: { code: 'BLOCKED', message: 'You cannot message this person.' } });
  });

  it('writes its own words when the refusal brings them, and Retry-After when it says when to try again', async () => {
    expect(await answer({ status: 429, code: 'RATE_LIMITED', message: 'Too many AI requests. Try again in 3 s.', retryAfter: 3 })).toEqual({
      status: 429,
      retryAfter: '3',
      body: { error: { code: 'RATE_LIMITED', message: 'Too many AI requests. Try again in 3 s.' } },
    });
  });
});
