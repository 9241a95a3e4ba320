import type { Context, MiddlewareHandler } from 'hono';
import { jsonError } from './errors';

// A browser lets any page send a "simple" cross-site POST (text/plain, form encodings) without asking
// first, and the page cannot read the answer but the server still does the work (spends an AI quota,
// a provider's client credentials). Requiring a JSON body forces a CORS preflight, which this server
// never grants; requiring our own Origin refuses such requests outright.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Only a request that plainly carries nothing may skip the type: a browser's empty POST says
 * Content-Length: 0, and its body-less DELETE over HTTP sends neither Content-Length nor
 * Transfer-Encoding (which HTTP/1.1 requires for any body).
 */
function declaresNoBody(c: Context): boolean {
  if (c.req.header('Content-Length') === '0' || c.req.raw.body === null) return true;
  const overHttp = typeof c.env === 'object' && c.env !== null && 'incoming' in c.env;
  return overHttp && c.req.header('Content-Length') === undefined && c.req.header('Transfer-Encoding') === undefined;
}

function isJson(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** The request's own origin, as the Host it was addressed to (the Host allow-list has vetted it). */
function ownOrigin(c: Context): string {
  return new URL(c.req.url).origin;
}

/**
 * For state-changing requests (anything but GET/HEAD/OPTIONS): 403 unless the browser says the
 * request comes from this site (`Origin` equal to the public origin or to the request's own origin,
 * or `Sec-Fetch-Site: same-origin`), then 415 unless the body is declared `application/json`.
 * Requests without Origin (curl, scripts) are refused too: every browser sends Origin on a POST.
 */
export function sameOriginJson(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('Origin');
    const fetchSite = c.req.header('Sec-Fetch-Site');
    const sameOrigin = origin !== undefined ? origin === publicOrigin || origin === ownOrigin(c) : fetchSite === 'same-origin';
    if (!sameOrigin || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
      return jsonError(c, 403, 'CROSS_ORIGIN', 'This request must come from the Mycelius app itself.');
    }
    if (!declaresNoBody(c) && !isJson(c.req.header('Content-Type'))) {
      return jsonError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json).');
    }
    await next();
  };
}
