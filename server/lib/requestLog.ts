import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from './log';

export const REQUEST_ID_HEADER = 'X-Request-Id';
// A proxy's id is kept when it looks like one; anything else could forge or flood log lines.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * One log line per request: method, path (never the query, which can hold OAuth codes), status,
 * duration and an id that is also sent back as X-Request-Id, so a user's report finds its line.
 */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const id = incoming !== undefined && FORWARDED_ID.test(incoming) ? incoming : randomUUID();
    await next();
    c.header(REQUEST_ID_HEADER, id);
    const status = c.res.status;
    const fields = { id, method: c.req.method, path: c.req.path, status, ms: Math.round((performance.now() - started) * 10) / 10 };
    if (status >= 500) log.error('request', fields);
    else log.info('request', fields);
  };
}
