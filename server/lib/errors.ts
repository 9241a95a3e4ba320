import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { adminErrorTexts } from '../../src/domain/adminContract';
import { chatErrorTexts } from '../../src/domain/liveContract';
import { memberErrorTexts, type MemberField } from '../../src/domain/memberContract';
import { socialErrorTexts } from '../../src/domain/socialContract';

// The one JSON error shape of /api: `{ error: { code, message } }` (plus `field` for a members form
// field), written by `refuse` alone. No upstream detail goes in it.

/** Joins two code -> text tables; a code both name must have the same text in both, or it does not compile. */
function joined<A extends Record<string, string>, B extends { [K in keyof B]: K extends keyof A ? A[K] : string }>(a: A, b: B): A & B {
  return { ...a, ...b };
}

/**
 * The one code -> text table of the server's refusals: the texts the wire contracts give a person (the
 * client shows the same texts from the same contracts).
 */
export const errorTexts = joined(joined(joined(memberErrorTexts, socialErrorTexts), chatErrorTexts), adminErrorTexts);
export type ErrorCode = keyof typeof errorTexts;

/** A refusal: a code of the table (its text by default), or any other code with its own words. */
export type Refusal = {
  status: ContentfulStatusCode;
  /** Seconds until the client may try again (a Retry-After header). */
  retryAfter?: number;
  /** The members form field the refusal concerns, so the client shows it under that field. */
  field?: MemberField;
} & ({ code: ErrorCode; message?: string } | { code: string; message: string });

function textOf(refusal: Refusal): string {
  if (refusal.message !== undefined) return refusal.message;
  return errorTexts[refusal.code as ErrorCode];
}

/** What any /api path without a route answers; the console's routes answer the same to anyone but an operator. */
export function noSuchRoute(c: Context): Response {
  return refuse(c, { status: 404, code: 'NOT_FOUND', message: 'No such API route.' });
}

export function refuse(c: Context, refusal: Refusal): Response {
  if (refusal.retryAfter !== undefined) c.header('Retry-After', String(refusal.retryAfter));
  const field = refusal.field === undefined ? {} : { field: refusal.field };
  return c.json({ error: { code: refusal.code, message: textOf(refusal), ...field } }, refusal.status);
}
