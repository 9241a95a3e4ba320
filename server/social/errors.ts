import type { SocialErrorCode } from '../../src/domain/socialContract';
import { refuse } from '../lib/errors';
import { jsonBodyValidator } from '../lib/validate';

// The social routes' refusals: decided inside a transaction as values, answered by `refuse` with the
// contract's text.

export type SocialErrorStatus = 400 | 403 | 404 | 409 | 429;

/** A refusal decided inside a transaction, answered by the route. */
export interface SocialProblem {
  status: SocialErrorStatus;
  code: SocialErrorCode;
  /** Seconds until a rate limit lets the member act again (only with 429). */
  retryAfter?: number;
}

export function problem(status: SocialErrorStatus, code: SocialErrorCode, retryAfter?: number): SocialProblem {
  return retryAfter === undefined ? { status, code } : { status, code, retryAfter };
}

export function isProblem(value: unknown): value is SocialProblem {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value;
}

/** The social routes' bodies: a refused one is 400 INVALID_REQUEST with the contract's one text. */
export const socialBody = jsonBodyValidator((c) => refuse(c, problem(400, 'INVALID_REQUEST')));
