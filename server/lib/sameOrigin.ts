import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { refuse } from './errors';

// A browser lets any page send a "simple" cross-site POST (text/plain, form encodings) without asking
// first, and the page cannot read the answer but the server still does the work (spends an AI quota,
// a provider's client credentials). Requiring a JSON body forces a CORS preflight, which this server
// never grants; requiring our own Origin refuses such requests outright.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the request carries no body, so it needs no Content-Type. Transfer-Encoding means a body;
 * a Content-Length means one unless it is 0 (a browser's empty POST). With neither header an HTTP/1.1
 * request has no body (RFC 9112, 6.3): that is how Chromium sends a DELETE or POST without one, and
 * the Node adapter still hands the route an empty body stream. A Request built in-process (no socket)
 * tells by its own body instead.
 */
function carriesNoBody(c: Context): boolean {
  if (c.req.header('Transfer-Encoding') !== undefined) return false;
  const length = c.req.header('Content-Length');
  if (length !== undefined) return length === '0';
  return c.req.raw.body === null || arrivedOverHttp(c);
}

/** The Node adapter passes the socket's IncomingMessage as `incoming`; its headers are what Node's HTTP parser framed the body by. */
function arrivedOverHttp(c: Context): boolean {
  return (c.env as { incoming?: unknown } | undefined)?.incoming instanceof IncomingMessage;
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
 * or `Sec-Fetch-Site: same-origin`), then 415 unless the request has no body or declares it
 * `application/json`.
 * Requests without Origin (curl, scripts) are refused too: every browser sends Origin on a POST.
 */
export function sameOriginJson(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('Origin');
    const fetchSite = c.req.header('Sec-Fetch-Site');
    const sameOrigin = origin !== undefined ? origin === publicOrigin || origin === ownOrigin(c) : fetchSite === 'same-origin';
    if (!sameOrigin || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
      return refuse(c, { status: 403, code: 'CROSS_ORIGIN', message: 'This request must come from the Mycelius app itself.' });
    }
    if (!carriesNoBody(c) && !isJson(c.req.header('Content-Type'))) {
      return refuse(c, { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be JSON (Content-Type: application/json).' });
    }
    await next();
  };
}
