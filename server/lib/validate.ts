import type { Context } from 'hono';
import type { z } from 'zod';

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

/** The JSON body checked against a schema; a body that is not JSON fails the same way as a wrong one. */
export async function checkJsonBody<T extends z.ZodType>(c: Context, schema: T) {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, message: 'Invalid request. The body must be JSON.' } satisfies InvalidInput;
  }
  return check(schema, body);
}
