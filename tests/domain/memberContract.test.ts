import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../support/answers';
import { memberErrorBodySchema, memberProfileSchema, tooManyAttemptsText } from '../../src/domain/memberContract';

// The members routes' contract: the log-in throttle's message and the error body a form reads.

describe('tooManyAttemptsText', () => {
  it('rounds the wait up to whole minutes, at least one', () => {
    expectAnswers(tooManyAttemptsText, [
      [0, 'Too many attempts. Try again in 1 minute.'],
      [60, 'Too many attempts. Try again in 1 minute.'],
      [61, 'Too many attempts. Try again in 2 minutes.'],
      [900, 'Too many attempts. Try again in 15 minutes.'],
    ]);
  });
});

describe('schemas', () => {
  it('an error body may name the form field it concerns', () => {
    expect(memberErrorBodySchema.safeParse({ error: { code: 'USERNAME_TAKEN', message: 'm', field: 'username' } }).success).toBe(true);
    expect(memberErrorBodySchema.safeParse({ error: { code: 'SERVER', message: 'm' } }).success).toBe(true);
    expect(memberErrorBodySchema.safeParse({ error: { code: 'X', message: 'm', field: 'bio' } }).success).toBe(false);
  });

  it('a member\'s profile carries a whole, non-negative updatedAt', () => {
    expect(memberProfileSchema.parse({ updatedAt: 5 })).toMatchObject({ updatedAt: 5, username: '' });
    expect(memberProfileSchema.safeParse({ updatedAt: -1 }).success).toBe(false);
    expect(memberProfileSchema.safeParse({ updatedAt: 1.5 }).success).toBe(false);
  });
});
