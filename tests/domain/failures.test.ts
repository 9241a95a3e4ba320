import { describe, expect, it } from 'vitest';
import { ExplainedError, explainingFailure } from '../../src/domain/explainedError';
import { MemberApiError } from '../../src/domain/memberFailure';
import { socialFailure, socialFailureText } from '../../src/domain/socialFailure';

// What a person is told when a social call (blocks, reports, settings) fails, in the contract's words
// (docs/api.md, the social error codes), and how a feature's actor puts a failure into words.

describe('socialFailure', () => {
  it('a 429 without a known code says to wait', () => {
    expect(socialFailure(new MemberApiError('HTTP_429', { status: 429 }))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'You are doing that too often. Please wait a while and try again.',
    });
  });

  it('a 404 without a known code says the person is gone', () => {
    expect(socialFailure(new MemberApiError('HTTP_404', { status: 404 }))).toEqual({ code: 'NOT_FOUND', message: 'That person could not be found.' });
  });

  it('a social code keeps its own text; anything unknown is the server failing', () => {
    expect(socialFailureText(new MemberApiError('REQUEST_NOT_FOUND', { status: 404 }))).toBe('That friend request no longer exists.');
    expect(socialFailure(new Error('boom'))).toEqual({ code: 'SERVER', message: 'Something went wrong on the server. Please try again.' });
    expect(socialFailureText(new MemberApiError('HTTP_418', { status: 418 }))).toBe('Something went wrong on the server. Please try again.');
  });
});

describe('explainingFailure', () => {
  it('passes a result through untouched', async () => {
    await expect(explainingFailure(async () => 42, () => 'never')).resolves.toBe(42);
  });

  it('rethrows a failure worded by the explanation, keeping the failure as its cause', async () => {
    const cause = new Error('socket closed');
    const thrown = await explainingFailure(
      () => Promise.reject(cause),
      (error) => `Could not save: ${error instanceof Error ? error.message : String(error)}`,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ExplainedError);
    expect(thrown).toMatchObject({ name: 'ExplainedError', text: 'Could not save: socket closed', message: 'Could not save: socket closed', cause });
  });
});
