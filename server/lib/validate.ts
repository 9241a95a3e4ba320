import type { Context, Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { refuse } from './errors';

/** A failed check of the client's input, with the first problem named for the message. */
export interface InvalidInput {
  ok: false;
  message: string;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `Invalid request. ${where}${issue.message}`;
}

export function check<T extends z.ZodType>(schema: T, value: unknown): { ok: true; data: z.infer<T> } | InvalidInput {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: describe(parsed.error) };
}

/** Why a JSON body was refused: it is no JSON at all, or JSON of the wrong shape. */
export type BodyProblem = { kind: 'notJson' } | { kind: 'invalid'; error: z.ZodError };

/** How a group of routes answers a refused body (each group keeps the words its clients know). */
export type BodyRefusal = (c: Context, problem: BodyProblem) => Response;

/** What a route's handler reads with `c.req.valid('json')` once the body passed its schema. */
export type JsonBodyInput<S extends z.ZodType> = { in: { json: z.input<S> }; out: { json: z.output<S> } };

/**
 * The one validation middleware for JSON bodies: given a group's refusal, it makes one middleware per
 * schema. The body is parsed and checked before the handler runs; the handler reads the checked value
 * with `c.req.valid('json')` (Hono's validator contract), or never runs and the refusal answers.
 */
export function jsonBodyValidator(refuse: BodyRefusal) {
  return <S extends z.ZodType>(schema: S): MiddlewareHandler<Env, string, JsonBodyInput<S>> =>
    async (c, next) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return refuse(c, { kind: 'notJson' });
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) return refuse(c, { kind: 'invalid', error: parsed.error });
      c.req.addValidatedData('json', parsed.data as object);
      await next();
    };
}

/** 400 INVALID_REQUEST naming the first problem ('Invalid request. username: ...'). */
export const jsonBody = jsonBodyValidator((c, problem) =>
  refuse(c, { status: 400, code: 'INVALID_REQUEST', message: problem.kind === 'notJson' ? 'Invalid request. The body must be JSON.' : describe(problem.error) }),
);
