import type { MiddlewareHandler } from 'hono';
import { jsonError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site (cross-site request
 * forgery). A request passes when `Sec-Fetch-Site` says same-origin, or its `Origin` is the app's
 * public origin or the origin it was addressed to. Requests with neither header do not come from
 * a browser page and cannot carry a victim's cookie on another site's behalf, so they pass.
 */
export function sameOriginOnly(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const fetchSite = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    if (fetchSite === 'same-origin') return next();
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === new URL(c.req.url).origin) return next();
    } else if (fetchSite === undefined) {
      return next();
    }
    return jsonError(c, 403, 'CROSS_ORIGIN', 'This request must come from the Mycelius app itself.');
  };
}
