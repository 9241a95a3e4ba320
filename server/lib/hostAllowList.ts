import type { MiddlewareHandler } from 'hono';
import { refuse } from './errors';

/**
 * Answers only requests addressed to this server's own names. A page on another site can point its
 * DNS name at 127.0.0.1 (DNS rebinding) and then talk to a local install as if same-origin; its
 * requests still carry that foreign name in Host, so they stop here with 421 Misdirected Request.
 */
export function hostAllowList(allowedHostnames: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedHostnames.map((h) => h.toLowerCase()));
  return async (c, next) => {
    const hostname = new URL(c.req.url).hostname.toLowerCase();
    if (!allowed.has(hostname)) return refuse(c, { status: 421, code: 'MISDIRECTED_REQUEST', message: 'This server does not answer for that host name.' });
    await next();
  };
}
